import { describe, expect, it, vi } from 'vitest';
import type { FetchInit, FetchResponseLike } from './api-client.ts';
import {
  afterFirstScreen,
  afterYield,
  type FirstScreenPage,
  yieldingFetch,
  yieldToMain,
} from './yield-to-main.ts';

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

describe('afterFirstScreen', () => {
  /** A page whose load and idle moments the test brings about. */
  function fakePage(readyState: string, withIdle = true) {
    const onLoad: (() => void)[] = [];
    const idle: { callback: () => void; timeout?: number }[] = [];
    const timers: (() => void)[] = [];
    const page: FirstScreenPage = {
      document: { readyState },
      addEventListener: (_type, listener) => onLoad.push(listener),
      setTimeout: (callback) => timers.push(callback),
      ...(withIdle
        ? {
            requestIdleCallback: (callback: () => void, options?: { timeout?: number }) =>
              idle.push({ callback, timeout: options?.timeout }),
          }
        : {}),
    };
    return { page, onLoad, idle, timers };
  }
  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    return async () => {
      await Promise.resolve();
      await Promise.resolve();
      return done;
    };
  };

  it('waits for the load event, then for an idle moment (bounded by the timeout)', async () => {
    const { page, onLoad, idle } = fakePage('interactive');
    const isDone = settled(afterFirstScreen(page, 1_500));
    expect(onLoad).toHaveLength(1);
    expect(idle).toHaveLength(0);
    onLoad[0]!();
    expect(idle).toEqual([{ callback: expect.any(Function), timeout: 1_500 }]);
    expect(await isDone()).toBe(false);
    idle[0]!.callback();
    expect(await isDone()).toBe(true);
  });

  it('on a page already loaded waits only for the idle moment; without requestIdleCallback, the next task', async () => {
    const loaded = fakePage('complete');
    const isDone = settled(afterFirstScreen(loaded.page));
    expect(loaded.onLoad).toHaveLength(0);
    loaded.idle[0]!.callback();
    expect(await isDone()).toBe(true);

    const old = fakePage('complete', false);
    const oldDone = settled(afterFirstScreen(old.page));
    expect(await oldDone()).toBe(false);
    old.timers[0]!();
    expect(await oldDone()).toBe(true);
  });
});
