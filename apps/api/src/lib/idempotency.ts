import { createHash, randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_INVALID_MESSAGE,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  IDEMPOTENT_REPLAYED_HEADER,
  type RouteDef,
} from '@khel/core/contract';
import { ERROR_CODES, MESSAGES } from '@khel/core/domain';
import type { Database, Executor, Transaction } from '@khel/db';
import { idempotencyKeys, type StoredIdempotentResponse } from '@khel/db/schema';
import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from './context.ts';
import { AppError } from './http.ts';
import type { JobHandler } from './jobs.ts';
import {
  type ActiveUserOptions,
  checkMountOptions,
  type HandlerInput,
  type HandlerResult,
  type MountOptions,
  mount,
  type WithUser,
} from './route.ts';

/** The data of a 409 'still in progress', so clients act on the code and not the text. */
const IN_PROGRESS = { code: ERROR_CODES.inProgress } as const;

/**
 * Idempotency-Key for money writes (DESIGN §3), after the IETF draft "The Idempotency-Key HTTP Header
 * Field" and Stripe's behaviour:
 * - the first request with a key claims it (a committed `in_flight` row with a lease), then runs the
 *   handler in one transaction that also stores the answer, so "money moved" and "answer recorded"
 *   commit together or not at all;
 * - the same key and body afterwards gets the stored answer again, byte for byte, with the same
 *   status and `Idempotent-Replayed: true`, and nothing runs;
 * - the same key with another method, path or body → 422; while the first is still running → 409
 *   'Conflict: Resource already in progress' (SPEC §8) with Retry-After;
 * - a 4xx business answer (e.g. not enough K-Cash) is stored and replayed like a success; a 5xx or a
 *   crash releases the key (its transaction rolled back, nothing happened), so a retry runs afresh;
 * - a request whose process died keeps the key only until its lease ends; whoever takes it over gets a
 *   new lock token, and the old request, should it wake up, fails to record its answer and rolls back.
 * Keys belong to the signed-in user and are kept for IDEMPOTENCY_RETENTION_MS.
 */

/** How long a request may hold its key before another attempt may take it over. */
export const IDEMPOTENCY_LEASE_MS = 60_000;
/** How long answers are kept for replay (and a key cannot be reused). */
export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** Client errors that describe a passing state, not an answer: not stored, so a retry runs again. */
const TRANSIENT_STATUSES = new Set([408, 409, 425, 429]);

export interface IdempotentHandlerInput<R extends RouteDef> extends HandlerInput<R> {
  /** The request's transaction: every write of the handler goes through it. */
  tx: Transaction;
  /** The client's key, as sent. */
  idempotencyKey: string;
  /**
   * Stable id of this operation: the same for every attempt under the key (also after a takeover), new
   * if the key is reused after retention. Derive ledger transfer keys from it, e.g. `grant:<operationId>`.
   */
  operationId: string;
  userId: string;
}

export interface IdempotencyOptions extends MountOptions {
  leaseMs?: number;
  retentionMs?: number;
}

/** The header value: 1–255 visible ASCII characters, optionally as a structured-field string ("…"). */
export function parseIdempotencyKey(header: string | undefined): string {
  if (header === undefined || header.trim() === '') throw new AppError(400, IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
  let value = header.trim();
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw new AppError(400, IDEMPOTENCY_KEY_INVALID_MESSAGE);
  return value;
}

/** JSON with object keys sorted, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 over method, path, sorted query and canonical JSON body. */
export function requestFingerprint(
  method: string,
  path: string,
  query: Record<string, string>,
  rawBody: string,
) {
  let body: unknown = null;
  if (rawBody.trim() !== '') {
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = { raw: rawBody };
    }
  }
  const sortedQuery = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(canonicalJson([method.toUpperCase(), path, sortedQuery, body]))
    .digest('hex');
}

type Claim =
  | { kind: 'claimed'; token: string; operationId: string }
  | { kind: 'replay'; response: StoredIdempotentResponse }
  | { kind: 'mismatch' }
  | { kind: 'in_flight'; retryAfterSeconds: number };

interface ClaimRequest {
  userId: string;
  key: string;
  method: string;
  path: string;
  hash: string;
  now: Date;
  leaseMs: number;
  retentionMs: number;
}

const keyOf = (userId: string, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/** Claims the key for this request, or says what to answer instead. Each step is one committed statement. */
export async function claimIdempotencyKey(db: Database, r: ClaimRequest): Promise<Claim> {
  const t = idempotencyKeys;
  const leaseUntil = new Date(r.now.getTime() + r.leaseMs);
  const fresh = {
    requestMethod: r.method,
    requestPath: r.path,
    requestHash: r.hash,
    status: 'in_flight' as const,
    response: null,
    operationId: randomUUID(),
    lockToken: randomUUID(),
    lockedUntil: leaseUntil,
    attempts: 1,
    createdAt: r.now,
    completedAt: null,
    expiresAt: new Date(r.now.getTime() + r.retentionMs),
  };
  // A row can change between our statements (completed, pruned, taken over); look again then.
  for (let round = 0; round < 5; round++) {
    const [inserted] = await db
      .insert(t)
      .values({ userId: r.userId, key: r.key, ...fresh })
      .onConflictDoNothing()
      .returning({ token: t.lockToken });
    if (inserted) return { kind: 'claimed', token: fresh.lockToken, operationId: fresh.operationId };

    const [row] = await db.select().from(t).where(keyOf(r.userId, r.key));
    if (!row) continue;
    if (row.expiresAt <= r.now) {
      // Past retention: the key is free again, unless a request still holds an unexpired lease on it.
      const [reused] = await db
        .update(t)
        .set(fresh)
        .where(
          and(
            keyOf(r.userId, r.key),
            lte(t.expiresAt, r.now),
            or(eq(t.status, 'completed'), lte(t.lockedUntil, r.now)),
          ),
        )
        .returning({ token: t.lockToken });
      if (reused) return { kind: 'claimed', token: fresh.lockToken, operationId: fresh.operationId };
      continue;
    }
    if (row.requestHash !== r.hash || row.requestMethod !== r.method || row.requestPath !== r.path)
      return { kind: 'mismatch' };
    if (row.status === 'completed' && row.response) return { kind: 'replay', response: row.response };
    if (row.lockedUntil && row.lockedUntil > r.now) {
      const seconds = Math.ceil((row.lockedUntil.getTime() - r.now.getTime()) / 1000);
      return { kind: 'in_flight', retryAfterSeconds: Math.max(1, Math.min(seconds, 5)) };
    }
    // The lease ran out: its request died (or is far too slow). Take over with a new token.
    const [taken] = await db
      .update(t)
      .set({ lockToken: fresh.lockToken, lockedUntil: leaseUntil, attempts: sql`${t.attempts} + 1` })
      .where(and(keyOf(r.userId, r.key), eq(t.status, 'in_flight'), eq(t.lockToken, row.lockToken!)))
      .returning({ token: t.lockToken });
    if (taken) return { kind: 'claimed', token: fresh.lockToken, operationId: row.operationId };
  }
  return { kind: 'in_flight', retryAfterSeconds: 1 };
}

/** Records the answer if this request still holds the key; false when it was taken over. */
async function recordAnswer(
  db: Executor,
  userId: string,
  key: string,
  token: string,
  response: StoredIdempotentResponse,
  now: Date,
): Promise<boolean> {
  const t = idempotencyKeys;
  const rows = await db
    .update(t)
    .set({ status: 'completed', response, completedAt: now, lockToken: null, lockedUntil: null })
    .where(and(keyOf(userId, key), eq(t.status, 'in_flight'), eq(t.lockToken, token)))
    .returning({ key: t.key });
  return rows.length === 1;
}

async function releaseKey(db: Executor, userId: string, key: string, token: string) {
  const t = idempotencyKeys;
  await db.delete(t).where(and(keyOf(userId, key), eq(t.status, 'in_flight'), eq(t.lockToken, token)));
}

/** The recurring job that prunes idempotency records (registered in deps.ts, run by the job worker). */
export const IDEMPOTENCY_PRUNE_JOB = 'idempotency.prune';
/** How often the prune job runs. */
export const IDEMPOTENCY_PRUNE_EVERY_MS = 60 * 60 * 1000;
/** Rows deleted per statement: short statements, so replays and claims are never held up for long. */
export const IDEMPOTENCY_PRUNE_BATCH = 1000;

export interface PruneOptions {
  /** Rows per DELETE (default IDEMPOTENCY_PRUNE_BATCH). */
  batchSize?: number;
  /** Stop after this many batches (default: until none is left); the next run goes on. */
  maxBatches?: number;
}

/**
 * Deletes records past retention, in batches of `batchSize` rows, each its own statement: completed
 * answers whose `expires_at` has passed, and in-flight records abandoned past retention whose lease
 * has ended too. Rows are taken with FOR UPDATE SKIP LOCKED, so several pruners (one per worker) and a
 * request reusing an expired key at the same moment never wait on each other. Returns how many.
 */
export async function pruneIdempotencyKeys(
  db: Executor,
  now: Date,
  options: PruneOptions = {},
): Promise<number> {
  const t = idempotencyKeys;
  const batchSize = options.batchSize ?? IDEMPOTENCY_PRUNE_BATCH;
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const victims = db
      .select({ userId: t.userId, key: t.key })
      .from(t)
      .where(
        and(
          lte(t.expiresAt, now),
          or(eq(t.status, 'completed'), and(isNotNull(t.lockedUntil), lte(t.lockedUntil, now))),
        ),
      )
      .limit(batchSize)
      .for('update', { skipLocked: true });
    const rows = await db
      .delete(t)
      .where(sql`(${t.userId}, ${t.key}) in ${victims}`)
      .returning({ key: t.key });
    total += rows.length;
    if (rows.length < batchSize) break;
  }
  return total;
}

/** Job handler of IDEMPOTENCY_PRUNE_JOB. */
export const pruneIdempotencyKeysJob: JobHandler = async (deps) => {
  const pruned = await pruneIdempotencyKeys(deps.db, deps.clock());
  if (pruned > 0) deps.logger.info('idempotency keys pruned', { pruned });
};

class LeaseLostError extends Error {}

function replayAnswer<R extends RouteDef>(
  c: Context<AppEnv>,
  stored: StoredIdempotentResponse,
): HandlerResult<R> {
  c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  const data = JSON.parse(stored.dataJson) as unknown;
  if (stored.status >= 400)
    throw new AppError(stored.status as ContentfulStatusCode, stored.message, data, stored.headers ?? {});
  return {
    data: data as HandlerResult<R>['data'],
    message: stored.message,
    status: stored.status as ContentfulStatusCode,
  };
}

/**
 * `mount` for a money write: the same contract validation and bearer check, plus the Idempotency-Key
 * rules above. Validation comes first: the key is claimed only once the route's own input (path
 * params, query, body; `parseRouteInput`) has passed, so a request refused as bad input writes no
 * idempotency row. The handler gets `tx` and must do all its writes in it. Opting a route in is one line:
 * `mountIdempotent(app, routes.x, async ({ tx, body, userId, operationId }) => …)`; with
 * `{ auth: 'active-user' }` the handler also gets `user`, read in `tx`.
 */
export function mountIdempotent<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  handler: (input: IdempotentHandlerInput<R>) => Promise<HandlerResult<R>>,
  options?: IdempotencyOptions,
): void;
export function mountIdempotent<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  options: IdempotencyOptions & ActiveUserOptions,
  handler: (input: WithUser<IdempotentHandlerInput<R>>) => Promise<HandlerResult<R>>,
): void;
export function mountIdempotent<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  first: IdempotencyOptions | ((input: WithUser<IdempotentHandlerInput<R>>) => Promise<HandlerResult<R>>),
  second?: IdempotencyOptions | ((input: WithUser<IdempotentHandlerInput<R>>) => Promise<HandlerResult<R>>),
): void {
  const [options, handler] = (typeof first === 'function' ? [second ?? {}, first] : [first, second]) as [
    IdempotencyOptions,
    (input: WithUser<IdempotentHandlerInput<R>>) => Promise<HandlerResult<R>>,
  ];
  if (route.idempotent !== true)
    throw new Error(
      `${route.method} ${route.path}: mountIdempotent needs a route marked \`idempotent: true\` in the contract`,
    );
  if (route.auth !== 'bearer')
    throw new Error(`${route.method} ${route.path}: Idempotency-Key routes need bearer auth`);
  if (route.method === 'GET') throw new Error(`${route.path}: GET is idempotent already`);
  checkMountOptions(route, options);
  const leaseMs = options.leaseMs ?? IDEMPOTENCY_LEASE_MS;
  const retentionMs = options.retentionMs ?? IDEMPOTENCY_RETENTION_MS;

  // `mount` refuses idempotent routes (they must come through here); the flag has been checked above.
  mount(app, { ...route, idempotent: false } as R, async (input) => {
    const { c } = input;
    const deps = c.get('deps');
    const userId = c.get('userId');
    const key = parseIdempotencyKey(c.req.header('idempotency-key'));
    const method = c.req.method;
    const path = c.req.path;
    const hash = requestFingerprint(method, path, c.req.query(), route.body ? await c.req.text() : '');

    const claim = await claimIdempotencyKey(deps.db, {
      userId,
      key,
      method,
      path,
      hash,
      now: deps.clock(),
      leaseMs,
      retentionMs,
    });
    if (claim.kind === 'mismatch') throw new AppError(422, IDEMPOTENCY_KEY_REUSED_MESSAGE);
    if (claim.kind === 'in_flight')
      throw new AppError(409, MESSAGES.conflictInProgress, IN_PROGRESS, {
        'Retry-After': String(claim.retryAfterSeconds),
      });
    if (claim.kind === 'replay') return replayAnswer<R>(c, claim.response);

    const { token, operationId } = claim;
    try {
      return await deps.db.transaction(async (tx) => {
        // The user is read in the request's transaction, as the handler's own writes are.
        const user = options.auth === 'active-user' ? await deps.access.activeUser(tx, userId) : null;
        const result = await handler({
          ...input,
          tx,
          idempotencyKey: key,
          operationId,
          userId,
          ...(user ? { user } : {}),
        } as WithUser<IdempotentHandlerInput<R>>);
        const stored: StoredIdempotentResponse = {
          status: result.status ?? route.successStatus ?? 200,
          message: result.message ?? 'OK',
          dataJson: JSON.stringify(result.data ?? null),
        };
        if (!(await recordAnswer(tx, userId, key, token, stored, deps.clock()))) throw new LeaseLostError();
        return result;
      });
    } catch (err) {
      if (err instanceof LeaseLostError) {
        // Another attempt took the key over after our lease; our transaction rolled back.
        throw new AppError(409, MESSAGES.conflictInProgress, IN_PROGRESS, { 'Retry-After': '1' });
      }
      if (err instanceof AppError && err.status < 500 && !TRANSIENT_STATUSES.has(err.status)) {
        await recordAnswer(
          deps.db,
          userId,
          key,
          token,
          {
            status: err.status,
            message: err.message,
            dataJson: JSON.stringify(err.data ?? null),
            ...(Object.keys(err.headers).length > 0 ? { headers: err.headers } : {}),
          },
          deps.clock(),
        ).catch((recordError: unknown) => {
          // The key stays in flight until its lease ends; a retry then runs afresh. The answer stands.
          c.get('log')?.warn('idempotent answer not recorded', { error: String(recordError) });
        });
      } else {
        await releaseKey(deps.db, userId, key, token).catch(() => {});
      }
      throw err;
    }
  });
}
