import type { Database } from '@khel/db';
import { sandboxMessages } from '@khel/db/schema';

/** One encrypted push as web-push builds it (RFC 8030 request: VAPID Authorization, TTL, aes128gcm body). */
export interface PushRequest {
  endpoint: string;
  headers: Record<string, string>;
  body: Buffer;
  /** What the body holds before encryption: only the sandbox reads it (it reaches nobody). */
  plaintext: string;
}

export interface PushAnswer {
  status: number;
  /** The push service's Retry-After in seconds (a 429 or 503), when it gave one. */
  retryAfterSeconds: number | null;
}

/**
 * Who carries a push to the browser's push service. `live` posts it to the subscription's endpoint (FCM, Mozilla,
 * Apple, … or the tests' local push service); the sandbox (the default outside production) checks what a push
 * service checks and records the push at /api/dev/outbox instead of sending it.
 */
export interface WebPushTransport {
  send(request: PushRequest, signal?: AbortSignal): Promise<PushAnswer>;
}

/** Sends to the endpoint; a push service that does not answer in `timeoutMs` is a network error (retried). */
export function liveWebPushTransport(
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
): WebPushTransport {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetchImpl = options.fetch ?? fetch;
  return {
    async send(request, signal) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const response = await fetchImpl(request.endpoint, {
        method: 'POST',
        headers: request.headers,
        body: new Uint8Array(request.body),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        redirect: 'error',
      });
      await response.arrayBuffer().catch(() => undefined);
      const retryAfter = Number(response.headers.get('retry-after'));
      return {
        status: response.status,
        retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null,
      };
    },
  };
}

/** The largest body a push service must accept (RFC 8030 §7.2: 4096 bytes of payload after encryption). */
export const MAX_PUSH_BODY_BYTES = 4096;

/**
 * The sandbox push service: refuses what a real one refuses (an endpoint that is not https, a body over 4096
 * bytes, no VAPID Authorization, no TTL, not aes128gcm: 400 or 413) and records the push, unencrypted, in
 * `sandbox_messages` (channel `web_push`, recipient the endpoint's host) instead of sending it: 201.
 */
export function sandboxWebPushTransport(db: Database): WebPushTransport {
  return {
    async send(request) {
      const header = (name: string) =>
        Object.entries(request.headers).find(([k]) => k.toLowerCase() === name)?.[1];
      let url: URL;
      try {
        url = new URL(request.endpoint);
      } catch {
        return { status: 400, retryAfterSeconds: null };
      }
      if (url.protocol !== 'https:') return { status: 400, retryAfterSeconds: null };
      if (request.body.length > MAX_PUSH_BODY_BYTES) return { status: 413, retryAfterSeconds: null };
      if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(header('authorization') ?? ''))
        return { status: 401, retryAfterSeconds: null };
      if (!header('ttl') || header('content-encoding') !== 'aes128gcm')
        return { status: 400, retryAfterSeconds: null };
      await db
        .insert(sandboxMessages)
        .values({ channel: 'web_push', recipient: url.host, body: request.plaintext });
      return { status: 201, retryAfterSeconds: null };
    },
  };
}
