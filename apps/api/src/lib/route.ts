import { verifyBotActorAuthorization } from '@khel/core/bot-actor';
import {
  BOT_USER_NOT_LINKED_MESSAGE,
  findUnsafeText,
  OPERATOR_UNAUTHORIZED_MESSAGE,
  type RouteDef,
  UNAUTHORIZED_MESSAGE,
  UNSAFE_TEXT_MESSAGE,
} from '@khel/core/contract';
import { type UserRow, users } from '@khel/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { AppError, envelope } from './http.ts';
import { publicCacheOf } from './public-cache.ts';

export { BOT_USER_NOT_LINKED_MESSAGE, OPERATOR_UNAUTHORIZED_MESSAGE, UNAUTHORIZED_MESSAGE };

export const INVALID_JSON_MESSAGE = 'The request body must be valid JSON.';
export const BOT_UNAUTHORIZED_MESSAGE = 'Only the Khel bot can call this.';

/** The token of an `Authorization: Operator <token>` header. */
export const operatorToken = (c: Context): string | undefined =>
  /^Operator\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];

type QueryOf<R> =
  R extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType, z.ZodType | undefined>
    ? Q extends z.ZodType
      ? z.output<Q>
      : undefined
    : never;
type BodyOf<R> =
  R extends RouteDef<z.ZodType | undefined, infer B, z.ZodType, z.ZodType | undefined>
    ? B extends z.ZodType
      ? z.output<B>
      : undefined
    : never;
type ParamsOf<R> =
  R extends RouteDef<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, infer P>
    ? P extends z.ZodType
      ? z.output<P>
      : Record<string, string>
    : never;

export interface HandlerInput<R extends RouteDef> {
  c: Context<AppEnv>;
  query: QueryOf<R>;
  body: BodyOf<R>;
  /** The path's `:name` segments, checked by the route's `params` schema when it has one. */
  params: ParamsOf<R>;
}

/** How `mount` and `mountIdempotent` treat who is asking, beyond the contract's `auth`. */
export interface MountOptions {
  /**
   * 'active-user': the route's user is given to the handler as `user` (401 when the account is gone or
   * deleted): for `mount`, the row the bearer check read with the session (`deps.access.userOfAccessToken`,
   * no second lookup); for `mountIdempotent`, read again in the request's transaction
   * (`deps.access.activeUser`). Bearer routes only.
   */
  auth?: 'active-user';
}

/** `mount(app, route, ACTIVE_USER, handler)`: the handler gets the signed-in, active user as `user`. */
export const ACTIVE_USER = { auth: 'active-user' } as const satisfies MountOptions;

/** The options that give the handler the signed-in user. */
export type ActiveUserOptions = { auth: 'active-user' };

/** The handler of a route mounted with ACTIVE_USER: it also gets the user's row. */
export type WithUser<I> = I & { user: UserRow };

/** Throws at mount time when `auth: 'active-user'` is asked of a route without a bearer token. */
export function checkMountOptions(route: RouteDef, options: MountOptions | undefined) {
  if (options?.auth === 'active-user' && route.auth !== 'bearer' && route.auth !== 'bot')
    throw new Error(
      `${route.method} ${route.path}: auth 'active-user' needs a bearer or bot route in the contract`,
    );
}

export type HandlerResult<R extends RouteDef> = {
  data: z.input<R['response']>;
  message?: string;
  status?: ContentfulStatusCode;
};

/** Turns a zod failure into the 400 envelope: the first message up front, every issue in data. */
export function validationError(error: z.ZodError): AppError {
  const issues = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new AppError(400, issues[0]?.message ?? 'Invalid request', { issues });
}

/** The 400 for text no one types and PostgreSQL cannot store (NUL, lone surrogates), wherever it was. */
function unsafeTextError(where: 'params' | 'query' | 'body', path: (string | number)[]): AppError {
  const at = [where, ...path].join('.');
  return new AppError(400, UNSAFE_TEXT_MESSAGE, { issues: [{ path: at, message: UNSAFE_TEXT_MESSAGE }] });
}

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, INVALID_JSON_MESSAGE);
  }
}

/**
 * What every contract route checks first: dev-only routes are 404 in production, and a `bearer` route
 * needs a valid access token (its user id goes to `c.get('userId')`). Shared by `mount` and
 * `mountEventStream` (lib/event-stream.ts).
 */
/** The token of an `Authorization: Bearer <token>` header, if the request has one. */
export const bearerToken = (c: Context): string | undefined =>
  /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];

/**
 * The Telegram user the Khel bot acts for (`Authorization: TelegramBot <assertion>`, @khel/core/bot-actor),
 * whether or not they have a Khel account; 401 for anyone but the bot.
 */
export async function botActorOf(c: Context<AppEnv>): Promise<number> {
  const deps = c.get('deps');
  const token = deps.env.TELEGRAM_BOT_TOKEN;
  const telegramId = token
    ? await verifyBotActorAuthorization(c.req.header('authorization'), token, deps.clock())
    : null;
  if (telegramId === null) throw new AppError(401, BOT_UNAUTHORIZED_MESSAGE);
  return telegramId;
}

export async function checkRouteAccess(c: Context<AppEnv>, route: RouteDef) {
  const deps = c.get('deps');
  if (route.devOnly && deps.env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
  if (route.auth === 'bearer') {
    const token = bearerToken(c);
    const user = token ? await deps.access.userOfAccessToken(token) : null;
    if (!user) throw new AppError(401, UNAUTHORIZED_MESSAGE);
    c.set('userId', user.id);
    c.set('sessionUser', user);
  }
  if (route.auth === 'bot') {
    // The bot acting for a Telegram user (@khel/core/bot-actor); the user is the Khel account of that Telegram id.
    const telegramId = await botActorOf(c);
    const [user] = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.telegramId, String(telegramId)), isNull(users.deletedAt)));
    if (user) c.set('userId', user.id);
    else if (!route.botGuests) throw new AppError(403, BOT_USER_NOT_LINKED_MESSAGE);
  }
  if (route.auth === 'operator') {
    const token = operatorToken(c);
    const operator = token && deps.operatorAccess ? await deps.operatorAccess.operatorOfToken(token) : null;
    if (!operator) throw new AppError(401, OPERATOR_UNAUTHORIZED_MESSAGE);
    c.set('operator', operator);
  }
}

export interface RouteInput<R extends RouteDef> {
  params: ParamsOf<R>;
  query: QueryOf<R>;
  body: BodyOf<R>;
}

/**
 * Everything a contract route takes from the request, checked before anything runs: text in the path
 * params, the query and the JSON body must be safe text (@khel/core/contract `findUnsafeText`: no NUL,
 * no lone surrogate, at any depth, keys included), then each part must pass its contract schema. Path
 * params a schema refuses are 404 (the path names nothing); everything else is 400. Used by `mount`,
 * `mountEventStream` and, through `mount`, `mountIdempotent`, whose key is claimed only after this.
 */
export async function parseRouteInput<R extends RouteDef>(
  c: Context<AppEnv>,
  route: R,
  options: { body: boolean } = { body: true },
): Promise<RouteInput<R>> {
  const rawParams = c.req.param() as Record<string, string>;
  const unsafeParam = findUnsafeText(rawParams);
  if (unsafeParam) throw unsafeTextError('params', unsafeParam);
  let params: unknown = rawParams;
  if (route.params) {
    const parsed = route.params.safeParse(rawParams);
    if (!parsed.success) throw new AppError(404, parsed.error.issues[0]?.message ?? 'Not found');
    params = parsed.data;
  }
  const rawQuery = c.req.query();
  const unsafeQuery = findUnsafeText(rawQuery);
  if (unsafeQuery) throw unsafeTextError('query', unsafeQuery);
  let query: unknown;
  if (route.query) {
    const parsed = route.query.safeParse(rawQuery);
    if (!parsed.success) throw validationError(parsed.error);
    query = parsed.data;
  }
  let body: unknown;
  if (route.body && options.body) {
    const raw = await readJson(c);
    const unsafeBody = findUnsafeText(raw);
    if (unsafeBody) throw unsafeTextError('body', unsafeBody);
    const parsed = route.body.safeParse(raw);
    if (!parsed.success) throw validationError(parsed.error);
    body = parsed.data;
  }
  return { params, query, body } as RouteInput<R>;
}

/** Hono path for a contract path (the contract already uses `:param`). */
const honoPath = (path: string) => path;

/**
 * Mounts one contract route: checks the bearer token when the route needs one, then its input
 * (`parseRouteInput`: safe text, then params, query and body by the contract's schemas), and wraps
 * the handler's answer in the envelope. With `{ auth: 'active-user' }` the handler also gets the signed-in
 * user's row as `user` (MountOptions). The body was already held to the route's size limit
 * (lib/body-limit.ts, for every route of the app).
 * A route the contract gives `publicCache` answers anonymous reads from a short-lived cache first
 * (lib/public-cache.ts), and one it marks `readReplica` reads anonymous requests from DATABASE_READ_URL's replica
 * while it keeps up (AppDeps.readReplica). A route the contract marks `idempotent` must be mounted with `mountIdempotent` (lib/idempotency.ts)
 * instead, so the contract and the server cannot disagree: this throws at mount time.
 */
export function mount<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  handler: (input: HandlerInput<R>) => Promise<HandlerResult<R>>,
): void;
export function mount<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  options: ActiveUserOptions,
  handler: (input: WithUser<HandlerInput<R>>) => Promise<HandlerResult<R>>,
): void;
export function mount<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  handlerOrOptions: MountOptions | ((input: WithUser<HandlerInput<R>>) => Promise<HandlerResult<R>>),
  maybeHandler?: (input: WithUser<HandlerInput<R>>) => Promise<HandlerResult<R>>,
): void {
  const [options, handler] =
    typeof handlerOrOptions === 'function'
      ? [undefined, handlerOrOptions]
      : [handlerOrOptions, maybeHandler!];
  if (route.idempotent)
    throw new Error(
      `${route.method} ${route.path} is idempotent in the contract: mount it with mountIdempotent`,
    );
  if (route.eventStream)
    throw new Error(`${route.method} ${route.path} is an event stream: mount it with mountEventStream`);
  checkMountOptions(route, options);
  if (route.readReplica && route.method !== 'GET')
    throw new Error(`${route.method} ${route.path}: readReplica is only for GET routes that write nothing`);
  const handle = async (c: Context<AppEnv>) => {
    const deps = c.get('deps');
    await checkRouteAccess(c, route);
    const input = await parseRouteInput(c, route);
    // A bearer route's user was read with its session (checkRouteAccess); a bot route's is read here.
    const user =
      options?.auth === 'active-user'
        ? (c.get('sessionUser') ?? (await deps.access.activeUser(deps.db, c.get('userId'))))
        : null;
    const run = () => handler({ c, ...input, ...(user ? { user } : {}) } as WithUser<HandlerInput<R>>);
    // An anonymous read of a lag-tolerant route (RouteDef.readReplica) may be answered by the read replica;
    // a refusal (AppError) is the answer, anything else that fails there is read again on the primary.
    const result =
      route.readReplica && deps.readReplica && c.req.header('authorization') === undefined
        ? await deps.readReplica.read(run, { retry: (error) => !(error instanceof AppError) })
        : await run();
    if (deps.env.NODE_ENV !== 'production') {
      // Contract drift is a bug of ours, caught in development and tests before a client sees it.
      const check = route.response.safeParse(result.data);
      if (!check.success) throw new Error(`Response of ${route.method} ${route.path} breaks the contract`);
    }
    const status = (result.status ?? route.successStatus ?? 200) as ContentfulStatusCode;
    return envelope(c, status, result.data, result.message ?? 'OK');
  };
  // A route with `publicCache` answers anonymous reads from lib/public-cache.ts before its handler runs.
  const cache = publicCacheOf(route);
  if (cache) app.on(route.method, honoPath(route.path), cache, handle);
  else app.on(route.method, honoPath(route.path), handle);
}
