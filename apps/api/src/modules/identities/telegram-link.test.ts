import { createHash } from 'node:crypto';
import { botActorAuthorization } from '@khel/core/bot-actor';
import {
  alreadyLinkedMessage,
  TELEGRAM_LINK_EXPIRED_MESSAGE,
  TELEGRAM_LINK_TTL_SECONDS,
  TELEGRAM_LINK_UNAVAILABLE_MESSAGE,
} from '@khel/core/contract';
import { rememberBotStart, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import {
  bearer,
  freshTelegramId,
  identitiesOf,
  phoneSignIn,
  telegramSignIn,
} from '../auth/auth.test-support.ts';
import { TELEGRAM_LINK_STARTS_PER_HOUR } from './telegram-link.ts';

describe.each(DB_KINDS)('linking Telegram from the website through the bot on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { TELEGRAM_BOT_USERNAME: 'khel_bot' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const start = (accessToken: string) =>
    ctx.json('/social-auth/telegram/link', { method: 'POST', headers: bearer(accessToken) });
  const status = async (accessToken: string) =>
    (await ctx.json('/social-auth/telegram/link', { headers: bearer(accessToken) })).body.data;
  /** What the bot sends when `telegramId` presses Start on `t.me/<bot>?start=link_<token>`. */
  const complete = async (telegramId: number, token: string, authorization?: string) =>
    ctx.json('/bot/telegram-link', {
      body: { token, username: `tg_${telegramId}`, firstName: 'Asha' },
      headers: {
        authorization: authorization ?? (await botActorAuthorization(TEST_BOT_TOKEN, telegramId, ctx.now())),
      },
    });
  const tokenOf = (url: string) => new URL(url).searchParams.get('start')!.replace(/^link_/, '');

  it('a one-time t.me link that the bot completes: linked, the chat opened, the token spent and stored hashed', async () => {
    const web = await phoneSignIn(ctx);
    expect(await status(web.accessToken)).toEqual({ state: 'none', expiresAt: null });
    const res = await start(web.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.data.url).toMatch(/^https:\/\/t\.me\/khel_bot\?start=link_[A-Za-z0-9_-]{43}$/);
    expect(new URL(res.body.data.url).searchParams.get('start')!.length).toBeLessThanOrEqual(64);
    expect(new Date(res.body.data.expiresAt).getTime()).toBe(
      ctx.now().getTime() + TELEGRAM_LINK_TTL_SECONDS * 1000,
    );
    const token = tokenOf(res.body.data.url);
    const [stored] = await ctx.deps.db
      .select()
      .from(schema.telegramLinkTokens)
      .where(eq(schema.telegramLinkTokens.userId, web.user.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(await status(web.accessToken)).toMatchObject({ state: 'pending' });

    // Only the bot may complete it; an unknown token changes nothing.
    expect((await complete(1, token, 'TelegramBot 1.1.forged')).status).toBe(401);
    const unknown = await complete(freshTelegramId(), 'A'.repeat(43));
    expect(unknown.status).toBe(410);
    expect(unknown.body).toMatchObject({
      message: TELEGRAM_LINK_EXPIRED_MESSAGE,
      data: { code: 'TELEGRAM_LINK_EXPIRED' },
    });

    const telegramId = freshTelegramId();
    // The bot recorded the /start of a Telegram user with no account yet.
    await rememberBotStart(ctx.deps.db, telegramId, telegramId);
    const done = await complete(telegramId, token);
    expect(done.status, done.body.message).toBe(200);
    expect(await identitiesOf(ctx, web.user.id)).toContain(`telegram:${telegramId}`);
    expect(await status(web.accessToken)).toMatchObject({ state: 'linked' });
    const [chat] = await ctx.deps.db
      .select()
      .from(schema.botChats)
      .where(eq(schema.botChats.userId, web.user.id));
    expect(chat).toMatchObject({ chatId: telegramId, blockedAt: null });
    const profile = await ctx.json('/social-auth/status', { headers: bearer(web.accessToken) });
    expect(profile.body.data.socialStatuses.telegram.isActive).toBe(true);

    // Single use.
    expect((await complete(telegramId, token)).status).toBe(410);
  });

  it('a Telegram account that belongs to another Khel account is refused clearly, and the website sees it', async () => {
    const telegramId = freshTelegramId();
    await telegramSignIn(ctx, telegramId);
    const web = await phoneSignIn(ctx);
    const token = tokenOf((await start(web.accessToken)).body.data.url);
    const res = await complete(telegramId, token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      message: alreadyLinkedMessage('telegram'),
      data: { code: 'IDENTITY_TAKEN_TELEGRAM' },
    });
    expect(await status(web.accessToken)).toMatchObject({ state: 'conflict' });
    expect(await identitiesOf(ctx, web.user.id)).not.toContain(`telegram:${telegramId}`);
    // Spent: the same link does not try again.
    expect((await complete(telegramId, token)).status).toBe(410);
  });

  it('expires after 10 minutes; a new link replaces the old one in the status', async () => {
    const web = await phoneSignIn(ctx);
    const token = tokenOf((await start(web.accessToken)).body.data.url);
    ctx.advance(TELEGRAM_LINK_TTL_SECONDS * 1000 + 1);
    expect(await status(web.accessToken)).toMatchObject({ state: 'expired' });
    expect((await complete(freshTelegramId(), token)).status).toBe(410);
    ctx.advance(1_000);
    await start(web.accessToken);
    expect(await status(web.accessToken)).toMatchObject({ state: 'pending' });
  });

  it(`at most ${TELEGRAM_LINK_STARTS_PER_HOUR} links an hour per account (429 with Retry-After); signed out is 401`, async () => {
    const web = await phoneSignIn(ctx);
    for (let i = 0; i < TELEGRAM_LINK_STARTS_PER_HOUR; i++)
      expect((await start(web.accessToken)).status).toBe(200);
    const refused = await start(web.accessToken);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await ctx.json('/social-auth/telegram/link', { method: 'POST' })).status).toBe(401);
  });
});

describe('linking Telegram without a bot username', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is 503 with a message the website shows', async () => {
    const web = await phoneSignIn(ctx);
    const res = await ctx.json('/social-auth/telegram/link', {
      method: 'POST',
      headers: bearer(web.accessToken),
    });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({
      message: TELEGRAM_LINK_UNAVAILABLE_MESSAGE,
      data: { code: 'TELEGRAM_LINK_UNAVAILABLE' },
    });
  });
});
