import { HUB_NOT_FOUND_MESSAGE } from '@khel/core/contract';
import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { publishQuest } from './catalogue.ts';
import { newQuest, seedQuests, start } from './quests.test-support.ts';

describe.each(DB_KINDS)('hub follows and quest nudges on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedQuests(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const notes = (userId: string, kindOf: 'hub_new_quest' | 'quest_slots_low') =>
    ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, userId), eq(schema.outbox.kind, kindOf)));

  it('a follower hears of a new quest in the hub once, when it is published', async () => {
    const fan = await signedInUser(ctx);
    const other = await signedInUser(ctx);
    const follow = await ctx.json('/quest/hubs/colexion/follow', { method: 'PUT', headers: fan.auth });
    expect(follow.body.data).toEqual({ hubSlug: 'colexion', following: true });
    expect((await ctx.json('/quest/hubs/followed', { headers: fan.auth })).body.data.hubs).toEqual([
      'colexion',
    ]);
    const draft = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'HUBS' } }], {
      hubSlug: 'colexion',
    });
    // newQuest publishes at once: the follower is told, the other user is not.
    const told = await notes(fan.user.id, 'hub_new_quest');
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toMatchObject({
      questSlug: draft.slug,
      hubSlug: 'colexion',
      hubName: 'Colexion',
    });
    expect(await notes(other.user.id, 'hub_new_quest')).toHaveLength(0);
    await ctx.deps.db.transaction((tx) =>
      publishQuest(tx, draft.slug, { operatorId: null, name: 'test' }, ctx.now()),
    );
    expect(await notes(fan.user.id, 'hub_new_quest')).toHaveLength(1);
    const unfollow = await ctx.json('/quest/hubs/colexion/follow', { method: 'DELETE', headers: fan.auth });
    expect(unfollow.body.data.following).toBe(false);
    const missing = await ctx.json('/quest/hubs/no-such-hub/follow', { method: 'PUT', headers: fan.auth });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(HUB_NOT_FOUND_MESSAGE);
  });

  it('when a quest has a tenth of its slots left, everyone still on it is nudged once', async () => {
    const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'SLOTS' } }], {
      totalSlots: 20,
    });
    const users = await Promise.all(Array.from({ length: 19 }, () => signedInUser(ctx)));
    for (const u of users.slice(0, 17)) await start(ctx, u.auth, q.id);
    expect(await notes(users[0]!.user.id, 'quest_slots_low')).toHaveLength(0);
    await start(ctx, users[17]!.auth, q.id); // 2 of 20 left: the mark
    await start(ctx, users[18]!.auth, q.id);
    for (const u of users.slice(0, 18)) {
      const n = await notes(u.user.id, 'quest_slots_low');
      expect(n).toHaveLength(1);
      expect(n[0]!.payload).toMatchObject({ questId: q.id, slotsLeft: 2 });
    }
    expect(await notes(users[18]!.user.id, 'quest_slots_low')).toHaveLength(0);
  });
});
