import { randomUUID } from 'node:crypto';
import type { CampaignRewardInput } from '@khel/core/contract';
import { type Database, type Executor, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { recordPoints } from '../leaderboards/leaderboards.ts';
import { rawRows } from '../ledger/ledger.test-support.ts';
import { upsertCampaign } from './catalogue.ts';
import { campaignLedgerKeys } from './lifecycle.ts';
import { refreshRemainingSlots, takeSlot } from './slots.ts';

export const HOUR = 3_600_000;
export const TEST_ACTOR = { operatorId: null, name: 'test' };

/** A campaign input (contract campaignInputSchema) starting in an hour for a day, with two tasks. */
export function campaignJson(
  slug: string,
  now: Date,
  reward: CampaignRewardInput,
  fields: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    slug,
    title: `Campaign ${slug}`,
    description: 'A campaign made by a test.',
    startsAt: new Date(now.getTime() + HOUR).toISOString(),
    endsAt: new Date(now.getTime() + 25 * HOUR).toISOString(),
    reward,
    tasks: [
      { title: 'Enter the code', points: 10, config: { type: 'special_code', code: 'KDROP1' } },
      { title: 'Enter the other code', points: 5, config: { type: 'special_code', code: 'KDROP2' } },
    ],
    ...fields,
  };
}

/** A published campaign made directly through the catalogue; returns its row. */
export async function newCampaign(
  db: Database,
  now: Date,
  reward: CampaignRewardInput,
  fields: Record<string, unknown> = {},
): Promise<schema.CampaignRow> {
  const slug = `kd-${randomUUID().slice(0, 8)}`;
  await db.transaction((tx) =>
    upsertCampaign(tx, campaignJson(slug, now, reward, fields), TEST_ACTOR, { publish: true, now }),
  );
  const [row] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.slug, slug));
  return row!;
}

export async function campaignRow(db: Executor, id: string): Promise<schema.CampaignRow> {
  const [row] = await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, id));
  return row!;
}

export interface TestEntry {
  points?: number;
  status?: schema.CampaignEntryRow['status'];
  finished?: boolean;
}

/**
 * Entries of fresh users, as the user side writes them: the entry with its points, the points on the
 * campaign's board (earlier entries reach their score first), finishedAt for finishers. Returns them in
 * order with their user ids.
 */
export async function addEntries(
  db: Database,
  campaign: schema.CampaignRow,
  entries: TestEntry[],
  at: Date,
): Promise<(schema.CampaignEntryRow & { userId: string })[]> {
  const users = await db
    .insert(schema.users)
    .values(entries.map(() => ({})))
    .returning({ id: schema.users.id });
  const out: schema.CampaignEntryRow[] = [];
  for (const [i, e] of entries.entries()) {
    const userId = users[i]!.id;
    const when = new Date(at.getTime() + i * 1000);
    const finished = e.finished ?? true;
    const row = await db.transaction(async (tx) => {
      const [entry] = await tx
        .insert(schema.campaignEntries)
        .values({
          campaignId: campaign.id,
          userId,
          status: e.status ?? (finished ? 'FINISHED' : 'STARTED'),
          heldReason: e.status === 'HELD' ? 'Too many entries from one device' : null,
          points: e.points ?? 0,
          startedAt: when,
          finishedAt: finished ? when : null,
        })
        .returning();
      if ((e.points ?? 0) > 0)
        await recordPoints(tx, {
          leaderboardId: campaign.leaderboardId,
          userId,
          sourceKey: 'test',
          label: 'test',
          points: e.points!,
          at: when,
        });
      return entry!;
    });
    out.push(row);
  }
  return out;
}

/** FIXED: what the user side does at a finish: take a slot, write the reward. */
export async function takeFixedSlot(
  db: Database,
  campaign: schema.CampaignRow,
  userId: string,
  held = false,
) {
  await db.transaction(async (tx) => {
    const slot = await takeSlot(tx, campaign.id, userId, new Date());
    if (slot === null) return;
    await tx.insert(schema.campaignRewards).values({
      campaignId: campaign.id,
      userId,
      allocationKey: `${campaign.id}:${userId}:FIXED_REWARD`,
      earningType: 'FIXED_REWARD',
      amount: campaign.rewardAmount!,
      status: held ? 'HELD' : 'CLAIMABLE',
    });
  });
  await refreshRemainingSlots(db, campaign.id);
}

/** A campaign's money: funding, rewards by status, rounding and refunds, from the ledger and its rows. */
export async function campaignMoney(db: Executor, campaignId: string) {
  const keys = campaignLedgerKeys(campaignId);
  const sumOf = async (where: string) => {
    const [row] = await rawRows<{ s: string | null }>(
      db,
      `select coalesce(sum(amount), 0)::text as s from ledger_transfers where ${where}`,
    );
    return BigInt(row?.s ?? '0');
  };
  const funding = await sumOf(`idempotency_key = '${keys.funding}'`);
  const rounding = await sumOf(`idempotency_key = '${keys.rounding}'`);
  const refund = await sumOf(
    `idempotency_key = '${keys.refund}' or (idempotency_key like 'campaign-drop:${campaignId}:%')`,
  );
  const rewards = await db
    .select()
    .from(schema.campaignRewards)
    .where(eq(schema.campaignRewards.campaignId, campaignId));
  const pooled = rewards.filter((r) => r.earningType !== 'REFERRAL_BONUS');
  const paid = pooled.reduce((s, r) => s + r.amount, 0n);
  const transfers = await rawRows<{ n: number }>(
    db,
    `select count(*)::int as n from ledger_transfers where idempotency_key in ('${keys.funding}', '${keys.rounding}', '${keys.refund}')`,
  );
  return { funding, rounding, refund, paid, rewards, transferCount: Number(transfers[0]?.n ?? 0) };
}
