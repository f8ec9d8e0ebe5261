import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Sql } from 'postgres';

/**
 * Reads that tolerate a little lag, served by a streaming replica (DATABASE_READ_URL). The database
 * handle's `db` is then a router: inside `read(fn)` it is the replica's pool, everywhere else the
 * primary's, so the services built on `db` need no change. Whether the replica is used is decided by
 * a check every `checkEveryMs` (two one-row queries), never per request:
 *
 * - the primary's `pg_current_wal_lsn()` is sampled with the time it was read; the replica's
 *   `pg_last_wal_replay_lsn()` says which samples it has replayed. Its lag is the age of the newest
 *   sample it has replayed (0 when it has replayed the primary's current position), an upper bound
 *   that an idle primary does not inflate (unlike `now() - pg_last_xact_replay_timestamp()`) and a
 *   broken WAL stream does not hide (the primary keeps moving, the replica does not);
 * - the replica is used while the last check succeeded, it is a standby (`pg_is_in_recovery()`) and
 *   its lag is at most `maxLagMs`; a failed, slow (over `timeoutMs`) or lagging check sends reads
 *   back to the primary until a later check passes.
 *
 * A read that fails on the replica (it went down between two checks, or the handler turned out to
 * write) is run again on the primary, and the replica is checked again at once.
 * So what a reader sees is at most `maxLagMs` + `checkEveryMs` old.
 */

export interface ReadReplicaOptions {
  url: string;
  /** A replica further behind than this is not used (milliseconds). */
  maxLagMs: number;
  /** How often the lag is measured (milliseconds). */
  checkEveryMs: number;
}

export interface ReadReplicaState {
  /** Reads in `read()` go to the replica. */
  usable: boolean;
  /** The measured lag in milliseconds; null before a successful check. */
  lagMs: number | null;
  /** Why the replica is not used (empty when it is). */
  reason: string;
}

export interface ReadReplicaStats {
  /** Reads answered by the replica (a refusal included). */
  replica: number;
  /** Reads run on the primary because the replica was not usable. */
  primary: number;
  /** Reads that failed on the replica and were run again on the primary. */
  fallbacks: number;
}

export interface ReadReplica {
  /**
   * Runs `fn` with the handle's `db` reading from the replica when it is usable, else on the primary.
   * An error of the replica run that `retry` accepts (default: every error) runs `fn` again on the primary.
   */
  read<T>(fn: () => Promise<T>, options?: { retry?: (error: unknown) => boolean }): Promise<T>;
  /** What the last check found. */
  state(): ReadReplicaState;
  /** Measures now (and waits for it); a check in progress is waited for instead of starting another. */
  check(): Promise<ReadReplicaState>;
  stats(): ReadReplicaStats;
  /** Stops the checks and closes the replica's pool. */
  close(): Promise<void>;
}

/** `X/Y` (two hex halves of a WAL position) as one number. */
export function parseLsn(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

interface Sample {
  at: number;
  lsn: bigint;
}

/** The most samples kept while the replica is behind (each check adds one). */
const MAX_SAMPLES = 1_000;

/**
 * The lag measure on its own: feed it the primary's position and the replica's replayed one at a
 * time, get the age of the newest primary position the replica has replayed.
 */
export function createLagMeter() {
  let samples: Sample[] = [];
  return (at: number, primary: bigint, replayed: bigint): number => {
    if (replayed >= primary) {
      samples = [{ at, lsn: primary }];
      return 0;
    }
    samples.push({ at, lsn: primary });
    if (samples.length > MAX_SAMPLES) samples.shift();
    let newest = -1;
    for (let i = 0; i < samples.length; i++) if (samples[i]!.lsn <= replayed) newest = i;
    // Behind every sample kept: at least as old as the oldest one.
    if (newest === -1) return at - samples[0]!.at;
    // The samples before the newest replayed one can no longer matter: replay only moves forward.
    samples = samples.slice(newest);
    return at - samples[0]!.at;
  };
}

/**
 * The replica of a PostgreSQL handle: `primarySql` and `replicaSql` are the two pools, `scope` the
 * storage the handle's routing `db` reads (set to `replicaDb` inside `read`).
 */
export function createReadReplica<D>(input: {
  options: ReadReplicaOptions;
  primarySql: Sql;
  replicaSql: Sql;
  replicaDb: D;
  scope: AsyncLocalStorage<D>;
  now?: () => number;
}): ReadReplica {
  const { options, primarySql, replicaSql, replicaDb, scope } = input;
  const now = input.now ?? Date.now;
  const timeoutMs = Math.max(1_000, options.checkEveryMs);
  const meter = createLagMeter();
  let current: ReadReplicaState = { usable: false, lagMs: null, reason: 'not checked yet' };
  let inFlight: Promise<ReadReplicaState> | undefined;
  const counts: ReadReplicaStats = { replica: 0, primary: 0, fallbacks: 0 };

  const measure = async (): Promise<ReadReplicaState> => {
    const at = now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      });
      const [[primary], [replica]] = await Promise.race([
        Promise.all([
          primarySql<{ lsn: string }[]>`select pg_current_wal_lsn()::text as lsn`,
          replicaSql<{ standby: boolean; lsn: string | null }[]>`
            select pg_is_in_recovery() as standby, pg_last_wal_replay_lsn()::text as lsn`,
        ]),
        timeout,
      ]);
      if (!replica?.standby || !replica.lsn)
        return { usable: false, lagMs: null, reason: 'DATABASE_READ_URL is not a standby in recovery' };
      const lagMs = meter(at, parseLsn(primary!.lsn), parseLsn(replica.lsn));
      return lagMs <= options.maxLagMs
        ? { usable: true, lagMs, reason: '' }
        : { usable: false, lagMs, reason: `${lagMs} ms behind (more than ${options.maxLagMs} ms)` };
    } catch (error) {
      return { usable: false, lagMs: null, reason: `unreachable: ${(error as Error).message}` };
    } finally {
      clearTimeout(timer);
    }
  };

  const check = () => {
    inFlight ??= measure().then((state) => {
      current = state;
      inFlight = undefined;
      return state;
    });
    return inFlight;
  };

  const timer = setInterval(() => void check(), options.checkEveryMs);
  timer.unref();

  return {
    async read(fn, readOptions = {}) {
      if (!current.usable) {
        counts.primary++;
        return fn();
      }
      try {
        const result = await scope.run(replicaDb, fn);
        counts.replica++;
        return result;
      } catch (error) {
        if (readOptions.retry && !readOptions.retry(error)) {
          // The replica's answer is a refusal (a 404 of a row it does not have yet): still its answer.
          counts.replica++;
          throw error;
        }
        counts.fallbacks++;
        void check();
        return fn();
      }
    },
    state: () => current,
    check,
    stats: () => ({ ...counts }),
    async close() {
      clearInterval(timer);
      await inFlight;
      // Requests are over by now (a server closes its pool after them): connections still opening to a stopped
      // replica are dropped at once.
      await replicaSql.end({ timeout: 0 });
    },
  };
}

/**
 * The handle's `db` when a replica is configured: every property is read from the database `scope`
 * holds (the replica's, inside `ReadReplica.read`) or else from `primary`. Methods run with the router as
 * `this`, so what they reach through `this` (the session) is read at the same moment from the same scope.
 */
export function routedDatabase<D extends object>(primary: D, scope: AsyncLocalStorage<D>): D {
  return new Proxy(primary, {
    get(target, property) {
      const db = scope.getStore() ?? target;
      return Reflect.get(db, property);
    },
  });
}
