import type { Executor } from '@khel/db';
import { sql } from 'drizzle-orm';

/**
 * Tables a refused request may write, each with why: everything else must be the same after a 4xx answer
 * (the house rule "bad input gets a 4xx and changes nothing"). Checked by the every-endpoint fuzzer.
 */
export const MAY_CHANGE_ON_REFUSAL: Record<string, string> = {
  rate_limits: 'counts attempts, refused ones included: that is how a 429 comes to be',
  otp_codes: 'a wrong code counts an attempt against the code (the limit of tries), then answers 4xx',
  email_codes: 'a wrong e-mail code counts an attempt like the OTP',
  auth_challenges: 'a failed sign-in challenge is marked used or counted so it cannot be tried again',
  auth_sessions: 'a replayed or refused refresh token revokes its session family (theft detection)',
  refresh_tokens: 'the same: the refused reuse of a refresh token revokes the tokens of its family',
  idempotency_keys:
    'a business refusal (409 and the like) is stored under its Idempotency-Key so a retry replays it; the fuzzer checks apart that a 400 stores none',
  analytics_events: 'analytics record what was tried, refused or not',
  analytics_daily: 'the roll-up of analytics_events',
  analytics_rollup_state: 'the roll-up of analytics_events',
};

export type Fingerprint = Record<string, string>;

/**
 * One SQL statement that answers, per table of the public schema (less MAY_CHANGE_ON_REFUSAL), its row count and
 * the sum of a hash of each row's text: any insert, update or delete of a row changes it. Made once per database.
 */
export async function fingerprinter(db: Executor): Promise<() => Promise<Fingerprint>> {
  const result = await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rows =
    (result as unknown as { rows?: { name: string }[] }).rows ?? (result as unknown as { name: string }[]);
  const tables = rows.map((r) => r.name).filter((t) => !(t in MAY_CHANGE_ON_REFUSAL));
  if (tables.length === 0) throw new Error('no tables to fingerprint');
  const pairs = tables.map(
    (t) => `'${t}', (select count(*) || ':' || coalesce(sum(hashtext(r::text)::bigint), 0) from "${t}" r)`,
  );
  // json_build_object takes at most 100 arguments: one object per 50 tables, merged.
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50)
    chunks.push(`json_build_object(${pairs.slice(i, i + 50).join(', ')})::text`);
  const statement = sql.raw(`select ${chunks.map((c, i) => `${c} as f${i}`).join(', ')}`);
  return async () => {
    const answer = await db.execute(statement);
    const [row] =
      (answer as unknown as { rows?: Record<string, string>[] }).rows ??
      (answer as unknown as Record<string, string>[]);
    return Object.assign({}, ...Object.values(row!).map((v) => (typeof v === 'string' ? JSON.parse(v) : v)));
  };
}

/** The tables whose fingerprint differs. */
export const changedTables = (before: Fingerprint, after: Fingerprint): string[] =>
  Object.keys(after).filter((t) => before[t] !== after[t]);

/**
 * Watches what each request writes, cheaply: a transaction that writes takes a transaction id, so when
 * `txid_current()` (which takes one itself) moved by exactly one since the last look, nothing was written and
 * the last full fingerprint still holds; only then is no fingerprint read. Another session of the same
 * PostgreSQL server moves the counter too, which only costs a fingerprint more.
 */
export async function writeWatch(db: Executor) {
  const fingerprint = await fingerprinter(db);
  const stats = { fingerprints: 0, fingerprintMs: 0 };
  const xid = async () => {
    const answer = await db.execute(sql`select txid_current()::text as x`);
    const [row] =
      (answer as unknown as { rows?: { x: string }[] }).rows ?? (answer as unknown as { x: string }[]);
    return BigInt(row!.x);
  };
  const read = async () => {
    const t = performance.now();
    const print = await fingerprint();
    stats.fingerprints++;
    stats.fingerprintMs += performance.now() - t;
    return print;
  };
  let last = await xid();
  let tables = await read();
  return {
    stats,
    /** Starts from the database as it is now (after writes that were not a request's). */
    async reset() {
      tables = await read();
      last = await xid();
    },
    /** After a request: the tables it changed (none when nothing was written). */
    async changed(): Promise<string[]> {
      const now = await xid();
      const wrote = now - last > 1n;
      last = now;
      if (!wrote) return [];
      const after = await read();
      const changed = changedTables(tables, after);
      tables = after;
      last = await xid();
      return changed;
    },
  };
}
