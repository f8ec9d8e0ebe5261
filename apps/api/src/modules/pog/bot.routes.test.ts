import { randomBytes, randomInt } from 'node:crypto';
import { botActorAuthorization } from '@khel/core/bot-actor';
import {
  POG_BOT_CARDS_MAX,
  POG_NOT_MINTED_MESSAGE,
  POG_SHARE_IMAGE_HEIGHT,
  POG_SHARE_IMAGE_WIDTH,
  POG_TELEGRAM_NOT_LINKED_MESSAGE,
  POG_TELEGRAM_UNAVAILABLE_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../../../tests/fake-telegram/index.ts';
import { BOT_UNAUTHORIZED_MESSAGE, BOT_USER_NOT_LINKED_MESSAGE } from '../../lib/route.ts';
import { createTestContext, DB_KINDS, TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { SHARE_HEIGHT, SHARE_WIDTH } from './card/card-image.ts';
import { freshName, mintedUser, reserve } from './pog.test-support.ts';

const telegramId = () => randomInt(100_000_000, 2_000_000_000);

it('the share image is drawn at the size Telegram photo results announce', () => {
  expect([SHARE_WIDTH, SHARE_HEIGHT]).toEqual([POG_SHARE_IMAGE_WIDTH, POG_SHARE_IMAGE_HEIGHT]);
});

describe.each(DB_KINDS)('POG sharing into Telegram on %s', (kind) => {
  let ctx: TestContext;
  let telegram: FakeTelegram;
  beforeAll(async () => {
    telegram = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: 'khel_api_bot' });
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      PUBLIC_URL: 'https://khel.test',
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_MINIAPP_SHORT_NAME: 'app',
      BOT_ENABLED: 'false',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await telegram?.close();
  });

  const asBot = async (path: string, id: number) =>
    ctx.json(path, {
      headers: { authorization: await botActorAuthorization(TEST_BOT_TOKEN, id, ctx.now()) },
    });

  /** Minted cards written as the mint job leaves them, for lists longer than minting for real allows. */
  async function mintedRows(names: string[]) {
    for (const name of names) {
      const [user] = await ctx.deps.db.insert(schema.users).values({}).returning({ id: schema.users.id });
      await ctx.deps.db.insert(schema.pogCards).values({
        userId: user!.id,
        name,
        nameKey: name.toLowerCase(),
        state: 'Minted',
        chain: 'evm',
        txHash: `0x${randomBytes(32).toString('hex')}`,
        mintedAt: ctx.now(),
      });
    }
  }

  describe('GET /pog/bot/cards (inline mode)', () => {
    it('answers the Telegram user’s own minted card, and cards whose name starts with the prefix in any case', async () => {
      const id = telegramId();
      const minter = await mintedUser(ctx, 'evm', { telegramId: String(id) });
      const empty = await asBot('/pog/bot/cards', id);
      expect(empty.status).toBe(200);
      expect(empty.body.data.mine).toMatchObject({
        id: minter.cardId,
        name: minter.name,
        images: {
          share: expect.stringMatching(/^https:\/\/khel\.test\/api\/pog\/cards\/.+\/share\.png\?v=/),
        },
      });
      expect(empty.body.data.cards).toEqual([]);

      const other = await mintedUser(ctx, 'evm');
      const prefix = other.name.slice(0, 6).toUpperCase();
      const found = await asBot(`/pog/bot/cards?prefix=${prefix}`, id);
      expect(found.status).toBe(200);
      expect(found.body.data.mine.id).toBe(minter.cardId);
      expect(found.body.data.cards.map((c: { name: string }) => c.name)).toEqual([other.name]);
    });

    it(`answers at most ${POG_BOT_CARDS_MAX} minted cards, never one still being made`, async () => {
      const prefix = `z${randomBytes(3).toString('hex')}`;
      await mintedRows(Array.from({ length: POG_BOT_CARDS_MAX + 2 }, (_, i) => `${prefix}${i}`));
      const maker = await signedInUser(ctx);
      await reserve(ctx, maker.auth, `${prefix}x`);
      const res = await asBot(`/pog/bot/cards?prefix=${prefix}`, telegramId());
      // That Telegram account has no Khel account: the bot is told so (it then offers minting).
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(BOT_USER_NOT_LINKED_MESSAGE);

      const id = telegramId();
      await signedInUser(ctx, { telegramId: String(id) });
      const listed = await asBot(`/pog/bot/cards?prefix=${prefix}`, id);
      expect(listed.status).toBe(200);
      expect(listed.body.data.mine).toBeNull();
      expect(listed.body.data.cards).toHaveLength(POG_BOT_CARDS_MAX);
      expect(listed.body.data.cards.map((c: { name: string }) => c.name)).not.toContain(`${prefix}x`);
    });

    it('refuses callers who are not the bot, and prefixes no POG name can start with', async () => {
      const anonymous = await ctx.json('/pog/bot/cards');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.message).toBe(BOT_UNAUTHORIZED_MESSAGE);
      const user = await signedInUser(ctx);
      expect((await ctx.json('/pog/bot/cards', { headers: user.auth })).status).toBe(401);
      const id = telegramId();
      await signedInUser(ctx, { telegramId: String(id) });
      for (const bad of ['a%25', 'a_b', 'a b'])
        expect((await asBot(`/pog/bot/cards?prefix=${bad}`, id)).status, bad).toBe(400);
    });
  });

  describe('POST /pog/share/telegram-prepared (the Mini App’s shareMessage)', () => {
    it('saves the card as a prepared inline message for the user’s Telegram account, shareable anywhere', async () => {
      const id = telegramId();
      const minter = await mintedUser(ctx, 'evm', { telegramId: String(id), languageCode: 'pt-BR' });
      const res = await ctx.json('/pog/share/telegram-prepared', { method: 'POST', headers: minter.auth });
      expect(res.status).toBe(200);
      const prepared = telegram.prepared().at(-1)!;
      expect(res.body.data).toEqual({ id: prepared.id, expirationDate: prepared.expirationDate });
      expect(prepared).toMatchObject({
        userId: id,
        allowUserChats: true,
        allowBotChats: true,
        allowGroupChats: true,
        allowChannelChats: true,
        result: {
          type: 'photo',
          id: `pog:${minter.cardId}`,
          photo_width: POG_SHARE_IMAGE_WIDTH,
          photo_height: POG_SHARE_IMAGE_HEIGHT,
          photo_url: expect.stringMatching(/\/api\/pog\/cards\/.+\/share\.png\?v=.+&lang=pt-BR$/),
          thumbnail_url: expect.stringMatching(/\/front\.png\?/),
          caption: expect.stringContaining(minter.name),
          reply_markup: {
            inline_keyboard: [
              [
                {
                  text: 'Ver o cartão no Khel',
                  url: `https://t.me/khel_api_bot/app?startapp=pog_${minter.name}`,
                },
              ],
            ],
          },
        },
      });
      // The share counts like the other channels'.
      const shares = await ctx.deps.db
        .select()
        .from(schema.pogShares)
        .where(eq(schema.pogShares.userId, minter.user.id));
      expect(shares.map((s) => s.channel)).toEqual(['telegram']);
    });

    it('is a 409 without a Telegram account or a minted card, and nothing is saved', async () => {
      const before = telegram.prepared().length;
      const minterWithoutTelegram = await mintedUser(ctx, 'evm');
      const noTelegram = await ctx.json('/pog/share/telegram-prepared', {
        method: 'POST',
        headers: minterWithoutTelegram.auth,
      });
      expect(noTelegram.status).toBe(409);
      expect(noTelegram.body.message).toBe(POG_TELEGRAM_NOT_LINKED_MESSAGE);

      const maker = await signedInUser(ctx, { telegramId: String(telegramId()) });
      await reserve(ctx, maker.auth, freshName());
      const notMinted = await ctx.json('/pog/share/telegram-prepared', {
        method: 'POST',
        headers: maker.auth,
      });
      expect(notMinted.status).toBe(409);
      expect(notMinted.body.message).toBe(POG_NOT_MINTED_MESSAGE);
      expect(telegram.prepared()).toHaveLength(before);
    });

    it('is a 503 when Telegram refuses', async () => {
      const minter = await mintedUser(ctx, 'evm', { telegramId: String(telegramId()) });
      telegram.failNext('savePreparedInlineMessage', 1, {
        code: 400,
        description: 'Bad Request: USER_ID_INVALID',
      });
      const res = await ctx.json('/pog/share/telegram-prepared', { method: 'POST', headers: minter.auth });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(POG_TELEGRAM_UNAVAILABLE_MESSAGE);
    });
  });

  it('a minted card is announced once to its owner (pog_minted, in the mint’s transaction)', async () => {
    const minter = await mintedUser(ctx, 'evm');
    const [card] = await ctx.deps.db
      .select()
      .from(schema.pogCards)
      .where(eq(schema.pogCards.id, minter.cardId));
    const rows = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.dedupeKey, `pog-minted:${minter.cardId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'pog_minted',
      userId: minter.user.id,
      payload: { name: minter.name, chain: 'evm', txHash: card!.txHash },
    });
  });
});

describe('POG sharing into Telegram without a bot token', () => {
  let ctx: TestContext;
  let telegram: FakeTelegram;
  beforeAll(async () => {
    telegram = await startFakeTelegram({ token: TEST_BOT_TOKEN });
    ctx = await createTestContext('pglite', undefined, {
      TELEGRAM_BOT_TOKEN: undefined,
      TELEGRAM_API_ROOT: telegram.apiRoot,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await telegram?.close();
  });

  it('is a 503 for a minter with a Telegram account, and Telegram is not asked', async () => {
    const minter = await mintedUser(ctx, 'evm', { telegramId: String(telegramId()) });
    const res = await ctx.json('/pog/share/telegram-prepared', { method: 'POST', headers: minter.auth });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe(POG_TELEGRAM_UNAVAILABLE_MESSAGE);
    expect(telegram.calls).toEqual([]);
  });
});
