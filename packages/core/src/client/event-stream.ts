/**
 * Server-sent events over `fetch` (SPEC §7 verification-check: "server-sent event stream, bearer
 * token"). The browser's EventSource cannot send an Authorization header, so the stream is read from
 * `fetch`'s ReadableStream and parsed here, following the WHATWG HTML event-stream rules: `event`,
 * `data` (several lines joined with `\n`), `id`, `retry`, comments (`:`) and CR, LF or CRLF line ends.
 */

export interface ServerSentEvent {
  /** `message` when the server named none. */
  event: string;
  data: string;
  /** The last event id seen on this stream (sent back as Last-Event-ID on reconnect), or null. */
  id: string | null;
}

export interface EventStreamParser {
  /** Feeds decoded text; complete events are dispatched as they end. */
  push(text: string): void;
  /** The stream ended: an event without its closing blank line is dropped, as the standard says. */
  end(): void;
  readonly lastEventId: string | null;
}

/** An incremental parser: `onEvent` per complete event, `onRetry` when the server sets a reconnection delay. */
export function createEventStreamParser(
  onEvent: (event: ServerSentEvent) => void,
  onRetry?: (ms: number) => void,
): EventStreamParser {
  let buffer = '';
  let started = false;
  let data: string[] = [];
  let type = '';
  let lastEventId: string | null = null;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: type || 'message', data: data.join('\n'), id: lastEventId });
      data = [];
      type = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        type = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^\d+$/.test(value)) onRetry?.(Number(value));
        break;
    }
  };

  return {
    push(text) {
      buffer += text;
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.startsWith('\uFEFF')) buffer = buffer.slice(1);
      }
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) return;
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for more.
        if (match[0] === '\r' && match.index === buffer.length - 1) return;
        line(buffer.slice(0, match.index));
        buffer = buffer.slice(match.index + match[0].length);
      }
    },
    end() {
      if (buffer.endsWith('\r')) line(buffer.slice(0, -1));
      buffer = '';
      data = [];
      type = '';
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}

/** The parts of a fetch `Response` the stream reads. */
export interface EventStreamResponse {
  status: number;
  ok: boolean;
  body: ReadableStream<Uint8Array> | null;
}

export interface EventStreamInit {
  method: 'GET';
  headers: Record<string, string>;
  signal: AbortSignal;
  credentials: 'include';
  cache: 'no-store';
}

export type EventStreamFetch = (url: string, init: EventStreamInit) => Promise<EventStreamResponse>;

export type EventStreamState = 'connecting' | 'open' | 'retrying' | 'failed' | 'closed';

export interface EventStreamOptions {
  url: string;
  /** Headers of each connection attempt (a fresh access token every time). */
  headers: () => Record<string, string>;
  onEvent: (event: ServerSentEvent) => void;
  onStateChange?: (state: EventStreamState) => void;
  /**
   * A 401: refresh the session and say whether to try again at once. Without it (or when it says
   * no) the stream fails.
   */
  onUnauthorized?: () => Promise<boolean>;
  fetch?: EventStreamFetch;
  /** First reconnection delay; doubled after each failure in a row, up to `maxDelayMs`. Default 1 s. */
  minDelayMs?: number;
  /** Default 30 s. */
  maxDelayMs?: number;
  /** Gives up (state `failed`) after this many failed attempts in a row. Default: never. */
  maxAttempts?: number;
  /** 0 ≤ x < 1, for jitter (each delay is 50–100 % of the backoff). Default Math.random. */
  random?: () => number;
}

export interface EventStreamConnection {
  close(): void;
}

/**
 * Opens an event stream and keeps it open: when it drops (network, server restart, the server ending
 * the response) it reconnects after an exponential backoff with jitter, sending Last-Event-ID. A 4xx
 * other than 401, 408 and 429 means the stream will not work: the state becomes `failed` and the
 * caller falls back (e.g. to polling).
 */
export function connectEventStream(options: EventStreamOptions): EventStreamConnection {
  const fetchImpl: EventStreamFetch =
    options.fetch ?? ((url, init) => globalThis.fetch(url, init) as Promise<EventStreamResponse>);
  const minDelay = options.minDelayMs ?? 1000;
  const maxDelay = options.maxDelayMs ?? 30_000;
  const random = options.random ?? Math.random;
  let serverDelay: number | null = null;
  let failures = 0;
  let lastEventId: string | null = null;
  let refreshedSinceEvent = false;
  let closed = false;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const setState = (state: EventStreamState) => {
    if (!closed || state === 'closed') options.onStateChange?.(state);
  };

  const scheduleRetry = () => {
    if (closed) return;
    failures++;
    if (options.maxAttempts !== undefined && failures >= options.maxAttempts) {
      setState('failed');
      return;
    }
    const base = serverDelay ?? minDelay;
    const backoff = Math.min(maxDelay, base * 2 ** (failures - 1));
    setState('retrying');
    timer = setTimeout(
      () => {
        timer = null;
        void attempt();
      },
      backoff * (0.5 + random() / 2),
    );
  };

  const attempt = async (): Promise<void> => {
    if (closed) return;
    setState('connecting');
    controller = new AbortController();
    let response: EventStreamResponse;
    try {
      response = await fetchImpl(options.url, streamInit(options.headers(), lastEventId, controller.signal));
    } catch {
      scheduleRetry();
      return;
    }
    if (closed) return;
    if (response.status === 401) {
      await cancelBody(response);
      // One refresh per 401 streak: a second 401 straight after a refresh means the session is over.
      let again = false;
      if (options.onUnauthorized && !refreshedSinceEvent) {
        refreshedSinceEvent = true;
        again = await askToRetry(options.onUnauthorized);
      }
      if (again && !closed) void attempt();
      else setState('failed');
      return;
    }
    if (!response.ok || !response.body) {
      await cancelBody(response);
      const status = response.status;
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) setState('failed');
      else scheduleRetry();
      return;
    }
    setState('open');
    await readEvents(
      response.body,
      (event) => {
        lastEventId = event.id;
        failures = 0;
        refreshedSinceEvent = false;
        if (!closed) options.onEvent(event);
      },
      (ms) => {
        serverDelay = ms;
      },
    );
    if (!closed) scheduleRetry();
  };

  void attempt();

  return {
    close() {
      if (closed) return;
      closed = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
      options.onStateChange?.('closed');
    },
  };
}

/** One connection attempt's request: the caller's headers, and Last-Event-ID to resume after a drop. */
function streamInit(
  callerHeaders: Record<string, string>,
  lastEventId: string | null,
  signal: AbortSignal,
): EventStreamInit {
  const headers: Record<string, string> = { Accept: 'text/event-stream', ...callerHeaders };
  if (lastEventId !== null) headers['Last-Event-ID'] = lastEventId;
  return {
    method: 'GET',
    headers,
    signal,
    credentials: 'include',
    cache: 'no-store',
  };
}

/** Asks the caller to refresh after a 401; a refresh that throws counts as no. */
async function askToRetry(onUnauthorized: () => Promise<boolean>): Promise<boolean> {
  try {
    return await onUnauthorized();
  } catch {
    return false;
  }
}

/** Reads a response body to its end (or until it drops), handing each event and retry delay on. */
async function readEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: ServerSentEvent) => void,
  onRetry: (ms: number) => void,
): Promise<void> {
  const parser = createEventStreamParser(onEvent, onRetry);
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    parser.push(decoder.decode());
  } catch {
    // Dropped connection (or our own abort on close): reconnect unless closed.
  }
  parser.end();
}

async function cancelBody(response: EventStreamResponse) {
  try {
    await response.body?.cancel();
  } catch {
    // Nothing to release.
  }
}
