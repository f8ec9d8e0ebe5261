import type { NotificationKind } from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import {
  type CampaignEntryRow,
  type CampaignRewardRow,
  type CampaignRow,
  campaignEntries,
  campaignReminders,
  campaignRewards,
  campaigns,
  hubFollows,
  leaderboardEntries,
  outbox,
} from '@khel/db/schema';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { AppDeps, JobHandler, RecurringJob } from '../../lib/context.ts';
import {
  fundRewardsPool,
  rewardsPoolReturn,
  systemAccount,
  type TransferInput,
  transferMany,
} from '../ledger/index.ts';
import { notificationPayload } from './entries.ts';
import { dynamicPayout, leaderboardPayout, type Payout, rafflePayout } from './payouts.ts';
import { drawRaffle, newRaffleSeed, raffleSeedHash } from './raffle.ts';
import { refreshRemainingSlots } from './slots.ts';

/**
 * The campaign lifecycle, moved on time by one recurring job (every few seconds, any number of
 * workers): PUBLISHED → LIVE at the start (the pool funded treasury → rewards_pool, a raffle's seed drawn
 * and its hash published, followers told), LIVE → ENDED at the end, ENDED → PROCESSING_REWARDS, then the
 * processing itself, → REWARDS_CREDITED, and → ARCHIVED a while later.
 *
 * Each step is a conditional UPDATE (`WHERE id = … AND status = '<from>'`) in the transaction that does
 * the step's work, so of any number of workers exactly one moves a campaign, and a crash undoes the
 * whole step. Processing writes every allocation (campaign_rewards, unique allocation_key), the rounding
 * and refund transfers and the status change in ONE transaction, under a lock on the campaign row: a
 * worker killed in the middle leaves nothing behind, the next run does it all, and nothing is paid twice.
 *
 * Ledger invariant, per campaign: funding (campaign-fund:<id>) = Σ its pool-funded reward rows
 * (claimable, claimed, held) + rounding (campaign-rounding:<id>) + refunds (campaign-refund:<id>, and
 * campaign-drop:<allocation> for disqualified held rewards).
 */

export const CAMPAIGN_LIFECYCLE_JOB = 'campaigns.lifecycle';
export const CAMPAIGN_LIFECYCLE_EVERY_MS = 5_000;
/** Processing waits this long after the end, so a task validation that began before it lands first. */
export const PROCESSING_GRACE_MS = 10_000;
/** Credited campaigns leave the lists this long after their rewards were credited. */
export const ARCHIVE_AFTER_MS = 30 * 24 * 60 * 60 * 1000;
/** Campaigns moved per step and run: a backlog is worked through over the next runs. */
const BATCH = 50;
/** Rows per INSERT when writing a campaign's rewards and messages. */
const CHUNK = 1000;

export const campaignLedgerKeys = (campaignId: string) => ({
  funding: `campaign-fund:${campaignId}`,
  rounding: `campaign-rounding:${campaignId}`,
  refund: `campaign-refund:${campaignId}`,
});

/** The allocation key of a pool reward: one per campaign, user and kind, whatever retries. */
export const allocationKey = (campaignId: string, userId: string, type: CampaignRewardRow['earningType']) =>
  `${campaignId}:${userId}:${type}`;

type LifecycleDeps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

export interface ProcessOptions {
  /** Tests only: runs inside the processing transaction after every write, before the commit. */
  afterWrites?: (tx: Transaction) => Promise<void>;
}

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** PUBLISHED → LIVE for one campaign: fund the pool, draw a raffle's seed, tell the hub's followers. */
async function goLive(deps: LifecycleDeps, id: string): Promise<boolean> {
  const now = deps.clock();
  const seed = newRaffleSeed();
  const raffle = sql`${campaigns.variant} = 'OPEN_SLOT_RAFFLE_REWARD'`;
  return deps.db.transaction(async (tx) => {
    // Only a raffle keeps a seed (the variant is read in the UPDATE: it is frozen from the start on).
    const [row] = await tx
      .update(campaigns)
      .set({
        status: 'LIVE',
        liveAt: now,
        updatedAt: now,
        seed: sql`case when ${raffle} then ${seed} else null end`,
        seedHash: sql`case when ${raffle} then ${raffleSeedHash(seed)} else null end`,
      })
      .where(and(eq(campaigns.id, id), eq(campaigns.status, 'PUBLISHED'), lte(campaigns.startsAt, now)))
      .returning();
    if (!row) return false;
    await fundRewardsPool(tx, {
      idempotencyKey: campaignLedgerKeys(row.id).funding,
      amount: row.pool,
      metadata: { campaignId: row.id, campaignSlug: row.slug },
    });
    // Who asked to hear it: "Notify me" on the upcoming campaign, and followers of its partner hub
    // (one message each, whatever both: the dedupe key is per campaign and user).
    const payload = JSON.stringify(notificationPayload(row, null));
    await tx.execute(sql`
      insert into ${outbox} (kind, user_id, dedupe_key, payload)
      select 'campaign_live', asked.user_id, 'campaign-live:' || ${row.id} || ':' || asked.user_id, ${payload}::jsonb
      from (
        select ${campaignReminders.userId} as user_id from ${campaignReminders} where ${campaignReminders.campaignId} = ${row.id}
        union
        select ${hubFollows.userId} from ${hubFollows} where ${hubFollows.hubSlug} = ${row.hubSlug}
      ) asked
      on conflict (dedupe_key) do nothing`);
    return true;
  });
}

/** The finishers a pool is split among: FINISHED, and HELD ones that finished (paid HELD). */
async function poolFinishers(db: Executor, campaignId: string): Promise<CampaignEntryRow[]> {
  return db
    .select()
    .from(campaignEntries)
    .where(
      and(
        eq(campaignEntries.campaignId, campaignId),
        inArray(campaignEntries.status, ['FINISHED', 'HELD']),
        isNotNull(campaignEntries.finishedAt),
      ),
    )
    .orderBy(asc(campaignEntries.id));
}

/** Finishers in leaderboard order: points first, then who reached them first, then who entered first. */
async function rankedFinishers(db: Executor, campaign: CampaignRow): Promise<CampaignEntryRow[]> {
  const rows = await db
    .select({ entry: campaignEntries })
    .from(campaignEntries)
    .leftJoin(
      leaderboardEntries,
      and(
        eq(leaderboardEntries.leaderboardId, campaign.leaderboardId),
        eq(leaderboardEntries.userId, campaignEntries.userId),
      ),
    )
    .where(
      and(
        eq(campaignEntries.campaignId, campaign.id),
        inArray(campaignEntries.status, ['FINISHED', 'HELD']),
        isNotNull(campaignEntries.finishedAt),
      ),
    )
    .orderBy(
      sql`coalesce(${leaderboardEntries.score}, ${campaignEntries.points}) desc`,
      sql`coalesce(${leaderboardEntries.reachedAt}, ${campaignEntries.finishedAt}) asc`,
      // The board's own last tie-break (leaderboards.ts), so a prize follows the rank shown.
      asc(campaignEntries.userId),
    );
  return rows.map((r) => r.entry);
}

interface Computed {
  payout: Payout;
  earningType: CampaignRewardRow['earningType'];
  /** The entries that took part, by user (a reward of a HELD entry is written HELD). */
  entries: Map<string, CampaignEntryRow>;
  drawn: boolean;
}

async function computePayout(tx: Transaction, c: CampaignRow): Promise<Computed> {
  const byUser = (list: CampaignEntryRow[]) => new Map(list.map((e) => [e.userId, e]));
  switch (c.variant) {
    case 'FIXED_SLOT_FIXED_REWARD': {
      // The rewards were written as each finisher took a slot; the slots nobody took go back (counted
      // from the slot rows: no take can commit now, the campaign is past LIVE).
      const refund = BigInt(await refreshRemainingSlots(tx, c.id)) * (c.rewardAmount ?? 0n);
      return {
        payout: { allocations: [], rounding: 0n, refund },
        earningType: 'FIXED_REWARD',
        entries: new Map(),
        drawn: false,
      };
    }
    case 'OPEN_SLOT_DYNAMIC_REWARD': {
      const list = await poolFinishers(tx, c.id);
      return {
        payout: dynamicPayout({
          pool: c.pool,
          finishers: list.map((e) => ({ userId: e.userId, points: e.points })),
        }),
        earningType: 'POOL_SHARE',
        entries: byUser(list),
        drawn: false,
      };
    }
    case 'OPEN_SLOT_LEADERBOARD_REWARD': {
      const list = await rankedFinishers(tx, c);
      return {
        payout: leaderboardPayout({ pool: c.pool, bands: c.bands ?? [], ranked: list.map((e) => e.userId) }),
        earningType: 'LEADERBOARD_PRIZE',
        entries: byUser(list),
        drawn: false,
      };
    }
    case 'OPEN_SLOT_RAFFLE_REWARD': {
      if (!c.seed) throw new Error(`raffle campaign ${c.id} has no seed`);
      // Entrants: FINISHED entries only (held and disqualified ones are not drawn).
      const list = (await poolFinishers(tx, c.id)).filter((e) => e.status === 'FINISHED');
      const byEntry = new Map(list.map((e) => [String(e.id), e]));
      const drawn = drawRaffle(
        c.seed,
        list.map((e) => String(e.id)),
        c.winners ?? 0,
      ).map((entryId) => byEntry.get(entryId)!.userId);
      return {
        payout: rafflePayout({ pool: c.pool, winners: c.winners ?? 0, drawn }),
        earningType: 'RAFFLE_PRIZE',
        entries: byUser(list),
        drawn: true,
      };
    }
  }
}

/**
 * Processes one campaign's rewards in one transaction: lock the row (it must still be
 * PROCESSING_REWARDS), compute the allocations, write them, book rounding and refund, mark it
 * REWARDS_CREDITED, and queue the messages. Returns false when another worker already did it.
 */
export async function processCampaignRewards(
  deps: LifecycleDeps,
  campaignId: string,
  options: ProcessOptions = {},
): Promise<boolean> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.status, 'PROCESSING_REWARDS')))
      .for('update');
    if (!c) return false;
    const { payout, earningType, entries, drawn } = await computePayout(tx, c);

    const rows = payout.allocations.map((a) => ({
      campaignId: c.id,
      userId: a.userId,
      allocationKey: allocationKey(c.id, a.userId, earningType),
      earningType,
      amount: a.amount,
      rank: a.rank ?? null,
      status: entries.get(a.userId)?.status === 'HELD' ? ('HELD' as const) : ('CLAIMABLE' as const),
      createdAt: now,
    }));
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx
        .insert(campaignRewards)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoNothing({ target: campaignRewards.allocationKey });

    const keys = campaignLedgerKeys(c.id);
    const legs: TransferInput[] = [];
    if (payout.rounding > 0n)
      legs.push({
        idempotencyKey: keys.rounding,
        debit: systemAccount('rewards_pool'),
        credit: systemAccount('rounding'),
        amount: payout.rounding,
        currency: 'KCASH',
        kind: 'rounding',
        metadata: { campaignId: c.id },
      });
    if (payout.refund > 0n)
      legs.push(
        rewardsPoolReturn({
          idempotencyKey: keys.refund,
          amount: payout.refund,
          metadata: { campaignId: c.id, refund: true },
        }),
      );
    if (legs.length > 0) await transferMany(tx, legs);

    await tx
      .update(campaigns)
      .set({
        status: 'REWARDS_CREDITED',
        creditedAt: now,
        updatedAt: now,
        ...(drawn ? { drawnAt: now } : {}),
      })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.status, 'PROCESSING_REWARDS')));

    // One message per finisher: the raffle's winners hear they won, a new claimable share says so, and
    // everyone else that the rewards are out. Fixed campaigns paid at the finish: nothing new to say.
    if (c.variant !== 'FIXED_SLOT_FIXED_REWARD') {
      // One set-based statement, however many finishers: each one's kind and amount come from the reward
      // row just written (joined by its allocation key), the rest of the payload is the campaign's.
      const claimKind: NotificationKind =
        c.variant === 'OPEN_SLOT_RAFFLE_REWARD' ? 'raffle_won' : 'campaign_claim_available';
      const base = JSON.stringify(notificationPayload(c, null));
      const e = campaignEntries;
      const r = campaignRewards;
      await tx.execute(sql`
        insert into ${outbox} (kind, user_id, dedupe_key, payload)
        select m.kind, m.user_id, m.kind || ':' || ${c.id}::text || ':' || m.user_id, m.payload
        from (
          select ${e.userId} as user_id,
            case when ${r.status} = 'CLAIMABLE' then ${claimKind}::text else 'campaign_rewards_credited' end as kind,
            ${base}::jsonb || jsonb_build_object(
              'kcash', case when ${r.status} = 'CLAIMABLE' then ${r.amount}::text end) as payload
          from ${e}
          left join ${r} on ${r.allocationKey} = ${c.id}::text || ':' || ${e.userId} || ':' || ${earningType}::text
          where ${e.campaignId} = ${c.id} and ${e.status} in ('FINISHED', 'HELD') and ${e.finishedAt} is not null
        ) m
        on conflict (dedupe_key) do nothing`);
    }
    await options.afterWrites?.(tx);
    return true;
  });
}

export interface AdvanceResult {
  live: number;
  ended: number;
  processing: number;
  credited: number;
  archived: number;
}

/** One run of the lifecycle: every step for every due campaign (up to BATCH per step). */
export async function advanceCampaigns(
  deps: LifecycleDeps,
  options: ProcessOptions = {},
): Promise<AdvanceResult> {
  const result: AdvanceResult = { live: 0, ended: 0, processing: 0, credited: 0, archived: 0 };
  let now = deps.clock();

  const due = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.status, 'PUBLISHED'), lte(campaigns.startsAt, now)))
    .orderBy(asc(campaigns.startsAt))
    .limit(BATCH);
  for (const c of due) if (await goLive(deps, c.id)) result.live++;

  now = deps.clock();
  const ended = await deps.db
    .update(campaigns)
    .set({ status: 'ENDED', endedAt: now, updatedAt: now })
    .where(and(eq(campaigns.status, 'LIVE'), lte(campaigns.endsAt, now)))
    .returning({ id: campaigns.id });
  result.ended = ended.length;

  const graceOver = new Date(deps.clock().getTime() - PROCESSING_GRACE_MS);
  const started = await deps.db
    .update(campaigns)
    .set({ status: 'PROCESSING_REWARDS', updatedAt: deps.clock() })
    .where(and(eq(campaigns.status, 'ENDED'), lte(campaigns.endsAt, graceOver)))
    .returning({ id: campaigns.id });
  result.processing = started.length;

  // Every campaign in processing, including one a crashed worker left there.
  const toProcess = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.status, 'PROCESSING_REWARDS'))
    .orderBy(asc(campaigns.endsAt))
    .limit(BATCH);
  for (const c of toProcess) if (await processCampaignRewards(deps, c.id, options)) result.credited++;

  const archiveBefore = new Date(deps.clock().getTime() - ARCHIVE_AFTER_MS);
  const archived = await deps.db
    .update(campaigns)
    .set({ status: 'ARCHIVED', updatedAt: deps.clock() })
    .where(
      and(eq(campaigns.status, 'REWARDS_CREDITED'), sql`${campaigns.creditedAt} <= ${at(archiveBefore)}`),
    )
    .returning({ id: campaigns.id });
  result.archived = archived.length;
  return result;
}

export const campaignJobHandlers: Record<string, JobHandler> = {
  [CAMPAIGN_LIFECYCLE_JOB]: async (deps) => {
    const result = await advanceCampaigns(deps);
    if (Object.values(result).some((n) => n > 0)) deps.logger.info('campaigns advanced', { ...result });
  },
};

export const campaignRecurringJobs: RecurringJob[] = [
  { kind: CAMPAIGN_LIFECYCLE_JOB, everyMs: CAMPAIGN_LIFECYCLE_EVERY_MS },
];
