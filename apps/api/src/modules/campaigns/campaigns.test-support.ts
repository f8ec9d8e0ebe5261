import { randomUUID } from 'node:crypto';
import type { CampaignRewardInput } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../test-support.ts';
import { upsertCampaign } from './catalogue.ts';
import { campaignJson, HOUR, TEST_ACTOR } from './lifecycle.test-support.ts';
import { advanceCampaigns } from './lifecycle.ts';

export { HOUR };

export const FIXED: CampaignRewardInput = { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 3, amount: '5000' };
/** The two tasks campaignJson makes: special codes KDROP1 (10 points) and KDROP2 (5 points). */
export const CODES = ['KDROP1', 'KDROP2'] as const;

export interface TestCampaign {
  id: string;
  slug: string;
  row: schema.CampaignRow;
  taskIds: string[];
}

/**
 * A campaign published through the catalogue and, unless it starts later, moved LIVE by the lifecycle
 * job (pool funded, raffle seed drawn): running from an hour ago for a day unless `fields` say otherwise.
 */
export async function liveCampaign(
  ctx: TestContext,
  reward: CampaignRewardInput = FIXED,
  fields: Record<string, unknown> = {},
  options: { publish?: boolean } = {},
): Promise<TestCampaign> {
  const now = ctx.now();
  const slug = `kd-${randomUUID().slice(0, 8)}`;
  await ctx.deps.db.transaction((tx) =>
    upsertCampaign(
      tx,
      campaignJson(slug, now, reward, {
        startsAt: new Date(now.getTime() - HOUR).toISOString(),
        endsAt: new Date(now.getTime() + 24 * HOUR).toISOString(),
        ...fields,
      }),
      TEST_ACTOR,
      { publish: options.publish ?? true, now },
    ),
  );
  await advanceCampaigns(ctx.deps);
  const [row] = await ctx.deps.db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, slug));
  const tasks = await ctx.deps.db
    .select({ id: schema.questTasks.id })
    .from(schema.questTasks)
    .where(eq(schema.questTasks.questId, row!.questId))
    .orderBy(schema.questTasks.position);
  return { id: row!.id, slug, row: row!, taskIds: tasks.map((t) => t.id) };
}

type Auth = Record<string, string>;

export const startCampaignAt = (
  ctx: TestContext,
  auth: Auth,
  id: string,
  body: unknown = {},
  headers: Auth = {},
) => ctx.json(`/campaigns/${id}/start`, { body, headers: { ...auth, ...headers } });

export const validateCampaign = (ctx: TestContext, auth: Auth, id: string, taskId: string, value?: string) =>
  ctx.json(`/campaigns/${id}/task/validate`, {
    body: { taskId, ...(value === undefined ? {} : { value }) },
    headers: auth,
  });

/** Starts and does every task (the codes of campaignJson). */
export async function finishCampaign(ctx: TestContext, auth: Auth, c: TestCampaign) {
  await startCampaignAt(ctx, auth, c.id);
  let last: Awaited<ReturnType<typeof validateCampaign>> | undefined;
  for (const [i, taskId] of c.taskIds.entries())
    last = await validateCampaign(ctx, auth, c.id, taskId, CODES[i]);
  return last!;
}

export const claimCampaign = (ctx: TestContext, auth: Auth, id: string, key: string = randomUUID()) =>
  ctx.json(`/campaigns/${id}/claim-reward`, { method: 'POST', headers: { ...auth, 'idempotency-key': key } });

export const rewardsOf = (ctx: TestContext, campaignId: string) =>
  ctx.deps.db.select().from(schema.campaignRewards).where(eq(schema.campaignRewards.campaignId, campaignId));

export const entriesOf = (ctx: TestContext, campaignId: string) =>
  ctx.deps.db.select().from(schema.campaignEntries).where(eq(schema.campaignEntries.campaignId, campaignId));
