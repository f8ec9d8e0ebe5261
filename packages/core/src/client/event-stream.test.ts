import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  connectEventStream,
  createEventStreamParser,
  type EventStreamFetch,
  type EventStreamInit,
  type EventStreamState,
  type ServerSentEvent,
} from './event-stream.ts';

function parse(chunks: string[]) {
  const events: ServerSentEvent[] = [];
  const retries: number[] = [];
  const parser = createEventStreamParser(
    (e) => events.push(e),
    (ms) => retries.push(ms),
  );
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return { events, retries };
}

describe('createEventStreamParser', () => {
  it('reads named events, default `message`, multi-line data, ids and comments', () => {
    const { events } = parse([
      ': keep-alive\n\n',
      'event: status\ndata: {"a":1}\nid: 7\n\n',
      'data: line one\ndata: line two\n\n',
    ]);
    expect(events).toEqual([
      { event: 'status', data: '{"a":1}', id: '7' },
      { event: 'message', data: 'line one\nline two', id: '7' },
    ]);
  });

  it('handles events split anywhere across chunks, CRLF split between chunks, CR-only lines and a BOM', () => {
    const text = '\uFEFFevent: status\r\ndata: {"ok":true}\r\n\r\nevent: x\rdata: y\r\r';
    for (let cut = 1; cut < text.length; cut++) {
      const { events } = parse([text.slice(0, cut), text.slice(cut)]);
      expect(events, `cut at ${cut}`).toEqual([
        { event: 'status', data: '{"ok":true}', id: null },
        { event: 'x', data: 'y', id: null },
      ]);
    }
  });

  it('one character at a time', () => {
    const text = 'data: {"n":1}\n\ndata:{"n":2}\n\n';
    expect(parse([...text]).events.map((e) => e.data)).toEqual(['{"n":1}', '{"n":2}']);
  });

  it('strips only one leading space, keeps colons in values, ignores unknown fields and an unfinished event', () => {
    const { events } = parse(['data:  two spaces: and a colon\nfoo: bar\n\n', 'data: never finished\n']);
    expect(events).toEqual([{ event: 'message', data: ' two spaces: and a colon', id: null }]);
  });

  it('an event with no data is not dispatched; `retry` reports a delay', () => {
    const { events, retries } = parse(['event: ping\n\nretry: 2500\nretry: soon\n\n']);
    expect(events).toEqual([]);
    expect(retries).toEqual([2500]);
  });
});

/** A fetch answering each attempt from a script: a status with chunks (the stream then ends), or an error. */
function scriptedFetch(script: ({ status: number; chunks?: string[]; hold?: boolean } | Error)[]) {
  const calls: EventStreamInit[] = [];
  const encoder = new TextEncoder();
  const fetch: EventStreamFetch = async (_url, init) => {
    calls.push(init);
    const step = script.shift();
    if (!step) return new Promise(() => {}); // hangs: no more scripted answers
    if (step instanceof Error) throw step;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of step.chunks ?? []) controller.enqueue(encoder.encode(chunk));
        if (step.hold) {
          init.signal.addEventListener('abort', () => controller.error(new Error('aborted')));
        } else controller.close();
      },
    });
    return { status: step.status, ok: step.status >= 200 && step.status < 300, body };
  };
  return { fetch, calls };
}

describe('connectEventStream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the headers, delivers events, reconnects after the stream ends with Last-Event-ID', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scriptedFetch([
      { status: 200, chunks: ['id: 1\ndata: {"n":1}\n\n'] },
      { status: 200, chunks: ['data: {"n":2}\n\n'], hold: true },
    ]);
    const events: string[] = [];
    const states: EventStreamState[] = [];
    let token = 'a';
    const connection = connectEventStream({
      url: '/api/kyc/verification-check',
      headers: () => ({ Authorization: `Bearer ${token}` }),
      fetch,
      onEvent: (e) => events.push(e.data),
      onStateChange: (s) => states.push(s),
      random: () => 0.999,
      minDelayMs: 1000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(events).toEqual(['{"n":1}']);
    expect(calls[0]?.headers).toMatchObject({ Accept: 'text/event-stream', Authorization: 'Bearer a' });
    expect(calls[0]?.headers['Last-Event-ID']).toBeUndefined();
    token = 'b';
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers).toMatchObject({ Authorization: 'Bearer b', 'Last-Event-ID': '1' });
    expect(events).toEqual(['{"n":1}', '{"n":2}']);
    expect(states).toEqual(['connecting', 'open', 'retrying', 'connecting', 'open']);
    connection.close();
    expect(calls[1]?.signal.aborted).toBe(true);
    expect(states.at(-1)).toBe('closed');
  });

  it('backs off exponentially while the server is unreachable, up to the maximum', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scriptedFetch([
      new Error('offline'),
      new Error('offline'),
      new Error('offline'),
      { status: 503 },
      new Error('offline'),
    ]);
    const connection = connectEventStream({
      url: '/s',
      headers: () => ({}),
      fetch,
      onEvent: () => {},
      random: () => 0.999_999,
      minDelayMs: 1000,
      maxDelayMs: 5000,
    });
    const start = Date.now();
    const attemptsAt: number[] = [];
    for (let ms = 0; ms <= 20_000; ms += 100) {
      while (attemptsAt.length < calls.length) attemptsAt.push(Date.now() - start);
      await vi.advanceTimersByTimeAsync(100);
    }
    // 1 s, 2 s, 4 s, then capped at 5 s.
    expect(attemptsAt.slice(0, 6)).toEqual([0, 1000, 3000, 7000, 12_000, 17_000]);
    connection.close();
  });

  it('refreshes once on a 401 and reconnects with the new token; a second 401 fails', async () => {
    const { fetch, calls } = scriptedFetch([{ status: 401 }, { status: 401 }]);
    let token = 'old';
    const states: EventStreamState[] = [];
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
      return true;
    });
    connectEventStream({
      url: '/s',
      headers: () => ({ Authorization: `Bearer ${token}` }),
      fetch,
      onEvent: () => {},
      onStateChange: (s) => states.push(s),
      onUnauthorized,
    });
    await vi.waitFor(() => expect(states.at(-1)).toBe('failed'));
    expect(calls.map((c) => c.headers.Authorization)).toEqual(['Bearer old', 'Bearer new']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(states.at(-1)).toBe('failed');
  });

  it('a 404 (no such stream) fails at once so the caller can poll instead', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scriptedFetch([{ status: 404 }, { status: 200 }]);
    const states: EventStreamState[] = [];
    connectEventStream({
      url: '/s',
      headers: () => ({}),
      fetch,
      onEvent: () => {},
      onStateChange: (s) => states.push(s),
    });
    // A minute of the test clock: no retry.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(1);
    expect(states).toEqual(['connecting', 'failed']);
  });

  it('gives up after maxAttempts failures in a row', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scriptedFetch([new Error('x'), new Error('x'), new Error('x'), new Error('x')]);
    const states: EventStreamState[] = [];
    connectEventStream({
      url: '/s',
      headers: () => ({}),
      fetch,
      onEvent: () => {},
      onStateChange: (s) => states.push(s),
      maxAttempts: 3,
      minDelayMs: 10,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(3);
    expect(states.at(-1)).toBe('failed');
  });

  it('no events after close', async () => {
    vi.useFakeTimers();
    const { fetch, calls } = scriptedFetch([{ status: 200, chunks: ['data: 1\n\n'], hold: true }]);
    const events: string[] = [];
    const connection = connectEventStream({
      url: '/s',
      headers: () => ({}),
      fetch,
      onEvent: (e) => events.push(e.data),
    });
    connection.close();
    // A minute of the test clock, every timer run and every promise settled: nothing is delivered, nothing retried.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events).toEqual([]);
    expect(calls.length).toBeLessThanOrEqual(1);
  });
});
