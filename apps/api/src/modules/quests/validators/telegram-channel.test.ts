import { randomInt } from 'node:crypto';
import { MESSAGES } from '@khel/core/domain';
import { schema } from '@khel/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FakeTelegram, startFakeTelegram } from '../../../../../../tests/fake-telegram/index.ts';
import { createTestContext, DB_KINDS, TEST_BOT_TOKEN, type TestContext } from '../../../test-support.ts';
import { signedInUser } from '../../profile/profile.test-support.ts';
import {
  expectOneRewardWhenValidatedAtOnce,
  newQuest,
  start,
  tasksOfQuest,
  validate,
} from '../quests.test-support.ts';
import { TELEGRAM_LINK_REQUIRED_MESSAGE, TELEGRAM_NOT_MEMBER_MESSAGE } from './telegram-channel.ts';

describe.each(DB_KINDS)('telegram_join_channel on %s', (kind) => {
  let ctx: TestContext;
  let telegram: FakeTelegram;
  beforeAll(async () => {
    telegram = await startFakeTelegram({ token: TEST_BOT_TOKEN });
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      TELEGRAM_API_ROOT: telegram.apiRoot,
      BOT_ENABLED: 'false',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await telegram?.close();
  });

  /** A started quest with one join-channel task, and a user whose Telegram account is linked (unless told). */
  async function setUp(chat = '@khel_gamers', linked = true) {
    const q = await newQuest(ctx, [
      {
        title: 'Join',
        config: { type: 'telegram_join_channel', chat, inviteUrl: 'https://t.me/khel_gamers' },
      },
    ]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    const u = await signedInUser(ctx);
    const telegramId = randomInt(100_000, 2_000_000_000);
    if (linked)
      await ctx.deps.db
        .insert(schema.identities)
        .values({ userId: u.user.id, provider: 'telegram', subject: String(telegramId) });
    await start(ctx, u.auth, q.id);
    const check = () => validate(ctx, u.auth, q.id, task!.id);
    return { q, task: task!, u, telegramId, check };
  }

  it('verifies a member (and an administrator, the creator, a restricted member) through getChatMember', async () => {
    for (const status of ['member', 'administrator', 'creator', 'restricted'] as const) {
      const { telegramId, check } = await setUp();
      telegram.setChatMember('@khel_gamers', telegramId, status, true);
      const res = await check();
      expect(res.status).toBe(200);
      expect(res.body.data, `${status}: ${res.body.data.message}`).toMatchObject({
        verified: true,
        quest: { status: 'COMPLETED' },
      });
      const call = telegram.callsTo('getChatMember').at(-1)!;
      expect(call.params).toMatchObject({ chat_id: '@khel_gamers', user_id: telegramId });
    }
  });

  it('does not verify someone who left, was banned, is restricted outside the chat, or never joined', async () => {
    for (const [status, isMember] of [
      ['left', false],
      ['kicked', false],
      ['restricted', false],
    ] as const) {
      const { telegramId, check } = await setUp();
      telegram.setChatMember('@khel_gamers', telegramId, status, isMember);
      expect((await check()).body.data).toMatchObject({
        verified: false,
        message: TELEGRAM_NOT_MEMBER_MESSAGE,
      });
    }
    const stranger = await setUp();
    expect((await stranger.check()).body.data).toMatchObject({
      verified: false,
      message: TELEGRAM_NOT_MEMBER_MESSAGE,
    });
    // Joining afterwards and checking again passes.
    telegram.setChatMember('@khel_gamers', stranger.telegramId, 'member');
    expect((await stranger.check()).body.data.verified).toBe(true);
  });

  it('asks for a linked Telegram account first, without calling Telegram', async () => {
    const before = telegram.callsTo('getChatMember').length;
    const { check } = await setUp('@khel_gamers', false);
    expect((await check()).body.data).toMatchObject({
      verified: false,
      message: TELEGRAM_LINK_REQUIRED_MESSAGE,
    });
    expect(telegram.callsTo('getChatMember')).toHaveLength(before);
  });

  it('says the check failed (not "join first") when Telegram cannot answer', async () => {
    const unknown = await setUp('@nobody_knows_this');
    expect((await unknown.check()).body.data).toMatchObject({
      verified: false,
      message: MESSAGES.apiFailureTryAgain,
    });
    const { telegramId, check } = await setUp();
    telegram.setChatMember('@khel_gamers', telegramId, 'member');
    telegram.failNext('getChatMember', 1);
    expect((await check()).body.data).toMatchObject({
      verified: false,
      message: MESSAGES.apiFailureTryAgain,
    });
    expect((await check()).body.data.verified).toBe(true);
  });

  it('validated twice at once: one completion and one reward', async () => {
    const { u, telegramId, check } = await setUp('-1001234567890');
    telegram.setChatMember(-1001234567890, telegramId, 'member');
    await expectOneRewardWhenValidatedAtOnce(ctx, u.user.id, check);
  });
});
