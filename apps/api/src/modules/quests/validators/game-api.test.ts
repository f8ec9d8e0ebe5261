import { createServer, type Server, type Socket } from 'node:net';
import { MESSAGES } from '@khel/core/domain';
import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test-support.ts';
import { signedInUser } from '../../profile/profile.test-support.ts';
import { SANDBOX_DEMO_PLAYERS } from '../../quest-sandboxes/game-sandbox.ts';
import {
  expectOneRewardWhenValidatedAtOnce,
  newQuest,
  start,
  tasksOfQuest,
  validate,
} from '../quests.test-support.ts';
import { GAME_PLAYER_NOT_FOUND_MESSAGE } from './game-api.ts';

/** A TCP server that takes connections and never answers (not even the TLS handshake). */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe.each(DB_KINDS)('game_api on %s', (kind) => {
  let ctx: TestContext;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    silent = await silentServer();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { GAME_API_TIMEOUT_MS: '400' });
  });
  afterAll(async () => {
    await ctx?.close();
    await silent?.close();
  });

  async function setUp(endpoint = 'https://games.khel.local/bullie-racer/players', method = 'user_id') {
    const q = await newQuest(ctx, [{ title: 'Player', config: { type: 'game_api', endpoint, method } }]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    const u = await signedInUser(ctx);
    await start(ctx, u.auth, q.id);
    return {
      q,
      u,
      check: (value?: string) => validate(ctx, u.auth, q.id, task!.id, value),
      taskId: task!.id,
    };
  }

  it('verifies a player the partner game knows (200) and keeps the value', async () => {
    const { u, check, taskId } = await setUp();
    const res = await check(SANDBOX_DEMO_PLAYERS[0]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ verified: true, quest: { status: 'COMPLETED' } });
    const [row] = await ctx.deps.db
      .select()
      .from(schema.userTasks)
      .where(and(eq(schema.userTasks.userId, u.user.id), eq(schema.userTasks.taskId, taskId)));
    expect(row?.value).toBe(SANDBOX_DEMO_PLAYERS[0]);
  });

  it('does not verify a player the game does not know (400), until a developer adds them', async () => {
    const { check } = await setUp();
    expect((await check('5550001')).body.data).toMatchObject({
      verified: false,
      message: GAME_PLAYER_NOT_FOUND_MESSAGE,
    });
    const partner = await ctx.json('/dev/games/bullie-racer/players?playerId=5550001');
    expect(partner.status).toBe(400);
    const added = await ctx.json('/dev/games/bullie-racer/players', { body: { playerId: '5550001' } });
    expect(added.status).toBe(201);
    expect((await ctx.json('/dev/games/bullie-racer/players?playerId=5550001')).status).toBe(200);
    expect((await check('5550001')).body.data.verified).toBe(true);
  });

  it('checks the value by the SPEC §5 rule of the method first (422, nothing asked)', async () => {
    const { check } = await setUp('https://games.khel.local/bullie-racer/players', 'steam_id');
    const bad = await check('7656119800000000');
    expect(bad.status).toBe(422);
    expect(bad.body.message).toMatch(/^Quest login method/);
  });

  it('answers the SPEC API failure when the game does not answer within the timeout', async () => {
    const { check } = await setUp(`https://127.0.0.1:${silent.port}/players`);
    const timeouts = vi.spyOn(AbortSignal, 'timeout');
    const warn = vi.spyOn(ctx.deps.logger, 'warn');
    try {
      const started = Date.now();
      const res = await check('1000001');
      expect(res.body.data).toMatchObject({ verified: false, message: MESSAGES.apiFailureTryAgain });
      expect(res.body.data.message).toBe('API failure! Please try again');
      // The request was given GAME_API_TIMEOUT_MS (400 ms here, not the 10 s default) and ended by it.
      expect(timeouts).toHaveBeenCalledWith(400);
      expect(warn).toHaveBeenCalledWith(
        'quests: game API did not answer',
        expect.objectContaining({ error: 'TimeoutError' }),
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    } finally {
      timeouts.mockRestore();
      warn.mockRestore();
    }
  });

  it('answers the SPEC API failure when the game cannot be reached', async () => {
    const closed = await silentServer();
    await closed.close();
    const { check } = await setUp(`https://127.0.0.1:${closed.port}/players`);
    expect((await check('1000001')).body.data).toMatchObject({
      verified: false,
      message: MESSAGES.apiFailureTryAgain,
    });
  });

  it('validated twice at once: one completion and one reward', async () => {
    const { u, check } = await setUp('https://games.khel.local/squad-royale/players');
    await expectOneRewardWhenValidatedAtOnce(ctx, u.user.id, () => check(SANDBOX_DEMO_PLAYERS[1]));
  });
});
