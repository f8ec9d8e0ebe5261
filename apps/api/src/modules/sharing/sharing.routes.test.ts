import { randomInt, randomUUID } from 'node:crypto';
import {
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CONTENT_NOT_FOUND_MESSAGE,
  KLASH_NOT_FOUND_MESSAGE,
  POG_TELEGRAM_NOT_LINKED_MESSAGE,
  POG_TELEGRAM_UNAVAILABLE_MESSAGE,
  QUEST_NOT_FOUND_MESSAGE,
  SHARE_LINE_MAX,
  SHARE_PICTURE_HEIGHT,
  SHARE_PICTURE_WIDTH,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../../../tests/fake-telegram/index.ts';
import { createTestContext, DB_KINDS, TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import { liveCampaign } from '../campaigns/campaigns.test-support.ts';
import { klashGame, openedTournament, tournamentInput } from '../klash/klash.test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { newQuest } from '../quests/quests.test-support.ts';
import { shortLine } from './sharing.ts';

const telegramId = () => randomInt(100_000_000, 2_000_000_000);

it('a short line is the description as plain text, cut at a word', () => {
  expect(shortLine('**Win** big in [the cup](https://x.test)!\n\nTwo rounds.')).toBe(
    'Win big in the cup! Two rounds.',
  );
  const long = shortLine('word '.repeat(100));
  expect([...long].length).toBeLessThanOrEqual(SHARE_LINE_MAX);
  expect(long.endsWith('word…')).toBe(true);
});

describe.each(DB_KINDS)('sharing quests, campaigns, tournaments and articles on %s', (kind) => {
  let ctx: TestContext;
  let telegram: FakeTelegram;
  let items: { kind: string; ref: string; id: string; slug: string; title: string; path: string }[];
  beforeAll(async () => {
    telegram = await startFakeTelegram({ token: TEST_BOT_TOKEN, botUsername: 'khel_api_bot' });
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      PUBLIC_URL: 'https://khel.test',
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_MINIAPP_SHORT_NAME: 'app',
      BOT_ENABLED: 'false',
    });
    const quest = await newQuest(ctx, [{ title: 'Code', config: { type: 'create_referral' } }]);
    const campaign = await liveCampaign(ctx);
    const cup = await openedTournament(ctx, tournamentInput(ctx, await klashGame(ctx)));
    const articleSlug = `news-${randomUUID().slice(0, 8)}`;
    const [article] = await ctx.deps.db
      .insert(schema.contentItems)
      .values({
        slug: articleSlug,
        kind: 'article',
        status: 'published',
        title: 'Patch notes',
        summary: 'What changed this week.',
        body: 'Everything.',
        coverUrl: '/covers/news.png',
        translations: { hi: { title: 'पैच नोट्स', summary: 'इस हफ़्ते क्या बदला।', body: 'सब कुछ।' } },
        publishedAt: new Date(ctx.now().getTime() - 60_000),
      })
      .returning();
    items = [
      {
        kind: 'quest',
        ref: quest.slug,
        id: quest.id,
        slug: quest.slug,
        title: `Quest ${quest.slug}`,
        path: `/quest-details/${quest.slug}`,
      },
      {
        kind: 'campaign',
        ref: campaign.slug,
        id: campaign.id,
        slug: campaign.slug,
        title: campaign.row.title,
        path: `/k-drop/campaigns/${campaign.slug}`,
      },
      // A tournament by id (deep links name a long slug by id).
      {
        kind: 'klash',
        ref: cup.id,
        id: cup.id,
        slug: cup.slug,
        title: 'Test Cup',
        path: `/klash/${cup.slug}`,
      },
      {
        kind: 'article',
        ref: articleSlug,
        id: article!.id,
        slug: articleSlug,
        title: 'Patch notes',
        path: `/article-details/${articleSlug}`,
      },
    ];
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    await telegram?.close();
  });

  it('GET /share/:kind/:ref answers what a shared item shows, with its picture and deep link', async () => {
    for (const item of items) {
      const res = await ctx.json(`/share/${item.kind}/${item.ref}`);
      expect(res.status, item.kind).toBe(200);
      expect(res.body.data).toMatchObject({
        kind: item.kind,
        id: item.id,
        slug: item.slug,
        title: item.title,
        startParam: `${item.kind}_${item.slug}`,
        url: `https://khel.test${item.path}`,
        pictureUrl: expect.stringMatching(
          new RegExp(`^https://khel\\.test/api/share/${item.kind}/${item.slug}/picture\\?v=`),
        ),
      });
    }
    const hindi = await ctx.json(`/share/article/${items[3]!.ref}?lang=hi`);
    expect(hindi.body.data).toMatchObject({ title: 'पैच नोट्स', line: 'इस हफ़्ते क्या बदला।' });
  });

  it('an unknown item is the owner’s 404, never a 500', async () => {
    const expected = {
      quest: QUEST_NOT_FOUND_MESSAGE,
      campaign: CAMPAIGN_NOT_FOUND_MESSAGE,
      klash: KLASH_NOT_FOUND_MESSAGE,
      article: CONTENT_NOT_FOUND_MESSAGE,
    };
    const user = await signedInUser(ctx, { telegramId: String(telegramId()) });
    for (const [k, message] of Object.entries(expected)) {
      for (const ref of ['no-such-thing', randomUUID()]) {
        const info = await ctx.json(`/share/${k}/${ref}`);
        expect([info.status, info.body.message]).toEqual([404, message]);
        const picture = await ctx.json(`/share/${k}/${ref}/picture`);
        expect([picture.status, picture.body.message]).toEqual([404, message]);
        const prepared = await ctx.json(`/share/${k}/${ref}/telegram-prepared`, {
          method: 'POST',
          headers: user.auth,
        });
        expect([prepared.status, prepared.body.message]).toEqual([404, message]);
      }
    }
    expect((await ctx.json('/share/pog/anything')).status).toBe(404);
  });

  it('draws the share picture off the request thread at the photo result’s size, cached by version', async () => {
    const quest = items[0]!;
    const res = await ctx.app.request(`/share/quest/${quest.ref}/picture?lang=hi`);
    expect(res.status).toBe(200);
    // A JPEG, as the Bot API wants a photo result's picture.
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARE_PICTURE_WIDTH, height: SHARE_PICTURE_HEIGHT });
    const etag = res.headers.get('etag')!;
    const again = await ctx.app.request(`/share/quest/${quest.ref}/picture?lang=hi`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    const english = await ctx.app.request(`/share/quest/${quest.ref}/picture?lang=en`);
    expect(english.headers.get('etag')).not.toBe(etag);
  }, 60_000);

  it('POST /share/:kind/:ref/telegram-prepared saves the item as a prepared message with a deep-link button', async () => {
    const id = telegramId();
    const user = await signedInUser(ctx, { telegramId: String(id), languageCode: 'hi' });
    for (const item of items) {
      const res = await ctx.json(`/share/${item.kind}/${item.ref}/telegram-prepared`, {
        method: 'POST',
        headers: user.auth,
      });
      expect(res.status, item.kind).toBe(200);
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
          id: `share:${item.kind}:${item.id}`,
          photo_width: SHARE_PICTURE_WIDTH,
          photo_height: SHARE_PICTURE_HEIGHT,
          photo_url: expect.stringMatching(new RegExp(`/api/share/${item.kind}/.+/picture\\?v=.+&lang=hi$`)),
          caption: expect.stringContaining('Khel पर'),
          reply_markup: {
            inline_keyboard: [[{ url: `https://t.me/khel_api_bot/app?startapp=${item.kind}_${item.slug}` }]],
          },
        },
      });
    }
  });

  it('refuses a user without Telegram (409) and answers 503 when Telegram refuses', async () => {
    const before = telegram.prepared().length;
    const noTelegram = await signedInUser(ctx);
    const refused = await ctx.json(`/share/quest/${items[0]!.ref}/telegram-prepared`, {
      method: 'POST',
      headers: noTelegram.auth,
    });
    expect([refused.status, refused.body.message]).toEqual([409, POG_TELEGRAM_NOT_LINKED_MESSAGE]);
    expect(
      (await ctx.json(`/share/quest/${items[0]!.ref}/telegram-prepared`, { method: 'POST' })).status,
    ).toBe(401);
    expect(telegram.prepared()).toHaveLength(before);

    const user = await signedInUser(ctx, { telegramId: String(telegramId()) });
    telegram.failNext('savePreparedInlineMessage', 1, {
      code: 400,
      description: 'Bad Request: USER_ID_INVALID',
    });
    const failed = await ctx.json(`/share/klash/${items[2]!.ref}/telegram-prepared`, {
      method: 'POST',
      headers: user.auth,
    });
    expect([failed.status, failed.body.message]).toEqual([503, POG_TELEGRAM_UNAVAILABLE_MESSAGE]);
  });
});
