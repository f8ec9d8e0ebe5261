import { REQUEST_TOO_LARGE_MESSAGE, routes } from '@khel/core/contract';
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { createAdmission } from './lib/admission.ts';
import { requestBodyLimit } from './lib/body-limit.ts';
import type { AppDeps, AppEnv } from './lib/context.ts';
import { databaseInputErrorCode, INPUT_REFUSED_MESSAGE } from './lib/database-input-error.ts';
import { AppError, envelope, errorResponse, GENERIC_ERROR_MESSAGE } from './lib/http.ts';
import { errorFields } from './lib/logger.ts';
import { refuseUnsafeUrlText } from './lib/safe-text.ts';
import { apiModules } from './modules/index.ts';

export type { AppDeps, AppEnv } from './lib/context.ts';

/** Origins allowed to call the API from a browser: our own, configured ones, and Vite dev servers. */
function allowedOrigins(deps: AppDeps): Set<string> {
  const origins = new Set<string>(deps.env.CORS_ORIGINS ?? []);
  if (deps.env.PUBLIC_URL) origins.add(new URL(deps.env.PUBLIC_URL).origin);
  if (deps.env.TELEGRAM_MINIAPP_URL) origins.add(new URL(deps.env.TELEGRAM_MINIAPP_URL).origin);
  if (deps.env.NODE_ENV !== 'production') {
    for (const port of [deps.env.PORT, 5173, 5174]) {
      origins.add(`http://localhost:${port}`);
      origins.add(`http://127.0.0.1:${port}`);
    }
  }
  return origins;
}

/** Builds the API (mounted under /api by the server). Tests call `createApp(deps).request(...)`. */
export function createApp(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const origins = allowedOrigins(deps);

  app.use(requestId({ headerName: 'X-Request-Id' }));
  app.use(async (c, next) => {
    c.set('deps', deps);
    const log = deps.logger.child({ requestId: c.get('requestId') });
    c.set('log', log);
    const started = performance.now();
    await next();
    log.info('request', {
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });
  app.use(
    cors({
      origin: (origin) => (origins.has(origin) ? origin : null),
      credentials: true,
      allowHeaders: ['Authorization', 'Content-Type', 'Source', 'Idempotency-Key', 'X-Request-Id'],
      exposeHeaders: ['X-Request-Id', 'Retry-After', 'Idempotent-Replayed'],
      maxAge: 600,
    }),
  );
  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      crossOriginResourcePolicy: 'same-site',
      referrerPolicy: 'no-referrer',
      // A route that sets its own header keeps it (the sandbox sign-in pages need a page CSP).
      overwrite: false,
    }),
  );
  app.use(async (c, next) => {
    await next();
    // Routes that serve cacheable content (profile pictures) set their own policy.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // After CORS and the security headers, so a 413 carries them too; before every route.
  app.use(requestBodyLimit(routes));
  app.use(refuseUnsafeUrlText);
  // Requests are handled in arrival order, a bounded number at once (lib/admission.ts).
  const admission = createAdmission(routes, {
    maxInFlight: deps.env.API_MAX_IN_FLIGHT ?? 2 * (deps.env.DATABASE_POOL_MAX ?? 10),
    maxQueued: deps.env.API_MAX_QUEUED ?? 5_000,
  });
  app.use(admission.middleware);

  // Every module's routes (modules/index.ts), in the order they are listed there.
  for (const module of apiModules) if (module.routes) app.route('/', module.routes());

  app.notFound((c) => envelope(c, 404, null, 'Not found'));
  app.onError((err, c) => {
    if (err instanceof AppError) return errorResponse(c, err);
    if (err instanceof HTTPException) {
      const status = err.status as ContentfulStatusCode;
      return envelope(
        c,
        status,
        null,
        status === 413 ? REQUEST_TOO_LARGE_MESSAGE : err.message || 'Bad request',
      );
    }
    const inputCode = databaseInputErrorCode(err);
    if (inputCode) {
      // A value from the request that the database refused: bad input, not a fault of ours.
      const { stack: _stack, ...fields } = errorFields(err);
      c.get('log')?.warn('input refused by the database', fields);
      return envelope(c, 400, null, INPUT_REFUSED_MESSAGE);
    }
    c.get('log')?.error('unhandled error', errorFields(err));
    return envelope(c, 500, null, GENERIC_ERROR_MESSAGE);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
