import { SERVER_ANALYTICS_EVENTS } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { queryRows } from '../../lib/query-rows.ts';

export const ANALYTICS_ROLLUP_JOB = 'analytics.rollup';
export const ANALYTICS_ROLLUP_EVERY_MS = 60_000;
/** Rows committed late (a transaction open across the watermark) are still seen on the next run. */
export const LATE_COMMIT_MARGIN_MS = 10 * 60 * 1000;
export const ROLLUP_STATE_ID = 1;

const since = (mark: Date | null | undefined) =>
  mark ? new Date(mark.getTime() - LATE_COMMIT_MARGIN_MS).toISOString() : '1970-01-01T00:00:00Z';

const { signUp, firstQuest, firstCollect } = SERVER_ANALYTICS_EVENTS;

/**
 * The API's own events, once each (the partial unique index on server event ids): a new account's
 * sign-up with its first sign-in method and SPEC §3 location (+91 India, +55 Brazil, another number Others; without
 * a number, where the account was made: `users.signup_country`, the sign-up's IP country else its Telegram
 * language's; else Others), a
 * user's first completed quest and first collected earning. Read from the tables that own those facts,
 * so no other module has to remember to send them.
 */
export async function ingestServerEvents(db: Executor, from: string, now: Date): Promise<void> {
  const at = now.toISOString();
  const onConflict = sql`on conflict (event_id) where channel = 'server' do nothing`;
  await db.execute(sql`
    insert into analytics_events (event_name, event_id, details, channel, user_id, occurred_at, received_at, method, location)
    select ${signUp}, ${`${signUp}:`} || u.id, '{}'::jsonb, 'server', u.id, u.created_at, ${at}::timestamptz,
      coalesce((select i.provider from identities i where i.user_id = u.id order by i.created_at, i.id limit 1), 'unknown'),
      case when u.phone_number like '+91%' then 'India' when u.phone_number like '+55%' then 'Brazil'
        when u.phone_number is not null then 'Others'
        when u.signup_country = 'IN' then 'India' when u.signup_country = 'BR' then 'Brazil' else 'Others' end
    from users u where u.created_at >= ${from}::timestamptz
    ${onConflict}`);
  await db.execute(sql`
    insert into analytics_events (event_name, event_id, details, channel, user_id, occurred_at, received_at)
    select ${firstQuest}, ${`${firstQuest}:`} || uq.user_id, '{}'::jsonb, 'server', uq.user_id, min(uq.completed_at), ${at}::timestamptz
    from user_quests uq
    where uq.completed_at is not null
      and uq.user_id in (select user_id from user_quests where completed_at >= ${from}::timestamptz)
    group by uq.user_id
    ${onConflict}`);
  await db.execute(sql`
    insert into analytics_events (event_name, event_id, details, channel, user_id, occurred_at, received_at)
    select ${firstCollect}, ${`${firstCollect}:`} || e.user_id, '{}'::jsonb, 'server', e.user_id, min(e.collected_at), ${at}::timestamptz
    from earnings e
    where e.collected_at is not null
      and e.user_id in (select user_id from earnings where collected_at >= ${from}::timestamptz)
    group by e.user_id
    ${onConflict}`);
}

/**
 * BRIN indexes only know the block ranges summarized so far; rows added since sit in ranges every query
 * must read in full until autovacuum gets to them. Summarizing the new ranges first keeps the job's
 * "received since" and per-day reads to the newest blocks however fast events arrive.
 */
export async function summarizeNewRanges(db: Executor): Promise<void> {
  await db.execute(
    sql`select brin_summarize_new_values('analytics_events_received_brin'::regclass),
               brin_summarize_new_values('analytics_events_occurred_brin'::regclass)`,
  );
}

/** UTC days (YYYY-MM-DD) of the events received from `from` on. */
export async function daysReceivedSince(db: Executor, from: string): Promise<string[]> {
  const rows = await queryRows<{ day: string }>(
    db,
    sql`select distinct to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day
        from analytics_events where received_at >= ${from}::timestamptz order by 1`,
  );
  return rows.map((r) => r.day);
}

const dayList = (days: string[]): SQL =>
  sql.join(
    days.map((d) => sql`${d}::date`),
    sql`, `,
  );

/**
 * Rebuilds the rollup rows of the given days from the raw events (delete, then one grouped insert),
 * in the caller's transaction. A day's slice is found through the BRIN index on occurred_at.
 */
export async function rebuildDays(db: Executor, days: string[]): Promise<void> {
  if (days.length === 0) return;
  const sorted = [...days].sort();
  const lo = `${sorted[0]}T00:00:00Z`;
  const hi = new Date(Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + 86_400_000).toISOString();
  await db.execute(sql`delete from analytics_daily where day in (${dayList(sorted)})`);
  await db.execute(sql`
    with ev as (
      select (occurred_at at time zone 'UTC')::date as day, event_name, user_id, channel, device, location, method
      from analytics_events
      where occurred_at >= ${lo}::timestamptz and occurred_at < ${hi}::timestamptz
        and (occurred_at at time zone 'UTC')::date in (${dayList(sorted)})
    )
    insert into analytics_daily (day, metric, dim1, dim2, value)
    select day, metric, dim1, dim2, value from (
      select day, 'events' as metric, '' as dim1, '' as dim2, count(*) as value from ev group by day
      union all
      select day, 'active_users', '', '', count(distinct user_id) from ev
        where user_id is not null and channel is distinct from 'server' group by day
      union all
      select day, 'sessions', coalesce(channel, 'unknown'), coalesce(device, 'unknown'), count(*) from ev
        where event_name = 'session_start' and channel is distinct from 'server' group by day, 3, 4
      union all
      select day, 'sign_ups', coalesce(method, 'unknown'), coalesce(location, 'Others'), count(*) from ev
        where event_name = ${signUp} and channel = 'server' group by day, 3, 4
      union all
      select day, 'first_quest', '', '', count(*) from ev
        where event_name = ${firstQuest} and channel = 'server' group by day
      union all
      select day, 'first_collect', '', '', count(*) from ev
        where event_name = ${firstCollect} and channel = 'server' group by day
    ) s where value > 0`);
}

/**
 * One run of the rollup job: turn new accounts, first quests and first collects into server events,
 * then rebuild every day that received events since the last run, except the days before `pruned_before`
 * (retention.ts). Marks are taken before reading, so nothing committed during a run is skipped by the next.
 */
export async function runAnalyticsRollup(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<{ days: string[] }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [state] = await tx
      .select()
      .from(schema.analyticsRollupState)
      .where(eq(schema.analyticsRollupState.id, ROLLUP_STATE_ID))
      .for('update');
    await ingestServerEvents(tx, since(state?.ingestedThrough), now);
    await summarizeNewRanges(tx);
    // Days whose raw client events the retention job deleted are final: rebuilt, they would lose counts.
    const pruned = state?.prunedBefore?.toISOString().slice(0, 10);
    const days = (await daysReceivedSince(tx, since(state?.rolledThrough))).filter(
      (d) => !pruned || d >= pruned,
    );
    await rebuildDays(tx, days);
    await tx
      .insert(schema.analyticsRollupState)
      .values({ id: ROLLUP_STATE_ID, rolledThrough: now, ingestedThrough: now, refreshedAt: now })
      .onConflictDoUpdate({
        target: schema.analyticsRollupState.id,
        set: { rolledThrough: now, ingestedThrough: now, refreshedAt: now },
      });
    return { days };
  });
}

export async function lastRefresh(db: Executor): Promise<Date | null> {
  const [state] = await db
    .select({ refreshedAt: schema.analyticsRollupState.refreshedAt })
    .from(schema.analyticsRollupState)
    .where(eq(schema.analyticsRollupState.id, ROLLUP_STATE_ID));
  return state?.refreshedAt ?? null;
}
