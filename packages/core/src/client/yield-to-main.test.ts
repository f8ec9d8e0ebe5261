import { describe, expect, it, vi } from 'vitest';
import type { FetchInit, FetchResponseLike } from './api-client.ts';
import { yieldingFetch, yieldToMain } from './yielding-fetch.ts';

const OK: FetchResponseLike = { status: 200, ok: true, text: async () => '{}' };
const GET: FetchInit = { method: 'GET', headers: {}, credentials: 'include' };

describe('yieldingFetch', () => {
  it('sends each request only after the current task has yielded', async () => {
    const order: string[] = [];
    const fetchImpl = vi.fn(async (url: string) => {
      order.push(`fetch ${url}`);
      return OK;
    });
    let release: (() => void) | undefined;
    const yieldNow = () =>
      new Promise<void>((resolve) => {
        order.push('yield');
        release = resolve;
      });
    const send = yieldingFetch(fetchImpl, yieldNow);

    const answer = send('/a', GET);
    order.push('task goes on');
    expect(fetchImpl).not.toHaveBeenCalled();
    release?.();
    await expect(answer).resolves.toBe(OK);
    expect(order).toEqual(['yield', 'task goes on', 'fetch /a']);
  });

  it('sends a keepalive request (page being hidden) at once', async () => {
    const fetchImpl = vi.fn(async () => OK);
    const yieldNow = vi.fn(() => new Promise<void>(() => {}));
    const send = yieldingFetch(fetchImpl, yieldNow);
    await expect(send('/event', { ...GET, keepalive: true })).resolves.toBe(OK);
    expect(yieldNow).not.toHaveBeenCalled();
  });

  it('yieldToMain resumes in a later task, after what the current one queued as microtasks', async () => {
    const order: string[] = [];
    const yielded = yieldToMain().then(() => order.push('resumed'));
    void Promise.resolve().then(() => order.push('microtask'));
    await yielded;
    expect(order).toEqual(['microtask', 'resumed']);
  });
});
