import { defineRoute, type RouteDef } from '@khel/core/contract';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createAdmission } from './admission.ts';
import type { AppEnv } from './context.ts';
import { AppError, errorResponse } from './http.ts';

/** A handler each request waits in until the test lets it go, recording the order things happen. */
function gatedApp(maxInFlight: number, maxQueued: number, table: Record<string, RouteDef> = {}) {
  const admission = createAdmission(table, { maxInFlight, maxQueued });
  const app = new Hono<AppEnv>();
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  app.use(admission.middleware);
  app.get('/work/:id', async (c) => {
    const id = c.req.param('id');
    started.push(id);
    await new Promise<void>((resolve) => gates.set(id, resolve));
    return c.json({ id });
  });
  app.get('/health', (c) => c.json({ ok: true }));
  app.onError((err, c) => (err instanceof AppError ? errorResponse(c, err) : c.text('boom', 500)));
  const finish = async (id: string) => {
    await expect.poll(() => gates.has(id)).toBe(true);
    gates.get(id)!();
  };
  return { app, admission, started, finish };
}

describe('admission', () => {
  it('handles at most maxInFlight at once and the rest in arrival order', async () => {
    const { app, admission, started, finish } = gatedApp(2, 10);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((id) => app.request(`/work/${id}`));
    await expect.poll(() => started.length).toBe(2);
    expect(admission.stats()).toMatchObject({ inFlight: 2, queued: 3 });
    await finish('b');
    await expect.poll(() => started).toEqual(['a', 'b', 'c']);
    await finish('a');
    await expect.poll(() => started).toEqual(['a', 'b', 'c', 'd']);
    for (const id of ['c', 'd', 'e']) await finish(id);
    const bodies = await Promise.all(answers.map(async (r) => (await (await r).json()) as { id: string }));
    expect(bodies.map((b) => b.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(admission.stats()).toEqual({ inFlight: 0, queued: 0, refused: 0 });
  });

  it('answers 503 with Retry-After when the line is full, and changes nothing', async () => {
    const { app, admission, started, finish } = gatedApp(1, 1);
    const first = app.request('/work/a');
    const second = app.request('/work/b');
    await expect.poll(() => admission.stats().queued).toBe(1);
    const refused = await app.request('/work/c');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('Retry-After')).toBe('1');
    expect(await refused.json()).toMatchObject({
      success: false,
      status: 503,
      message: 'API failure! Please try again',
    });
    await finish('a');
    await finish('b');
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(started).toEqual(['a', 'b']);
    expect(admission.stats()).toEqual({ inFlight: 0, queued: 0, refused: 1 });
  });

  it('gives the place back when a handler throws', async () => {
    const admission = createAdmission({}, { maxInFlight: 1, maxQueued: 0 });
    const app = new Hono<AppEnv>();
    app.use(admission.middleware);
    app.get('/fail', () => {
      throw new Error('no');
    });
    app.onError((_err, c) => c.text('failed', 500));
    for (let i = 0; i < 3; i++) expect((await app.request('/fail')).status).toBe(500);
    expect(admission.stats()).toEqual({ inFlight: 0, queued: 0, refused: 0 });
  });

  it('never holds back event streams or the health routes', async () => {
    const table = {
      stream: defineRoute({
        method: 'GET',
        path: '/work/:id',
        summary: 'A stream',
        tag: 'test',
        auth: 'none',
        eventStream: true,
        response: z.object({}),
      }),
    } as unknown as Record<string, RouteDef>;
    const { app, admission, started, finish } = gatedApp(1, 0, table);
    const streams = [app.request('/work/s1'), app.request('/work/s2')];
    await expect.poll(() => started.length).toBe(2);
    expect(admission.stats().inFlight).toBe(0);
    await finish('s1');
    await finish('s2');
    await Promise.all(streams);
  });
});
