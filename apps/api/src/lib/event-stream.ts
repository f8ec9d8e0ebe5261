import type { RouteDef } from '@khel/core/contract';
import type { Context, Hono } from 'hono';
import { type SSEStreamingApi, streamSSE } from 'hono/streaming';
import type { z } from 'zod';
import type { AppEnv } from './context.ts';
import { errorFields } from './logger.ts';
import { checkRouteAccess, parseRouteInput } from './route.ts';

/** Streams open in this process, so a shutting-down server can end them (server.close waits for them). */
const openStreams = new Set<SSEStreamingApi>();

/** Ends every open event stream of this process; clients reconnect (to another replica, or after the restart). */
export function closeEventStreams() {
  for (const stream of openStreams) stream.abort();
}

/** What a stream handler writes with. */
export interface EventStreamWriter<R extends RouteDef> {
  /** One event: `data:` is the JSON of `data` (checked against the contract outside production). */
  send(data: z.input<R['response']>, options?: { id?: string; retryMs?: number }): Promise<void>;
  /** A comment line, so proxies and the client see the connection is alive. */
  heartbeat(): Promise<void>;
  /** Waits `ms`, or less when the client goes away. */
  sleep(ms: number): Promise<void>;
  /** The client went away (or the stream was closed). */
  readonly done: boolean;
}

export interface EventStreamInput<R extends RouteDef> {
  c: Context<AppEnv>;
  query: R['query'] extends z.ZodType ? z.output<R['query']> : undefined;
  stream: EventStreamWriter<R>;
}

function writerFor<R extends RouteDef>(
  c: Context<AppEnv>,
  route: R,
  stream: SSEStreamingApi,
): EventStreamWriter<R> {
  const wakers = new Set<() => void>();
  stream.onAbort(() => {
    for (const wake of wakers) wake();
  });
  const checkContract = c.get('deps').env.NODE_ENV !== 'production';
  return {
    async send(data, options = {}) {
      if (checkContract && !route.response.safeParse(data).success)
        throw new Error(`Event of ${route.method} ${route.path} breaks the contract`);
      await stream.writeSSE({
        data: JSON.stringify(data),
        ...(options.id !== undefined ? { id: options.id } : {}),
        ...(options.retryMs !== undefined ? { retry: options.retryMs } : {}),
      });
    },
    async heartbeat() {
      await stream.write(': keep-alive\n\n');
    },
    sleep(ms) {
      if (stream.aborted || stream.closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        wakers.add(wake);
      });
    },
    get done() {
      return stream.aborted || stream.closed;
    },
  };
}

/**
 * Mounts a contract route marked `eventStream` as server-sent events (`text/event-stream`). Access
 * (dev-only, bearer token) and the query are checked like `mount` does, before the stream starts, so
 * those failures are ordinary JSON envelopes (401, 400…). The stream ends when the handler returns or
 * the client goes away; a handler error is logged (never sent to the client) and ends it.
 */
export function mountEventStream<R extends RouteDef>(
  app: Hono<AppEnv>,
  route: R,
  handler: (input: EventStreamInput<R>) => Promise<void>,
) {
  if (!route.eventStream)
    throw new Error(`${route.method} ${route.path} is not an event stream in the contract`);
  app.on(route.method, route.path, async (c) => {
    await checkRouteAccess(c, route);
    const { query } = await parseRouteInput(c, route, { body: false });
    // Tells nginx-style proxies not to buffer the stream.
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      openStreams.add(stream);
      try {
        await handler({
          c,
          query: query as EventStreamInput<R>['query'],
          stream: writerFor(c, route, stream),
        });
      } catch (err) {
        c.get('log').error('event stream failed', { path: route.path, ...errorFields(err) });
      } finally {
        openStreams.delete(stream);
      }
    });
  });
}
