// Types only: no schema library in the client itself, so the first download of every front door
// carries none. Schemas come with the route definitions a screen imports (its own chunk).
import type { z } from 'zod';
import type { Source } from '../contract/auth.ts';
import { TOKEN_REFRESH_PATH } from '../contract/paths.ts';
import type { HttpMethod, RouteBody, RouteDef, RouteQuery, RouteResponse } from '../contract/route.ts';
import { LOGOUT_AFTER_REFRESH_FAILURE_MS } from '../domain/constants.ts';
import type { SessionStore, SessionTokens } from '../session/session-store.ts';
import { ApiError } from './api-error.ts';
import {
  API_FAILURE_MESSAGE,
  CONFLICT_MESSAGE,
  createIdempotencyKey,
  DATA_ERROR_MESSAGE,
  IDEMPOTENCY_KEY_HEADER_NAME,
  MONEY_WRITE_FORM_ERRORS,
  WALLET_NOT_FOUND_CODE,
} from './messages.ts';
import {
  fillPath,
  isCollectEarningPath,
  isWalletPrecheckExempt,
  type PathParams,
  QUEST_LOGIN_METHOD_PREFIX,
  type QueryInput,
  queryString,
} from './paths.ts';

export interface ApiSuccess<T> {
  success: true;
  status: number;
  data: T;
  message: string;
}

export interface ApiFailure {
  success: false;
  status: number;
  /** The server's error data when it sent some, else null. */
  data: unknown;
  message: string;
  /** Set on a 404 whose data has `code: 'WALLET_NOT_FOUND'` (SPEC §8 "Wallet missing"). */
  walletNotFound?: true;
}

/** The normalised answer of every call (SPEC §7: success flag, status, data and message). */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** The parts of `Response` the client reads; `globalThis.fetch` fits. */
export interface FetchResponseLike {
  status: number;
  ok: boolean;
  text(): Promise<string>;
}

export interface FetchInit {
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
  credentials: 'include';
  signal?: AbortSignal;
  keepalive?: boolean;
  /** Fetch Priority: `low` for what no screen waits on (analytics), so a slow phone sends it after the rest. */
  priority?: 'high' | 'low' | 'auto';
}

export type FetchLike = (url: string, init: FetchInit) => Promise<FetchResponseLike>;

export type RefreshResult = { ok: true; tokens: SessionTokens } | { ok: false; status: number };

/** What the client needs from the session store. */
export type ClientSession = Pick<
  SessionStore,
  'getAccessToken' | 'getRefreshToken' | 'setTokens' | 'endSession'
>;

export type CrossTabLock = <T>(name: string, run: () => Promise<T>) => Promise<T>;

/** The Web Locks API (every tab of an origin shares its locks), or none where the runtime lacks it. */
export const webLocks: CrossTabLock = (name, run) => {
  const locks = (globalThis as { navigator?: { locks?: LockManagerLike } }).navigator?.locks;
  return locks ? locks.request(name, run) : run();
};
interface LockManagerLike {
  request<T>(name: string, run: () => Promise<T>): Promise<T>;
}

export const REFRESH_LOCK_NAME = 'khel:token-refresh';

export interface ApiClientOptions {
  /** API base including its path, e.g. `https://khel.example/api`. */
  baseUrl: string;
  /** Front door, sent as the `Source` header on every call. */
  source: Source;
  session: ClientSession;
  fetch?: FetchLike;
  /** Called `logoutDelayMs` after a refresh answered 400 ended the session. */
  onSessionEnded?: () => void;
  /** Opens the wallet-error modal (wallet-not-found text) after a 422 outside the exempt paths. */
  onWalletError?: (message: string) => void;
  /** SPEC §4: 1 second. */
  logoutDelayMs?: number;
  /** Replaces the built-in refresh call (GET /authentication/token/refresh). */
  refreshRequest?: (refreshToken: string | null) => Promise<RefreshResult>;
  /**
   * Runs the refresh under a lock that every tab of this origin shares, so two tabs never spend one
   * refresh token at once. Default: the Web Locks API where the runtime has it, else no lock.
   */
  crossTabLock?: CrossTabLock;
  /** Raw Telegram init data for routes with `auth: 'tma'` (Mini App sign-in). */
  telegramInitData?: () => string | null | undefined;
  logger?: Pick<Console, 'error'>;
}

export interface SendOptions {
  query?: QueryInput;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart; the browser sets the Content-Type with its boundary. */
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Lets the call outlive the page (analytics at page hide). */
  keepalive?: boolean;
  /** The request's Fetch Priority (FetchInit). */
  priority?: FetchInit['priority'];
  /** `bearer` (default) sends the access token and refreshes on 401; `none` sends no token. */
  auth?: RouteDef['auth'];
  /** Schema of `data` in a successful answer. */
  response?: z.ZodType;
  /** Sent as the `Idempotency-Key` header (money writes, DESIGN §3); a retry after a 401 reuses it. */
  idempotencyKey?: string;
}

type Slot<K extends string, V> = [V] extends [undefined]
  ? { [P in K]?: undefined }
  : Record<string, never> extends V
    ? { [P in K]?: V }
    : { [P in K]: V };

/** A JSON body as the route types it, or a multipart form (a multipart route's body schema documents the form). */
type BodySlot<R extends RouteDef> =
  | (Slot<'body', RouteBody<R>> & { formData?: undefined })
  | { body?: undefined; formData: FormData };

export type RequestOptions<R extends RouteDef> = Slot<'query', RouteQuery<R>> &
  BodySlot<R> & {
    /** Values for `:name` segments of the route path. */
    params?: PathParams;
    headers?: Record<string, string>;
    signal?: AbortSignal;
    keepalive?: boolean;
    /** The request's Fetch Priority: `low` for what no screen waits on. */
    priority?: FetchInit['priority'];
    /**
     * One key per user intent (e.g. made when the confirmation step opens), sent again on every retry
     * of that intent so it never runs twice. Routes with `idempotent: true` get a fresh key when none
     * is given.
     */
    idempotencyKey?: string;
  };

type RequestArgs<R extends RouteDef> =
  Record<string, never> extends RequestOptions<R>
    ? [options?: RequestOptions<R>]
    : [options: RequestOptions<R>];

export interface ApiClient {
  /**
   * Calls one route of the contract. Never throws for HTTP outcomes except a 422 on collect-earning paths
   * or with a 'Quest login method…' message (ApiError); an aborted signal rejects as fetch does.
   */
  request<R extends RouteDef>(route: R, ...args: RequestArgs<R>): Promise<ApiResult<RouteResponse<R>>>;
  /** Lower level: any method and path below the base. */
  send<T = unknown>(method: HttpMethod, path: string, options?: SendOptions): Promise<ApiResult<T>>;
  /** Single-flight token refresh; resolves to the new access token, or null when it failed. */
  refresh(): Promise<string | null>;
  /** The API base (no trailing slash) and the front door, for calls made outside `send` (event streams). */
  readonly baseUrl: string;
  readonly source: Source;
}

/**
 * The refresh answer as authRoutes.refresh describes it (tokenPairSchema, plus an optional idToken):
 * checked by hand so the client needs no schema library. Unknown keys are dropped, as the schema does.
 */
function readRefreshAnswer(data: unknown): SessionTokens | string {
  if (!isRecord(data)) return 'the answer is not an object';
  const { accessToken, refreshToken, idToken } = data;
  if (!isFilledString(accessToken)) return 'accessToken is not a non-empty string';
  if (!isFilledString(refreshToken)) return 'refreshToken is not a non-empty string';
  if (idToken !== undefined && !isFilledString(idToken)) return 'idToken is not a non-empty string';
  return idToken === undefined ? { accessToken, refreshToken } : { accessToken, refreshToken, idToken };
}

function isFilledString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

function failure(status: number, message: string, data: unknown = null): ApiFailure {
  return {
    success: false,
    status,
    data,
    message,
  };
}

async function readEnvelope(res: FetchResponseLike): Promise<ApiResult<unknown>> {
  let text: string;
  try {
    text = await res.text();
  } catch {
    return failure(res.status, API_FAILURE_MESSAGE);
  }
  if (text.trim() === '' && res.ok) return { success: true, status: res.status, data: null, message: '' };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return failure(res.status, API_FAILURE_MESSAGE);
  }
  if (!isRecord(body) || typeof body.success !== 'boolean') return failure(res.status, API_FAILURE_MESSAGE);
  const status = typeof body.status === 'number' ? body.status : res.status;
  const message = typeof body.message === 'string' ? body.message : '';
  const data = body.data ?? null;
  return body.success && res.ok ? { success: true, status, data, message } : failure(status, message, data);
}

/** What the client's helpers below share: resolved options of one createApiClient call. */
interface ClientContext {
  baseUrl: string;
  fetchImpl: FetchLike;
  logger: Pick<Console, 'error'>;
  source: Source;
  options: ApiClientOptions;
}

/** One HTTP exchange: headers, body and fetch, read as an envelope; a network error becomes status 0. */
async function exchange(
  ctx: ClientContext,
  method: string,
  url: string,
  opts: SendOptions,
  token: string | null,
): Promise<ApiResult<unknown>> {
  const { fetchImpl, logger, source, options } = ctx;
  const headers: Record<string, string> = { Accept: 'application/json', Source: source };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (opts.idempotencyKey) headers[IDEMPOTENCY_KEY_HEADER_NAME] = opts.idempotencyKey;
  if (opts.auth === 'tma') {
    const initData = options.telegramInitData?.();
    if (initData) headers.Authorization = `tma ${initData}`;
  }
  let body: string | FormData | undefined;
  if (opts.formData) {
    body = opts.formData;
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  Object.assign(headers, opts.headers);
  const init: FetchInit = { method, headers, credentials: 'include' };
  if (body !== undefined) init.body = body;
  if (opts.signal) init.signal = opts.signal;
  if (opts.keepalive) init.keepalive = true;
  if (opts.priority) init.priority = opts.priority;
  try {
    return await readEnvelope(await fetchImpl(url, init));
  } catch (error) {
    if (opts.signal?.aborted) throw error;
    logger.error(`${method} ${url} failed`, error);
    return failure(0, API_FAILURE_MESSAGE);
  }
}

/** The default refreshRequest: GET the refresh path and check the answer against the contract. */
async function defaultRefresh(ctx: ClientContext, refreshToken: string | null): Promise<RefreshResult> {
  const { baseUrl, fetchImpl, logger, source } = ctx;
  // Without a refresh token of its own the client relies on the API's HttpOnly cookie.
  const query = queryString({ refresh_token: refreshToken, source });
  let res: FetchResponseLike;
  try {
    res = await fetchImpl(`${baseUrl}${TOKEN_REFRESH_PATH}${query}`, {
      method: 'GET',
      headers: { Accept: 'application/json', Source: source },
      credentials: 'include',
    });
  } catch (error) {
    logger.error('Token refresh failed', error);
    return { ok: false, status: 0 };
  }
  const envelope = await readEnvelope(res);
  if (!envelope.success) return { ok: false, status: res.status };
  const tokens = readRefreshAnswer(envelope.data);
  if (typeof tokens === 'string') {
    logger.error('Token refresh answer does not match the contract', tokens);
    return { ok: false, status: res.status };
  }
  return { ok: true, tokens };
}

/** Applies the contract's schema to a success and the client-wide rules (409, 422, 404) to a failure. */
function finish(
  ctx: ClientContext,
  result: ApiResult<unknown>,
  path: string,
  opts: SendOptions,
): ApiResult<unknown> {
  const { logger, options } = ctx;
  const schema = opts.response;
  if (result.success) {
    if (!schema) return result;
    const parsed = schema.safeParse(result.data);
    if (parsed.success) return { ...result, data: parsed.data };
    logger.error(`Answer of ${path} does not match the contract`, parsed.error.issues);
    return failure(result.status, DATA_ERROR_MESSAGE);
  }
  switch (result.status) {
    case 409:
      return { ...result, message: result.message || CONFLICT_MESSAGE };
    case 422:
      if (isCollectEarningPath(path) || result.message.startsWith(QUEST_LOGIN_METHOD_PREFIX)) {
        throw new ApiError(422, result.message, result.data);
      }
      // A money write's own 422 (key reused with other details…) is a form error, not a missing wallet.
      if (opts.idempotencyKey && MONEY_WRITE_FORM_ERRORS.includes(result.message)) return result;
      if (!isWalletPrecheckExempt(path)) options.onWalletError?.(result.message);
      return result;
    case 404:
      return isWalletNotFound(result) ? { ...result, walletNotFound: true } : result;
    default:
      return result;
  }
}

/**
 * Asks for a new token pair and stores it. A 400 (the refresh token is dead) ends the session and, after
 * logoutDelayMs, tells the app; any other failure leaves the session as it is.
 */
async function refreshNow(
  ctx: ClientContext,
  refreshRequest: (refreshToken: string | null) => Promise<RefreshResult>,
  logoutDelayMs: number,
): Promise<string | null> {
  const { logger, options } = ctx;
  const { session } = options;
  let outcome: RefreshResult;
  try {
    outcome = await refreshRequest(session.getRefreshToken());
  } catch (error) {
    logger.error('Token refresh failed', error);
    return null;
  }
  if (outcome.ok) {
    session.setTokens(outcome.tokens);
    return outcome.tokens.accessToken;
  }
  if (outcome.status === 400) {
    session.endSession();
    setTimeout(() => options.onSessionEnded?.(), logoutDelayMs);
  }
  return null;
}

/** A route call's options as `send` takes them; an idempotent route gets a fresh key unless one is given. */
function toSendOptions<R extends RouteDef>(route: R, o: RequestOptions<R>): SendOptions {
  const sendOptions: SendOptions = { auth: route.auth, response: route.response };
  if (o.query !== undefined) sendOptions.query = o.query as QueryInput;
  if (o.body !== undefined) sendOptions.body = o.body;
  if (o.formData) sendOptions.formData = o.formData;
  if (o.headers) sendOptions.headers = o.headers;
  if (o.signal) sendOptions.signal = o.signal;
  if (o.keepalive) sendOptions.keepalive = true;
  if (o.priority) sendOptions.priority = o.priority;
  const idempotencyKey = o.idempotencyKey ?? (route.idempotent ? createIdempotencyKey() : undefined);
  if (idempotencyKey) sendOptions.idempotencyKey = idempotencyKey;
  return sendOptions;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => globalThis.fetch(url, init));
  const logger = options.logger ?? console;
  const logoutDelayMs = options.logoutDelayMs ?? LOGOUT_AFTER_REFRESH_FAILURE_MS;
  const { session, source } = options;
  const ctx: ClientContext = { baseUrl, fetchImpl, logger, source, options };

  const refreshRequest =
    options.refreshRequest ?? ((refreshToken: string | null) => defaultRefresh(ctx, refreshToken));

  const crossTabLock = options.crossTabLock ?? webLocks;
  // Another tab may have refreshed while this one waited for the lock: the shared storage then holds
  // a newer access token than the one this tab started with, and that is the answer.
  const runRefresh = (): Promise<string | null> => {
    const startedWith = session.getAccessToken();
    return crossTabLock(REFRESH_LOCK_NAME, async () => {
      const current = session.getAccessToken();
      if (current && current !== startedWith) return current;
      return refreshNow(ctx, refreshRequest, logoutDelayMs);
    });
  };

  let refreshing: Promise<string | null> | null = null;
  const refresh = (): Promise<string | null> => {
    refreshing ??= runRefresh().finally(() => {
      refreshing = null;
    });
    return refreshing;
  };

  // The token to retry a 401 with: one a parallel refresh already stored, or a fresh one.
  const tokenAfter401 = (sentToken: string): Promise<string | null> => {
    const current = session.getAccessToken();
    if (!current) return Promise.resolve(null);
    if (current !== sentToken) return Promise.resolve(current);
    return refresh();
  };

  const send = async <T = unknown>(
    method: HttpMethod,
    path: string,
    opts: SendOptions = {},
  ): Promise<ApiResult<T>> => {
    const url = `${baseUrl}${path}${queryString(opts.query)}`;
    const sentToken = (opts.auth ?? 'bearer') === 'bearer' ? session.getAccessToken() : null;
    let result = await exchange(ctx, method, url, opts, sentToken);
    // Only a call that carried a token refreshes: a visitor's 401 must not log anyone out.
    if (result.status === 401 && sentToken) {
      const token = await tokenAfter401(sentToken);
      if (token) result = await exchange(ctx, method, url, opts, token);
    }
    return finish(ctx, result, path, opts) as ApiResult<T>;
  };

  const request = async <R extends RouteDef>(
    route: R,
    ...[opts]: RequestArgs<R>
  ): Promise<ApiResult<RouteResponse<R>>> => {
    const o = (opts ?? {}) as RequestOptions<R>;
    return send<RouteResponse<R>>(route.method, fillPath(route.path, o.params), toSendOptions(route, o));
  };

  return { request, send, refresh, baseUrl, source };
}

/** SPEC §8 "Wallet missing": a 404 whose data carries `code: 'WALLET_NOT_FOUND'`. */
export function isWalletNotFound(result: {
  status: number;
  data: unknown;
  walletNotFound?: boolean;
}): boolean {
  if (result.walletNotFound) return true;
  return result.status === 404 && isRecord(result.data) && result.data.code === WALLET_NOT_FOUND_CODE;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
