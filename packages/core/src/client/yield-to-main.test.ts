import { describe, expect, it, vi } from 'vitest';
import type { FetchInit, FetchResponseLike } from './api-client.ts';
import { afterYield, yieldingFetch, yieldToMain } from './yield-to-main.ts';

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

describe('afterYield', () => {
  const controlledYield = () => {
    const releases: (() => void)[] = [];
    const yieldNow = () => new Promise<void>((resolve) => releases.push(resolve));
    return { yieldNow, release: () => releases.shift()?.() };
  };

  it('runs the effect in a later task, and its cleanup with the returned one', async () => {
    const { yieldNow, release } = controlledYield();
    const undo = vi.fn();
    const effect = vi.fn(() => undo);
    const cleanup = afterYield(effect, yieldNow);
    expect(effect).not.toHaveBeenCalled();
    release();
    await Promise.resolve();
    expect(effect).toHaveBeenCalledOnce();
    cleanup();
    expect(undo).toHaveBeenCalledOnce();
  });

  it('never runs an effect cleaned up before its turn', async () => {
    const { yieldNow, release } = controlledYield();
    const effect = vi.fn();
    afterYield(effect, yieldNow)();
    release();
    await Promise.resolve();
    expect(effect).not.toHaveBeenCalled();
  });
});
