import type { RouteDef } from '@khel/core/contract';
import type { Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { AppError, envelope } from './http.ts';

export const INVALID_JSON_MESSAGE = 'The request body must be valid JSON.';
export const UNAUTHORIZED_MESSAGE = 'Please sign in to continue.';

type QueryOf<R> =
  R extends RouteDef<infer Q, z.ZodType | undefined, z.ZodType>
    ? Q extends z.ZodType
      ? z.output<Q>
      : undefined
    : never;
type BodyOf<R> =
  R extends RouteDef<z.ZodType | undefined, infer B, z.ZodType>
    ? B extends z.ZodType
      ? z.output<B>
      : undefined
    : never;

export interface HandlerInput<R extends RouteDef> {
  c: Context<AppEnv>;
  query: QueryOf<R>;
  body: BodyOf<R>;
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
export async function checkRouteAccess(c: Context<AppEnv>, route: RouteDef) {
  const deps = c.get('deps');
  if (route.devOnly && deps.env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
  if (route.auth === 'bearer') {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const userId = match ? await deps.tokens.verifyAccessToken(match[1]!) : null;
    if (!userId) throw new AppError(401, UNAUTHORIZED_MESSAGE);
    c.set('userId', userId);
  }
}

/** Hono path for a contract path (the contract already uses `:param`). */
const honoPath = (path: string) => path;

/**
 * Mounts one contract route: validates query and body with the contract's schemas, checks the
 * bearer token when the route needs one, and wraps the handler's answer in the envelope.
 * A route the contract marks `idempotent` must be mounted with `mountIdempotent` (lib/idempotency.ts)
 * instead, so the contract and the server cannot disagree: this throws at mount time.
 */
export function mount<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  handler: (input: HandlerInput<R>) => Promise<HandlerResult<R>>,
) {
  if (route.idempotent)
    throw new Error(
      `${route.method} ${route.path} is idempotent in the contract: mount it with mountIdempotent`,
    );
  if (route.eventStream)
    throw new Error(`${route.method} ${route.path} is an event stream: mount it with mountEventStream`);
  app.on(route.method, honoPath(route.path), async (c) => {
    const deps = c.get('deps');
    await checkRouteAccess(c, route);
    let query: unknown;
    if (route.query) {
      const parsed = route.query.safeParse(c.req.query());
      if (!parsed.success) throw validationError(parsed.error);
      query = parsed.data;
    }
    let body: unknown;
    if (route.body) {
      const parsed = route.body.safeParse(await readJson(c));
      if (!parsed.success) throw validationError(parsed.error);
      body = parsed.data;
    }
    const result = await handler({ c, query: query as QueryOf<R>, body: body as BodyOf<R> });
    if (deps.env.NODE_ENV !== 'production') {
      // Contract drift is a bug of ours, caught in development and tests before a client sees it.
      const check = route.response.safeParse(result.data);
      if (!check.success) throw new Error(`Response of ${route.method} ${route.path} breaks the contract`);
    }
    const status = (result.status ?? route.successStatus ?? 200) as ContentfulStatusCode;
    return envelope(c, status, result.data, result.message ?? 'OK');
  });
}
