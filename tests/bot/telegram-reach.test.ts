import { phoneSignIn } from '@khel/api/modules/auth/auth.test-support.ts';
import { newQuest, start, validate } from '@khel/api/modules/quests/quests.test-support.ts';
import { signInitData, type TestContext } from '@khel/api/test-support';
import { BOT_TEXTS, type KhelBot, type NotifierHandle } from '@khel/bot';
import type { AuthResult } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { botChats, telegramBotStarts } from '@khel/db/schema';
import {
  buttonUrl,
  type FakeTelegram,
  inlineButtons,
  type SentMessage,
  startUpdate,
  type TestUser,
  writeAccessAllowedUpdate,
} from '@khel/tests/fake-telegram';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clanWorld, notifierFor, waitUntil } from './clan-support.ts';
import { BOT_USERNAME, botAgainst, fakeTelegram, MINI_APP_URL, TOKEN } from './helpers.ts';

/**
 * Reaching the gamer in Telegram (issue 24), against the fake Bot API with the API in process on
 * PostgreSQL: a chat opened before the account existed (/start, then the Mini App sign-in), the Mini App's
 * write-access grant, and linking Telegram from the website with `t.me/<bot>?start=link_<token>`; each
 * ends with a real event (a quest completed through the API) that the notifier pushes to the chat.
 */
let ctx: TestContext;
let db: Database;
let fake: FakeTelegram;
let bot: KhelBot;
const running: NotifierHandle[] = [];

beforeAll(async () => {
  fake = await fakeTelegram({ limits: { perChat: 1_000 } });
  const world = await clanWorld({
    TELEGRAM_BOT_USERNAME: BOT_USERNAME,
    TELEGRAM_API_ROOT: fake.apiRoot,
    PUBLIC_URL: 'https://khel.example',
    BOT_ENABLED: 'false',
  });
  ({ ctx, db } = world);
  ({ bot } = await botAgainst(fake, { db, khelApi: world.khelApi }));
  notifierFor(db, fake, running);
}, 60_000);
afterAll(async () => {
  for (const notifier of running.splice(0)) await notifier.stop();
  await ctx?.close();
  await fake?.close();
});

let nextTelegramId = 930_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
const bearer = (auth: AuthResult) => ({ authorization: `Bearer ${auth.accessToken}` });

/** The user sends an update to the bot (the fake records it; the bot handles it). */
async function send(update: ReturnType<typeof startUpdate>) {
  await bot.handleUpdate(fake.pushUpdate(update));
}

/** The Mini App's sign-in: init data signed by Telegram for the bot's token (allows_write_to_pm as given). */
async function miniAppSignIn(user: TestUser, allowsWriteToPm: boolean): Promise<AuthResult> {
  const raw = signInitData(
    {
      id: user.id,
      first_name: 'Gamer',
      language_code: user.language_code,
      allows_write_to_pm: allowsWriteToPm,
    },
    ctx.now(),
    TOKEN,
  );
  const res = await ctx.json('/authentication/telegram', {
    method: 'POST',
    headers: { authorization: `tma ${raw}` },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as AuthResult;
}

/** An event: the user completes a one-task quest through the API, so the outbox gets `quest_completed`. */
async function completeAQuest(
  auth: AuthResult,
  task: Record<string, unknown> = { type: 'special_code', code: 'ABCD' },
) {
  const quest = await newQuest(ctx, [{ title: 'The task', config: task }]);
  expect((await start(ctx, bearer(auth), quest.id)).status).toBe(200);
  const [t] = (await ctx.json(`/quest/by-slug/${quest.slug}`)).body.data.tasks as { id: string }[];
  const done = await validate(
    ctx,
    bearer(auth),
    quest.id,
    t!.id,
    task.type === 'special_code' ? 'ABCD' : undefined,
  );
  expect(done.body.data, done.body.message).toMatchObject({ verified: true });
  return quest;
}

/** Waits for the notifier's push about `slug` in the chat: a button into the quest's screen. */
const pushAbout = (chatId: number, slug: string) =>
  waitUntil(async () =>
    fake
      .sent(chatId)
      .find((m: SentMessage) =>
        inlineButtons(m).some((b) => buttonUrl(b)?.endsWith(`/quest-details/${slug}`)),
      ),
  );

const chatOf = async (userId: string) =>
  (await db.select().from(botChats).where(eq(botChats.userId, userId)))[0];

describe('pushes reach a gamer who started in Telegram', () => {
  it('/start before any account → Mini App sign-in (allows_write_to_pm false) → an event → the push', async () => {
    const user = { id: nextTelegramId++, language_code: 'en' };
    await send(startUpdate(user));
    expect(fake.sent(user.id).map((m) => m.text)).toEqual([BOT_TEXTS.en.welcome]);
    // No account yet: the chat is kept for the one the sign-in makes.
    expect(
      await db.select().from(telegramBotStarts).where(eq(telegramBotStarts.telegramUserId, user.id)),
    ).toHaveLength(1);

    const auth = await miniAppSignIn(user, false);
    expect(auth.isNewUser).toBe(true);
    expect(await chatOf(auth.user.id)).toMatchObject({ chatId: user.id, blockedAt: null });

    const quest = await completeAQuest(auth);
    const push = await pushAbout(user.id, quest.slug);
    expect(push.text).toContain(quest.slug);
  });

  it('no /start: the Mini App asks for write access; Telegram’s write_access_allowed lets the bot push', async () => {
    const user = { id: nextTelegramId++, language_code: 'en' };
    const auth = await miniAppSignIn(user, false);
    expect(await chatOf(auth.user.id)).toBeUndefined();
    // The user allows it in the Mini App's requestWriteAccess popup: Telegram tells the bot in the chat.
    await send(writeAccessAllowedUpdate(user));
    expect(await chatOf(auth.user.id)).toMatchObject({ chatId: user.id });
    expect(fake.sent(user.id)).toEqual([]);

    const quest = await completeAQuest(auth);
    await pushAbout(user.id, quest.slug);
  });
});

describe('linking Telegram from the website: t.me/<bot>?start=link_<token>', () => {
  const linkOf = async (auth: AuthResult) => {
    const res = await ctx.json('/social-auth/telegram/link', { method: 'POST', headers: bearer(auth) });
    expect(res.status, res.body.message).toBe(200);
    const url = new URL(res.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(`https://t.me/${BOT_USERNAME}`);
    return url.searchParams.get('start')!;
  };
  const status = async (auth: AuthResult) =>
    (await ctx.json('/social-auth/telegram/link', { headers: bearer(auth) })).body.data.state as string;

  it('the bot links the Telegram user who presses Start, says so, and the Telegram quest task then passes and is pushed', async () => {
    const web = await phoneSignIn(ctx);
    const payload = await linkOf(web);
    const user = { id: nextTelegramId++, language_code: 'en' };
    await send(startUpdate(user, payload));
    const [reply] = fake.sent(user.id);
    expect(reply?.text).toBe(BOT_TEXTS.en.telegramLink.linked);
    expect(buttonUrl(inlineButtons(reply)[0])).toBe(`${MINI_APP_URL}home`);
    expect(await status(web)).toBe('linked');
    expect(await chatOf(web.user.id)).toMatchObject({ chatId: user.id });

    // The quest's "link your Telegram" task now passes, and its push reaches the chat the link opened.
    const quest = await completeAQuest(web, { type: 'link_telegram' });
    await pushAbout(user.id, quest.slug);

    // The same link again: spent.
    await send(startUpdate(user, payload));
    expect(fake.sent(user.id).at(-1)?.text).toBe(BOT_TEXTS.en.telegramLink.expired);
  });

  it('a Telegram account of another Khel account: told clearly in the user’s language, nothing linked', async () => {
    const user = { id: nextTelegramId++, language_code: 'hi' };
    await miniAppSignIn(user, true);
    const web = await phoneSignIn(ctx);
    await send(startUpdate(user, await linkOf(web)));
    expect(fake.sent(user.id).at(-1)?.text).toBe(BOT_TEXTS.hi.telegramLink.conflict);
    expect(await status(web)).toBe('conflict');
    expect(await chatOf(web.user.id)).toBeUndefined();
  });

  it('an expired or made-up link says to make a new one (pt-BR)', async () => {
    const web = await phoneSignIn(ctx);
    const payload = await linkOf(web);
    ctx.advance(11 * 60 * 1000);
    const user = { id: nextTelegramId++, language_code: 'pt-br' };
    await send(startUpdate(user, payload));
    await send(startUpdate(user, `link_${'x'.repeat(43)}`));
    await send(startUpdate(user, 'link_short'));
    expect(fake.sent(user.id).map((m) => m.text)).toEqual(
      Array(3).fill(BOT_TEXTS['pt-BR'].telegramLink.expired),
    );
    expect(await status(web)).toBe('expired');
  });
});
