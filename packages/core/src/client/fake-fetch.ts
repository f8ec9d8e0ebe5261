import type { FetchInit, FetchLike, FetchResponseLike } from './api-client.ts';

/** One call seen by the fake fetch, with the parts tests look at. */
export interface RecordedCall {
  url: URL;
  init: FetchInit;
}

export interface FakeAnswer {
  status: number;
  /** Serialized as JSON unless it is already a string. */
  body?: unknown;
  /** Milliseconds before the answer arrives (real timers). */
  delayMs?: number;
}

export type FakeHandler = (call: RecordedCall) => FakeAnswer | Promise<FakeAnswer>;

/** An in-memory fetch for tests: a handler answers, every call is recorded. */
export function fakeFetch(handler: FakeHandler): FetchLike & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const fn = async (url: string, init: FetchInit): Promise<FetchResponseLike> => {
    const call = { url: new URL(url), init };
    calls.push(call);
    const answer = await handler(call);
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const text =
      answer.body === undefined
        ? ''
        : typeof answer.body === 'string'
          ? answer.body
          : JSON.stringify(answer.body);
    return { status: answer.status, ok: answer.status >= 200 && answer.status < 300, text: async () => text };
  };
  return Object.assign(fn, { calls });
}

export const envelope = (status: number, data: unknown, message = ''): FakeAnswer => ({
  status,
  body: { success: status >= 200 && status < 300, status, data, message },
});
