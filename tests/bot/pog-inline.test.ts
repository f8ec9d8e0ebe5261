import { randomBytes } from 'node:crypto';
import { mintedUser } from '@khel/api/modules/pog/pog.test-support.ts';
import { createTestContext, type TestContext } from '@khel/api/test-support';
import {
  BOT_TEXTS,
  createKhelApi,
  type KhelApi,
  type KhelBot,
  type NotifierHandle,
  POG_INLINE_CACHE_SECONDS,
} from '@khel/bot';
import type { Database } from '@khel/db';
import { botChats, identities, outbox, pogCards, pogScores } from '@khel/db/schema';
import {
  buttonUrl,
  type FakeTelegram,
  type InlineAnswer,
  inlineButtons,
  inlineQueryUpdate,
  type TestUser,
} from '@khel/tests/fake-telegram';
import { eq } from 'drizzle-orm';
import type { InlineQueryResultArticle, InlineQueryResultPhoto } from 'grammy/types';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_URL } from '../fixtures/postgres-global-setup.ts';
import { notifierFor, player, waitUntil } from './clan-support.ts';
import { BOT_USERNAME, botAgainst, fakeTelegram, MINI_APP_URL, TOKEN } from './helpers.ts';

/**
 * Sharing POG cards into Telegram, against the fake Bot API with the API in process on PostgreSQL: inline mode
 * (the bot reads cards through GET /pog/bot/cards as the Telegram user), the Mini App's prepared message (the API
 * calls savePreparedInlineMessage on the same fake) and the pog_minted notification the mint job writes.
 */
const SHORT_NAME = 'app';
let ctx: TestContext;
let db: Database;
let khelApi: KhelApi;
let fake: FakeTelegram;
let bot: KhelBot;
const running: NotifierHandle[] = [];

beforeAll(async () => {
  // One fake for the file: the API's TELEGRAM_API_ROOT points at it (prepared messages), as the bot does.
  fake = await fakeTelegram({ limits: { perChat: 1_000 } });
  ctx = await createTestContext('postgres', process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: fake.apiRoot,
    TELEGRAM_MINIAPP_SHORT_NAME: SHORT_NAME,
    PUBLIC_URL: 'https://khel.example',
    BOT_ENABLED: 'false',
  });
  db = ctx.deps.db;
  khelApi = createKhelApi({
    baseUrl: 'http://khel.test',
    botToken: TOKEN,
    fetch: (url, init) => ctx.app.request(url, init),
    clock: () => ctx.now(),
  });
  ({ bot } = await botAgainst(fake, { db, khelApi, miniAppShortName: SHORT_NAME }));
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});
afterEach(async () => {
  for (const notifier of running.splice(0)) await notifier.stop();
});

let nextTelegramId = 820_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** A gamer who minted a card through the API (quick mint on the in-process EVM chain), linked to Telegram. */
async function minter(languageCode = 'en') {
  const telegramId = nextTelegramId++;
  const minted = await mintedUser(ctx, 'evm', { telegramId: String(telegramId), languageCode });
  // Linked as a Telegram sign-in links it: the bot finds the account (and its language) through the identity.
  await db
    .insert(identities)
    .values({ userId: minted.user.id, provider: 'telegram', subject: String(telegramId) });
  return { ...minted, telegramId };
}

/** Minted cards with the given scores, written as the mint job and the score job leave them. */
async function mintedCards(cards: { name: string; total: number; variant: 'Common' | 'Rare' | 'Epic' }[]) {
  for (const card of cards) {
    const owner = await player(db);
    await db.insert(pogCards).values({
      userId: owner.id,
      name: card.name,
      nameKey: card.name.toLowerCase(),
      state: 'Minted',
      chain: 'ton',
      txHash: randomBytes(32).toString('hex'),
      mintedAt: new Date(),
    });
    await db.insert(pogScores).values({
      userId: owner.id,
      human: card.total,
      play: 0,
      skill: 0,
      commerce: 0,
      social: 0,
      total: card.total,
      variant: card.variant,
    });
  }
}

/** `@khel_test_bot <query>` typed by `from`: the fake records the query, the bot answers it. */
async function inline(from: TestUser, query = ''): Promise<InlineAnswer> {
  const update = fake.pushUpdate(inlineQueryUpdate({ from, query }));
  await bot.handleUpdate(update);
  const answer = fake.inlineAnswer(update.inline_query!.id);
  if (!answer) throw new Error(`no answer to the inline query ${JSON.stringify(query)}`);
  return answer;
}

const showcaseLink = (name: string) => `https://t.me/${BOT_USERNAME}/${SHORT_NAME}?startapp=pog_${name}`;

describe('inline mode', () => {
  it('answers a minter’s empty query with their card as a photo, captioned in their account’s language, with a Mini App button', async () => {
    // The account's language (Hindi) wins over Telegram's (English), as in /start and /settings.
    const gamer = await minter('hi');
    const answer = await inline({ id: gamer.telegramId, language_code: 'en' });
    expect(answer).toMatchObject({ cacheTime: POG_INLINE_CACHE_SECONDS, isPersonal: true });
    expect(answer.button).toBeUndefined();
    expect(answer.results).toHaveLength(1);
    const photo = answer.results[0] as InlineQueryResultPhoto;
    expect(photo).toMatchObject({ type: 'photo', id: `pog:${gamer.cardId}` });
    expect(photo.photo_url).toMatch(
      new RegExp(`^https://khel\\.example/api/pog/cards/${gamer.name}/share\\.png\\?v=.+&lang=hi$`),
    );
    expect(photo.thumbnail_url).toMatch(new RegExp(`/api/pog/cards/${gamer.name}/front\\.png\\?`));
    // The card as the mint scored it.
    const [scores] = await db.select().from(pogScores).where(eq(pogScores.userId, gamer.user.id));
    const hi = BOT_TEXTS.hi.pog;
    expect(photo.caption).toBe(
      hi.caption({
        name: gamer.name,
        variant: hi.variants[scores?.variant ?? 'Common'],
        total: scores?.total ?? 0,
      }),
    );
    expect(photo.caption).toContain(`कुल स्कोर ${scores?.total ?? 0}`);
    expect(photo.reply_markup?.inline_keyboard).toEqual([
      [{ text: hi.openShowcase, url: showcaseLink(gamer.name) }],
    ]);
  });

  it('answers a query with the minted cards whose name starts with it, best total first', async () => {
    const gamer = await minter('pt-BR');
    const prefix = `q${randomBytes(3).toString('hex')}`;
    await mintedCards([
      { name: `${prefix}low`, total: 120, variant: 'Common' },
      { name: `${prefix}TOP`, total: 640, variant: 'Epic' },
      { name: `x${prefix}`, total: 900, variant: 'Epic' },
    ]);
    const answer = await inline({ id: gamer.telegramId, language_code: 'pt-br' }, prefix.toUpperCase());
    expect(answer.results.map((r) => r.id)).toHaveLength(2);
    const [top, low] = answer.results as InlineQueryResultPhoto[];
    const pt = BOT_TEXTS['pt-BR'].pog;
    expect(top!.caption).toBe(pt.caption({ name: `${prefix}TOP`, variant: 'Épico', total: 640 }));
    expect(low!.caption).toBe(pt.caption({ name: `${prefix}low`, variant: 'Comum', total: 120 }));
    expect(inlineButtons({ replyMarkup: top!.reply_markup } as never).map(buttonUrl)).toEqual([
      showcaseLink(`${prefix}TOP`),
    ]);
    // The same cards for every minter: Telegram may share the answer between them.
    expect(answer).toMatchObject({ isPersonal: false });
    expect(answer.button).toBeUndefined();

    const none = await inline({ id: gamer.telegramId }, 'zzzzzzzzzzzz');
    expect(none.results).toEqual([]);
    // A query that cannot be a POG name matches nothing (and is not sent on as one).
    expect((await inline({ id: gamer.telegramId }, 'no such%')).results).toEqual([]);
  });

  it('offers minting to a gamer without a minted card, and to a Telegram account Khel does not know', async () => {
    const gamer = await player(db);
    const stranger = { id: nextTelegramId++, language_code: 'en' };
    for (const who of [{ id: gamer.telegramId }, stranger]) {
      const answer = await inline(who);
      expect(answer.results).toHaveLength(1);
      const article = answer.results[0] as InlineQueryResultArticle;
      expect(article).toMatchObject({
        type: 'article',
        title: BOT_TEXTS.en.pog.mintTitle,
        input_message_content: { message_text: BOT_TEXTS.en.pog.mintMessage },
      });
      expect(article.reply_markup?.inline_keyboard).toEqual([
        [
          {
            text: BOT_TEXTS.en.pog.mintButton,
            url: `https://t.me/${BOT_USERNAME}/${SHORT_NAME}?startapp=mint`,
          },
        ],
      ]);
      expect(answer.button).toEqual({ text: BOT_TEXTS.en.pog.mintTitle, start_parameter: 'mint' });
      expect(answer.isPersonal).toBe(true);
    }
    // With a prefix, the cards come first; the offer stays above them.
    const prefix = `m${randomBytes(3).toString('hex')}`;
    await mintedCards([{ name: `${prefix}one`, total: 10, variant: 'Common' }]);
    const found = await inline({ id: gamer.telegramId }, prefix);
    expect(found.results.map((r) => r.type)).toEqual(['photo']);
    expect(found).toMatchObject({ isPersonal: true, button: { start_parameter: 'mint' } });
  });
});

describe('the Mini App’s shareMessage', () => {
  it('POST /pog/share/telegram-prepared saves the same photo as inline mode for the user, shareable in any chat', async () => {
    const gamer = await minter('pt-BR');
    const before = fake.callsTo('savePreparedInlineMessage').length;
    const res = await ctx.json('/pog/share/telegram-prepared', { method: 'POST', headers: gamer.auth });
    expect(res.status).toBe(200);
    const calls = fake.callsTo('savePreparedInlineMessage');
    expect(calls).toHaveLength(before + 1);
    expect(calls.at(-1)?.status).toBe(200);
    const prepared = fake.prepared().at(-1)!;
    expect(res.body.data).toEqual({ id: prepared.id, expirationDate: prepared.expirationDate });
    expect(prepared).toMatchObject({
      userId: gamer.telegramId,
      allowUserChats: true,
      allowBotChats: true,
      allowGroupChats: true,
      allowChannelChats: true,
    });
    const inlineAnswer = await inline({ id: gamer.telegramId, language_code: 'pt-br' });
    expect(prepared.result).toEqual(inlineAnswer.results[0]);
  });
});

describe('pog_minted', () => {
  it('the notifier delivers the mint’s notification with a button to the card’s showcase', async () => {
    const gamer = await minter('en');
    await db.insert(botChats).values({ userId: gamer.user.id, chatId: gamer.telegramId });
    const [row] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `pog-minted:${gamer.cardId}`));
    expect(row).toMatchObject({ kind: 'pog_minted', status: 'pending' });
    notifierFor(db, fake, running);
    const [message] = await fake.waitForSent(1, gamer.telegramId, 15_000);
    expect(message?.text).toBe(
      `🎮 Your Proof of Gamer card ${gamer.name} is minted on EVM! Share it in any chat: type @ and the bot's name.`,
    );
    const [button] = inlineButtons(message);
    expect(button?.text).toBe('View my card');
    expect(buttonUrl(button)).toBe(`${MINI_APP_URL}pog-showcase?username=${gamer.name}`);
    await waitUntil(async () => {
      const [sent] = await db.select().from(outbox).where(eq(outbox.id, row!.id));
      return sent?.status === 'sent';
    });
  });
});
