/**
 * Progression benchmark (issue 26), on PostgreSQL, asserting nothing: what the XP write adds to the hot path it
 * joins. A quest validation that verifies a task and completes the quest now writes two awards (the task's and
 * the quest's; a campaign finish writes the same two, `campaign_finish` for the second), each one statement on the
 * user's own `user_xp` row. Rows, each the median over BENCH_PROGRESSION_USERS (300) gamers, the two measured in
 * turn for every gamer so drifting load weighs on both:
 * - `validation`: POST /userquest/task/validate in process (one-task quest: verify + complete + rewards + XP);
 * - `xp write`: the same two `awardXp` calls alone, in a transaction of their own, for another gamer;
 * - the path without the XP write (validation − xp write) and the ratio with ÷ without.
 * A level crossed adds the level's ledger transfer and push: the quest's gamers stay in level 1 (60 XP each); a
 * campaign finish gives 110 XP, so each of its gamers reaches level 2 there and its XP write pays the level too.
 *
 *   pnpm --filter @khel/bench bench:progression
 */
import { completeSignIn } from '@khel/api/modules/auth/sign-in.ts';
import {
  CODES,
  liveCampaign,
  startCampaignAt,
  validateCampaign,
} from '@khel/api/modules/campaigns/campaigns.test-support.ts';
import { awardXp } from '@khel/api/modules/progression/progression.ts';
import { importQuest } from '@khel/api/modules/quests/catalogue.ts';
import { createTestContext, type TestContext } from '@khel/api/test-support';
import { schema } from '@khel/db';
import { ADMIN_URL, median, positive } from './support.ts';

const USERS = Math.round(positive('BENCH_PROGRESSION_USERS', 300));
const HOUR = 3_600_000;

async function newUser(ctx: TestContext, i: number) {
  const [user] = await ctx.deps.db
    .insert(schema.users)
    .values({ phoneNumber: `+9199${String(10_000_000 + i).slice(-8)}`, country: 'IN' })
    .returning();
  const { accessToken } = await completeSignIn(ctx.deps, user!, true, 'website');
  return { user: user!, auth: { authorization: `Bearer ${accessToken}` } };
}

async function main() {
  let ctx: TestContext;
  try {
    ctx = await createTestContext('postgres', ADMIN_URL);
  } catch (error) {
    console.log(`postgres: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  const now = ctx.now();
  const quest = await ctx.deps.db.transaction((tx) =>
    importQuest(
      tx,
      {
        slug: 'bench-progression',
        title: 'Bench progression',
        description: 'One code.',
        startsAt: new Date(now.getTime() - HOUR).toISOString(),
        endsAt: new Date(now.getTime() + 24 * HOUR).toISOString(),
        rewards: { kpoints: '10' },
        tasks: [{ title: 'Code', config: { type: 'special_code', code: 'LEVEL' } }],
      },
      { operatorId: null, name: 'bench' },
      { publish: true, now },
    ),
  );
  const details = await ctx.json('/quest/by-slug/bench-progression');
  const taskId = (details.body.data.tasks as { id: string }[])[0]!.id;
  const json = (path: string, auth: Record<string, string>, body: unknown) =>
    ctx.json(path, { body, headers: auth });

  const validation: number[] = [];
  const write: number[] = [];
  for (let i = 0; i < USERS + 20; i++) {
    const a = await newUser(ctx, 2 * i);
    const b = await newUser(ctx, 2 * i + 1);
    if ((await json('/userquest/start', a.auth, { questId: quest.id })).status !== 200)
      throw new Error('start failed');
    let t0 = performance.now();
    const res = await json('/userquest/task/validate', a.auth, { questId: quest.id, taskId, value: 'LEVEL' });
    const validationMs = performance.now() - t0;
    if (res.status !== 200) throw new Error(`validate: ${res.status}`);
    t0 = performance.now();
    await ctx.deps.db.transaction(async (tx) => {
      const at = ctx.now();
      await awardXp(tx, { userId: b.user.id, source: 'quest_task', key: `task:${taskId}`, at });
      await awardXp(tx, { userId: b.user.id, source: 'quest_complete', key: `quest:${quest.id}`, at });
    });
    const writeMs = performance.now() - t0;
    // The first 20 warm the statement caches and the JIT.
    if (i >= 20) {
      validation.push(validationMs);
      write.push(writeMs);
    }
  }
  // The campaign finish: the last task of a two-task campaign (verify + finish the entry + its board + XP), and
  // the same two awards (`quest_task`, `campaign_finish`) alone for another gamer.
  const campaign = await liveCampaign(ctx, {
    variant: 'FIXED_SLOT_FIXED_REWARD',
    slots: USERS + 50,
    amount: '10',
  });
  const finish: number[] = [];
  const finishWrite: number[] = [];
  for (let i = 0; i < USERS + 20; i++) {
    const a = await newUser(ctx, 10_000 + 2 * i);
    const b = await newUser(ctx, 10_000 + 2 * i + 1);
    if ((await startCampaignAt(ctx, a.auth, campaign.id)).status !== 200)
      throw new Error('campaign start failed');
    if ((await validateCampaign(ctx, a.auth, campaign.id, campaign.taskIds[0]!, CODES[0])).status !== 200)
      throw new Error('campaign task failed');
    let t0 = performance.now();
    const res = await validateCampaign(ctx, a.auth, campaign.id, campaign.taskIds[1]!, CODES[1]);
    const finishMs = performance.now() - t0;
    if (res.status !== 200) throw new Error(`campaign finish: ${res.status}`);
    t0 = performance.now();
    await ctx.deps.db.transaction(async (tx) => {
      const at = ctx.now();
      await awardXp(tx, { userId: b.user.id, source: 'quest_task', key: `task:${campaign.taskIds[1]}`, at });
      await awardXp(tx, {
        userId: b.user.id,
        source: 'campaign_finish',
        key: `quest:${campaign.row.questId}`,
        at,
      });
    });
    const writeMs = performance.now() - t0;
    if (i >= 20) {
      finish.push(finishMs);
      finishWrite.push(writeMs);
    }
  }

  const fmt = (ms: number) => `${ms.toFixed(2)} ms`;
  console.log(`progression on postgres, ${USERS} gamers (median per gamer)`);
  for (const [name, path, xp] of [
    ['quest validation (verify + complete + rewards + XP)', validation, write],
    ['campaign finish (+ level 2 reached and paid)       ', finish, finishWrite],
  ] as const) {
    const v = median([...path]);
    const w = median([...xp]);
    console.log(`  ${name}   ${fmt(v)}`);
    console.log(`    xp write alone (two awards, own transaction)        ${fmt(w)}`);
    console.log(`    the path without it (path − xp write)               ${fmt(Math.max(0, v - w))}`);
    console.log(
      `    with ÷ without                                      ${(v / Math.max(1e-9, v - w)).toFixed(2)} ×`,
    );
  }
  await ctx.close();
}

await main();
