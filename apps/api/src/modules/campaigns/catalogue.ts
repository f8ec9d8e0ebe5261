import { randomUUID } from 'node:crypto';
import {
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_NOT_LIVE_MESSAGE,
  type CampaignInput,
  type CampaignLifecycle,
  campaignInputSchema,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import {
  type CampaignEntryRow,
  type CampaignRow,
  campaignEntries,
  campaignRewards,
  campaigns,
  leaderboards,
  quests,
  questTasks,
} from '@khel/db/schema';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Actor, logOperatorAction } from '../../lib/audit.ts';
import { AppError } from '../../lib/http.ts';
import { createLeaderboard, endLeaderboard, publishLeaderboard } from '../leaderboards/index.ts';
import { rewardsPoolReturn, transferMany } from '../ledger/index.ts';
import { checkHubAndGame, questTaskRows } from '../quests/index.ts';
import { poolOf, rewardProblems } from './payouts.ts';
import { awardReferralBonus } from './referral.ts';
import { writeSlots } from './slots.ts';

/**
 * Writing campaigns, as operators do through the operator API and the CLI: create or edit by slug (the
 * campaign row, the quest row of kind 'campaign' that holds its tasks, and its leaderboard), publish
 * after checking the variant's parameters, end early, and review the entries the fairness rules held.
 * Every change is logged in operator_actions with who made it, in the change's transaction.
 */

export const CAMPAIGN_RULES_FROZEN_MESSAGE =
  'This campaign has started: its reward, eligibility, entry caps, referral reward, dates and tasks can no longer change.';
export const CAMPAIGN_SLUG_TWICE_MESSAGE = 'Two campaigns of the import have this slug.';
export const CAMPAIGN_ALREADY_OVER_MESSAGE = 'This campaign has already ended.';
export const CAMPAIGN_NOT_PUBLISHABLE_MESSAGE = 'This campaign cannot be published yet.';
export const CAMPAIGN_ENTRY_NOT_HELD_MESSAGE = 'This entry is not held for review.';
export const CAMPAIGN_RAFFLE_DRAWN_MESSAGE =
  'The raffle has been drawn: a held entry can no longer join it (it can still be disqualified).';

/** The quest row behind a campaign's tasks: a slug no quest can have (quest slugs have no ':'). */
export const campaignQuestSlug = (slug: string) => `campaign:${slug}`;
export const campaignBoardSlug = (slug: string) => `campaign-${slug}`;

function parseCampaign(raw: unknown): CampaignInput {
  const parsed = campaignInputSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(400, `${issue?.path.join('.') || 'campaign'}: ${issue?.message ?? 'invalid'}`, {
    issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
  });
}

/** The columns of the reward rule, per variant (the others null). */
function rewardColumns(reward: CampaignInput['reward']) {
  const base = {
    variant: reward.variant,
    pool: poolOf(reward),
    rewardAmount: null as bigint | null,
    totalSlots: null as number | null,
    remainingSlots: null as number | null,
    winners: null as number | null,
    bands: null as CampaignRow['bands'],
  };
  switch (reward.variant) {
    case 'FIXED_SLOT_FIXED_REWARD':
      return {
        ...base,
        rewardAmount: BigInt(reward.amount),
        totalSlots: reward.slots,
        remainingSlots: reward.slots,
      };
    case 'OPEN_SLOT_DYNAMIC_REWARD':
      return base;
    case 'OPEN_SLOT_LEADERBOARD_REWARD':
      return { ...base, bands: [...reward.bands].sort((a, b) => a.fromRank - b.fromRank) };
    case 'OPEN_SLOT_RAFFLE_REWARD':
      return { ...base, winners: reward.winners };
  }
}

/** JSON with sorted keys, bigints and dates as text: equal rules give equal strings. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'bigint') return v.toString();
    if (v && typeof v === 'object' && !Array.isArray(v))
      return Object.fromEntries(
        Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    return v;
  });
}

type RuleColumns = Pick<
  CampaignRow,
  | 'variant'
  | 'pool'
  | 'rewardAmount'
  | 'totalSlots'
  | 'winners'
  | 'bands'
  | 'referralReward'
  | 'referralMax'
  | 'eligibility'
  | 'entryCaps'
>;
const rulesOf = (r: RuleColumns & { startsAt: Date; endsAt: Date }) =>
  canonical({
    variant: r.variant,
    pool: r.pool,
    rewardAmount: r.rewardAmount,
    totalSlots: r.totalSlots,
    winners: r.winners,
    bands: r.bands,
    referralReward: r.referralReward,
    referralMax: r.referralMax,
    eligibility: r.eligibility,
    entryCaps: r.entryCaps,
    startsAt: r.startsAt.toISOString(),
    endsAt: r.endsAt.toISOString(),
  });
const tasksOfRows = (rows: readonly Omit<typeof questTasks.$inferInsert, 'questId'>[]) =>
  canonical(
    rows.map((t) => ({
      position: t.position,
      type: t.type,
      title: t.title,
      description: t.description ?? '',
      locked: t.locked ?? false,
      proof: t.proof ?? null,
      points: t.points ?? 0,
      config: t.config,
      secretHash: t.secretHash ?? null,
      translations: t.translations ?? {},
    })),
  );

/**
 * Started: LIVE or later, or PUBLISHED with its start passed (the lifecycle job may lag a few seconds:
 * the rules must already be the ones it will freeze).
 */
export const hasStarted = (row: Pick<CampaignRow, 'status' | 'startsAt'>, now: Date) =>
  row.status !== 'DRAFT' && (row.status !== 'PUBLISHED' || row.startsAt <= now);

async function lockCampaign(tx: Transaction, slug: string): Promise<CampaignRow> {
  const [row] = await tx.select().from(campaigns).where(eq(campaigns.slug, slug)).for('update');
  if (!row) throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
  return row;
}

/** Publishing refuses a rule that could not be paid as written, and a campaign already over. */
function assertPublishable(row: Pick<CampaignRow, 'endsAt'>, input: CampaignInput['reward'], now: Date) {
  const problems = rewardProblems(input);
  if (problems.length > 0)
    throw new AppError(400, `reward: ${problems[0]}`, {
      issues: problems.map((message) => ({ path: 'reward', message })),
    });
  if (row.endsAt <= now) throw new AppError(409, CAMPAIGN_ALREADY_OVER_MESSAGE);
}

/** The reward rule of a stored campaign, as the contract writes it (to check it again at publish). */
function rewardInputOf(row: CampaignRow): CampaignInput['reward'] {
  switch (row.variant) {
    case 'FIXED_SLOT_FIXED_REWARD':
      return { variant: row.variant, slots: row.totalSlots ?? 0, amount: String(row.rewardAmount ?? 0n) };
    case 'OPEN_SLOT_DYNAMIC_REWARD':
      return { variant: row.variant, pool: String(row.pool) };
    case 'OPEN_SLOT_LEADERBOARD_REWARD':
      return { variant: row.variant, pool: String(row.pool), bands: row.bands ?? [] };
    case 'OPEN_SLOT_RAFFLE_REWARD':
      return { variant: row.variant, pool: String(row.pool), winners: row.winners ?? 0 };
  }
}

export interface OperatorCampaign {
  id: string;
  slug: string;
  status: CampaignLifecycle;
  created: boolean;
}

/**
 * Creates or edits a campaign by slug (a draft unless `publish`). Before it starts everything may
 * change; once started, only how it is presented (title, description, cover, hub, game, featured,
 * private, stages, translations): a change of its rules or tasks is refused with 409.
 */
export async function upsertCampaign(
  tx: Transaction,
  raw: unknown,
  actor: Actor,
  options: { publish: boolean; now: Date },
): Promise<OperatorCampaign> {
  const { now } = options;
  const input = parseCampaign(raw);
  const gameId = await checkHubAndGame(tx, input);
  const [existing] = await tx.select().from(campaigns).where(eq(campaigns.slug, input.slug)).for('update');
  const startsAt = new Date(input.startsAt);
  const endsAt = new Date(input.endsAt);
  const reward = rewardColumns(input.reward);
  const presentation = {
    title: input.title,
    description: input.description,
    coverUrl: input.coverUrl,
    hubSlug: input.hubSlug,
    gameId,
    featured: input.featured,
    private: input.private,
    stages: input.stages,
    translations: input.translations,
    updatedAt: now,
  };
  const rules = {
    ...reward,
    referralReward: input.referral ? BigInt(input.referral.rewardPerFinisher) : null,
    referralMax: input.referral?.maxRewardedReferrals ?? null,
    eligibility: input.eligibility,
    entryCaps: input.entryCaps,
    startsAt,
    endsAt,
  };
  const questValues = {
    slug: campaignQuestSlug(input.slug),
    kind: 'campaign' as const,
    title: input.title,
    description: input.description,
    coverUrl: input.coverUrl,
    hubSlug: input.hubSlug,
    gameId,
    startsAt,
    endsAt,
    featured: false,
    translations: input.translations,
    createdBy: actor.name,
    updatedAt: now,
  };
  const publish = options.publish || existing?.status === 'PUBLISHED';

  if (!existing) {
    if (publish) assertPublishable({ endsAt }, input.reward, now);
    const id = randomUUID();
    const board = await createLeaderboard(tx, {
      slug: campaignBoardSlug(input.slug),
      title: input.title,
      kind: 'campaign',
      campaignId: id,
      startsAt,
      endsAt,
      publishedAt: publish ? now : null,
    });
    const [quest] = await tx
      .insert(quests)
      .values({ ...questValues, publishedAt: publish ? now : null })
      .returning({ id: quests.id });
    await tx.insert(questTasks).values(questTaskRows(quest!.id, input.tasks));
    const [row] = await tx
      .insert(campaigns)
      .values({
        id,
        slug: input.slug,
        questId: quest!.id,
        leaderboardId: board.id,
        ...presentation,
        ...rules,
        status: publish ? 'PUBLISHED' : 'DRAFT',
        publishedAt: publish ? now : null,
        createdBy: actor.name,
      })
      .returning();
    await writeSlots(tx, id, reward.totalSlots);
    await logOperatorAction(tx, actor, 'campaign.create', input.slug, { publish, variant: reward.variant });
    return { id: row!.id, slug: row!.slug, status: row!.status, created: true };
  }

  const taskRows = questTaskRows(existing.questId, input.tasks);
  if (hasStarted(existing, now)) {
    const storedTasks = await tx
      .select()
      .from(questTasks)
      .where(eq(questTasks.questId, existing.questId))
      .orderBy(asc(questTasks.position));
    if (
      rulesOf({ ...existing }) !== rulesOf({ ...rules }) ||
      tasksOfRows(storedTasks) !== tasksOfRows(taskRows)
    )
      throw new AppError(409, CAMPAIGN_RULES_FROZEN_MESSAGE);
    await tx.update(campaigns).set(presentation).where(eq(campaigns.id, existing.id));
    const { startsAt: _s, endsAt: _e, ...questPresentation } = questValues;
    await tx.update(quests).set(questPresentation).where(eq(quests.id, existing.questId));
    await tx
      .update(leaderboards)
      .set({ title: input.title })
      .where(eq(leaderboards.id, existing.leaderboardId));
    await logOperatorAction(tx, actor, 'campaign.edit', input.slug, { started: true });
    return { id: existing.id, slug: existing.slug, status: existing.status, created: false };
  }

  if (publish) assertPublishable({ endsAt }, input.reward, now);
  const publishedAt = publish ? (existing.publishedAt ?? now) : null;
  await tx
    .update(campaigns)
    .set({ ...presentation, ...rules, status: publish ? 'PUBLISHED' : 'DRAFT', publishedAt })
    .where(eq(campaigns.id, existing.id));
  await writeSlots(tx, existing.id, reward.totalSlots);
  await tx
    .update(quests)
    .set({ ...questValues, publishedAt })
    .where(eq(quests.id, existing.questId));
  // Nobody can have entered before the start: the tasks are replaced.
  await tx.delete(questTasks).where(eq(questTasks.questId, existing.questId));
  await tx.insert(questTasks).values(taskRows);
  await tx
    .update(leaderboards)
    .set({ title: input.title, startsAt, endsAt, publishedAt })
    .where(eq(leaderboards.id, existing.leaderboardId));
  await logOperatorAction(tx, actor, 'campaign.replace', input.slug, { publish, variant: reward.variant });
  return { id: existing.id, slug: existing.slug, status: publish ? 'PUBLISHED' : 'DRAFT', created: false };
}

/**
 * Creates or edits several campaigns in the caller's transaction, in order: the first refusal throws
 * (its message prefixed with the campaign's slug) and the transaction writes none of them.
 */
export async function importCampaigns(
  tx: Transaction,
  list: readonly Record<string, unknown>[],
  actor: Actor,
  options: { publish: boolean; now: Date },
): Promise<OperatorCampaign[]> {
  const slugs = list.map((raw, i) => (typeof raw.slug === 'string' ? raw.slug : `#${i + 1}`));
  const twice = slugs.find((slug, i) => slugs.indexOf(slug) !== i);
  if (twice) throw new AppError(400, `${twice}: ${CAMPAIGN_SLUG_TWICE_MESSAGE}`);
  const results: OperatorCampaign[] = [];
  for (const [i, raw] of list.entries()) {
    try {
      results.push(await upsertCampaign(tx, raw, actor, options));
    } catch (error) {
      if (error instanceof AppError)
        throw new AppError(error.status, `${slugs[i]}: ${error.message}`, error.data);
      throw error;
    }
  }
  return results;
}

/** Publishes a draft after checking its variant's parameters; publishing a published campaign changes nothing. */
export async function publishCampaign(
  tx: Transaction,
  slug: string,
  actor: Actor,
  now: Date,
): Promise<OperatorCampaign> {
  const row = await lockCampaign(tx, slug);
  if (row.status !== 'DRAFT') {
    if (row.status !== 'PUBLISHED' && row.status !== 'LIVE')
      throw new AppError(409, CAMPAIGN_ALREADY_OVER_MESSAGE);
    return { id: row.id, slug, status: row.status, created: false };
  }
  assertPublishable(row, rewardInputOf(row), now);
  await tx
    .update(campaigns)
    .set({ status: 'PUBLISHED', publishedAt: now, updatedAt: now })
    .where(and(eq(campaigns.id, row.id), eq(campaigns.status, 'DRAFT')));
  await tx.update(quests).set({ publishedAt: now, updatedAt: now }).where(eq(quests.id, row.questId));
  await publishLeaderboard(tx, row.leaderboardId, now);
  await logOperatorAction(tx, actor, 'campaign.publish', slug);
  return { id: row.id, slug, status: 'PUBLISHED', created: false };
}

/**
 * Ends a live campaign now: its end (campaign, quest and board) becomes now and it moves LIVE → ENDED;
 * the lifecycle job then processes its rewards as at a planned end. Ending an ended campaign changes
 * nothing; a campaign that is not live yet cannot be ended (409).
 */
export async function endCampaign(
  tx: Transaction,
  slug: string,
  actor: Actor,
  now: Date,
): Promise<OperatorCampaign> {
  const row = await lockCampaign(tx, slug);
  if (row.status === 'DRAFT' || row.status === 'PUBLISHED')
    throw new AppError(409, CAMPAIGN_NOT_LIVE_MESSAGE);
  if (row.status !== 'LIVE') return { id: row.id, slug, status: row.status, created: false };
  // The end stays after the start (a CHECK), even when ended in the very millisecond it started.
  const endsAt = new Date(Math.max(now.getTime(), row.startsAt.getTime() + 1));
  await tx
    .update(campaigns)
    .set({ status: 'ENDED', endsAt, endedAt: now, updatedAt: now })
    .where(and(eq(campaigns.id, row.id), eq(campaigns.status, 'LIVE')));
  await tx.update(quests).set({ endsAt, updatedAt: now }).where(eq(quests.id, row.questId));
  await endLeaderboard(tx, row.leaderboardId, endsAt);
  await logOperatorAction(tx, actor, 'campaign.end', slug, { plannedEnd: row.endsAt.toISOString() });
  return { id: row.id, slug, status: 'ENDED', created: false };
}

const heldEntryView = (e: CampaignEntryRow) => ({
  entryId: String(e.id),
  userId: e.userId,
  status: e.status,
  heldReason: e.heldReason,
  startedAt: e.startedAt.toISOString(),
  finishedAt: e.finishedAt?.toISOString() ?? null,
});

/** The entries held by the fairness rules, oldest first. */
export async function listHeldEntries(db: Executor, slug: string) {
  const [row] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.slug, slug));
  if (!row) throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
  const entries = await db
    .select()
    .from(campaignEntries)
    .where(and(eq(campaignEntries.campaignId, row.id), eq(campaignEntries.status, 'HELD')))
    .orderBy(asc(campaignEntries.startedAt), asc(campaignEntries.id));
  return { entries: entries.map(heldEntryView) };
}

/**
 * Reviews a held entry. Release: it counts again (FINISHED if it finished, else STARTED) and its HELD
 * rewards become CLAIMABLE. Disqualify: DISQUALIFIED, and its HELD rewards are dropped, their amount
 * going back from the rewards pool to the treasury (a referral bonus, funded by the treasury, is simply
 * dropped). The campaign row is locked first, as reward processing does, so a review and the processing
 * of the same campaign take turns.
 */
export async function reviewEntry(
  tx: Transaction,
  slug: string,
  entryId: string,
  decision: 'release' | 'disqualify',
  actor: Actor,
) {
  const campaign = await lockCampaign(tx, slug);
  if (!/^\d{1,18}$/.test(entryId)) throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
  const [entry] = await tx
    .select()
    .from(campaignEntries)
    .where(and(eq(campaignEntries.id, Number(entryId)), eq(campaignEntries.campaignId, campaign.id)))
    .for('update');
  if (!entry) throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
  if (entry.status !== 'HELD') throw new AppError(409, CAMPAIGN_ENTRY_NOT_HELD_MESSAGE);
  const held = await tx
    .select()
    .from(campaignRewards)
    .where(
      and(
        eq(campaignRewards.campaignId, campaign.id),
        eq(campaignRewards.userId, entry.userId),
        eq(campaignRewards.status, 'HELD'),
      ),
    );
  let status: CampaignEntryRow['status'];
  if (decision === 'release') {
    // The published entrant list of a drawn raffle must stay the one the draw used.
    if (campaign.variant === 'OPEN_SLOT_RAFFLE_REWARD' && campaign.drawnAt && entry.finishedAt)
      throw new AppError(409, CAMPAIGN_RAFFLE_DRAWN_MESSAGE);
    status = entry.finishedAt ? 'FINISHED' : 'STARTED';
    if (held.length > 0)
      await tx
        .update(campaignRewards)
        .set({ status: 'CLAIMABLE' })
        .where(
          inArray(
            campaignRewards.id,
            held.map((r) => r.id),
          ),
        );
  } else {
    status = 'DISQUALIFIED';
    const fromPool = held.filter((r) => r.earningType !== 'REFERRAL_BONUS');
    if (fromPool.length > 0)
      await transferMany(
        tx,
        fromPool.map((r) =>
          rewardsPoolReturn({
            idempotencyKey: `campaign-drop:${r.allocationKey}`,
            amount: r.amount,
            metadata: { campaignId: campaign.id, refund: true, reason: 'disqualified' },
          }),
        ),
      );
    if (held.length > 0)
      await tx.delete(campaignRewards).where(
        inArray(
          campaignRewards.id,
          held.map((r) => r.id),
        ),
      );
  }
  const [updated] = await tx
    .update(campaignEntries)
    .set({ status, heldReason: decision === 'release' ? null : entry.heldReason })
    .where(eq(campaignEntries.id, entry.id))
    .returning();
  // A finished entry held at its finish earned its referrer nothing then; released, it does now.
  if (status === 'FINISHED') await awardReferralBonus(tx, campaign, entry.userId);
  await logOperatorAction(tx, actor, `campaign.entry.${decision}`, slug, {
    entryId,
    rewards: held.length,
  });
  return heldEntryView(updated!);
}
