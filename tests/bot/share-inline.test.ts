import { randomUUID } from 'node:crypto';
import { klashGame, openedTournament, tournamentInput } from '@khel/api/modules/klash/klash.test-support.ts';
import { newQuest } from '@khel/api/modules/quests/quests.test-support.ts';
import { createTestContext, type TestContext } from '@khel/api/test-support';
import { BOT_TEXTS, createKhelApi, type KhelBot, SHARE_INLINE_CACHE_SECONDS, shareQueryOf } from '@khel/bot';
import { SHARE_PICTURE_HEIGHT, SHARE_PICTURE_WIDTH } from '@khel/core/contract';
import { contentItems, identities, users } from '@khel/db/schema';
import {
  type FakeTelegram,
  type InlineAnswer,
  inlineQueryUpdate,
  type TestUser,
} from '@khel/tests/fake-telegram';
import type { InlineQueryResultPhoto } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_URL } from '../fixtures/postgres-global-setup.ts';
import { BOT_USERNAME, botAgainst, fakeTelegram, TOKEN } from './helpers.ts';

/**
 * Sharing a quest, a campaign, a tournament or an article with inline mode, against the fake Bot API with the API
 * in process on PostgreSQL: `@bot quest <slug>` (or `quest_<slug>`, as a deep link names it) answers the item as a
 * photo in the reader's language with a button into its screen; anything else is POG's (pog-inline.test.ts).
 */
const SHORT_NAME = 'app';
let ctx: TestContext;
let fake: FakeTelegram;
let bot: KhelBot;
let quest: { id: string; slug: string };
let cup: { id: string; slug: string };
let articleSlug: string;

beforeAll(async () => {
  fake = await fakeTelegram({ limits: { perChat: 1_000 } });
  ctx = await createTestContext('postgres', process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: fake.apiRoot,
    TELEGRAM_MINIAPP_SHORT_NAME: SHORT_NAME,
    PUBLIC_URL: 'https://khel.example',
    BOT_ENABLED: 'false',
  });
  const khelApi = createKhelApi({
    baseUrl: 'http://khel.test',
    botToken: TOKEN,
    fetch: (url, init) => ctx.app.request(url, init),
    clock: () => ctx.now(),
  });
  ({ bot } = await botAgainst(fake, { db: ctx.deps.db, khelApi, miniAppShortName: SHORT_NAME }));
  quest = await newQuest(ctx, [{ title: 'Code', config: { type: 'create_referral' } }], {
    description: 'Play **three** matches this week.',
  });
  const opened = await openedTournament(ctx, tournamentInput(ctx, await klashGame(ctx)));
  cup = { id: opened.id, slug: opened.slug };
  articleSlug = `news-${randomUUID().slice(0, 8)}`;
  await ctx.deps.db.insert(contentItems).values({
    slug: articleSlug,
    kind: 'article',
    status: 'published',
    title: 'Patch notes',
    summary: 'What changed this week.',
    coverUrl: '/covers/news.png',
    translations: { hi: { title: 'पैच नोट्स', summary: 'इस हफ़्ते क्या बदला।', body: '' } },
    publishedAt: new Date(ctx.now().getTime() - 60_000),
  });
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

let nextTelegramId = 830_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

async function inline(from: TestUser, query: string): Promise<InlineAnswer> {
  const update = fake.pushUpdate(inlineQueryUpdate({ from, query }));
  await bot.handleUpdate(update);
  const answer = fake.inlineAnswer(update.inline_query!.id);
  if (!answer) throw new Error(`no answer to the inline query ${JSON.stringify(query)}`);
  return answer;
}

const link = (startParam: string) => `https://t.me/${BOT_USERNAME}/${SHORT_NAME}?startapp=${startParam}`;

describe('inline mode for quests, campaigns, tournaments and articles', () => {
  it('reads the kind and the slug or id, typed or as a deep link names it', () => {
    expect(shareQueryOf('quest summer-cup')).toEqual({ kind: 'quest', ref: 'summer-cup' });
    expect(shareQueryOf('  Klash_cup-1 ')).toEqual({ kind: 'klash', ref: 'cup-1' });
    expect(shareQueryOf('article  patch-notes')).toEqual({ kind: 'article', ref: 'patch-notes' });
    expect(shareQueryOf('campaign')).toBeNull();
    expect(shareQueryOf('questmaster')).toBeNull();
    expect(shareQueryOf('quest two words')).toBeNull();
  });

  it('answers `quest <slug>` with the quest as a photo in the reader’s language and a button into it', async () => {
    const answer = await inline({ id: nextTelegramId++, language_code: 'pt-br' }, `quest ${quest.slug}`);
    expect(answer).toMatchObject({ cacheTime: SHARE_INLINE_CACHE_SECONDS, isPersonal: true });
    expect(answer.results).toHaveLength(1);
    const photo = answer.results[0] as InlineQueryResultPhoto;
    const pt = BOT_TEXTS['pt-BR'].share;
    expect(photo).toMatchObject({
      type: 'photo',
      id: `share:quest:${quest.id}`,
      photo_width: SHARE_PICTURE_WIDTH,
      photo_height: SHARE_PICTURE_HEIGHT,
      title: `Quest ${quest.slug}`,
      description: 'Play three matches this week.',
      caption: pt.caption({
        kind: pt.kinds.quest,
        title: `Quest ${quest.slug}`,
        line: 'Play three matches this week.',
      }),
    });
    expect(photo.photo_url).toMatch(
      new RegExp(`^https://khel\\.example/api/share/quest/${quest.slug}/picture\\?v=.+&lang=pt-BR$`),
    );
    expect(photo.reply_markup?.inline_keyboard).toEqual([
      [{ text: pt.open.quest, url: link(`quest_${quest.slug}`) }],
    ]);
  });

  it('answers a tournament named by id and an article in the account’s language', async () => {
    const byId = await inline({ id: nextTelegramId++ }, `klash_${cup.id}`);
    const photo = byId.results[0] as InlineQueryResultPhoto;
    expect(photo).toMatchObject({ id: `share:klash:${cup.id}`, title: 'Test Cup' });
    expect(photo.reply_markup?.inline_keyboard).toEqual([
      [{ text: BOT_TEXTS.en.share.open.klash, url: link(`klash_${cup.slug}`) }],
    ]);

    // A Khel account in Hindi: its language wins over Telegram's.
    const telegramId = nextTelegramId++;
    const [user] = await ctx.deps.db
      .insert(users)
      .values({ telegramId: String(telegramId), languageCode: 'hi' })
      .returning();
    await ctx.deps.db
      .insert(identities)
      .values({ userId: user!.id, provider: 'telegram', subject: String(telegramId) });
    const article = await inline({ id: telegramId, language_code: 'en' }, `article ${articleSlug}`);
    const hi = BOT_TEXTS.hi.share;
    expect(article.results[0]).toMatchObject({
      title: 'पैच नोट्स',
      caption: hi.caption({ kind: hi.kinds.article, title: 'पैच नोट्स', line: 'इस हफ़्ते क्या बदला।' }),
      photo_url: expect.stringMatching(/&lang=hi$/),
      reply_markup: { inline_keyboard: [[{ text: hi.open.article, url: link(`article_${articleSlug}`) }]] },
    });
  });

  it('answers no result for an unknown item, and leaves other queries to POG cards', async () => {
    const unknown = await inline({ id: nextTelegramId++ }, 'campaign no-such-campaign');
    expect(unknown.results).toEqual([]);
    expect(unknown.cacheTime).toBe(0);
    // Not an item: POG's inline mode answers (the mint offer to someone without a card).
    const pog = await inline({ id: nextTelegramId++ }, '');
    expect(pog.results[0]).toMatchObject({ type: 'article', id: 'pog:mint' });
  });
});
