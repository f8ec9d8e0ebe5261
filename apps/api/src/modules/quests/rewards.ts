import type { Transaction } from '@khel/db';
import type { QuestRow } from '@khel/db/schema';
import { grantEarning } from '../earnings/earnings.ts';
import { centralizedBoardId, recordPoints } from '../leaderboards/leaderboards.ts';
import { systemAccount, transfer, userAccount } from '../ledger/ledger.ts';
import { enqueueNotification } from '../notifications/outbox.ts';

export interface QuestRewards {
  kpoints: bigint | null;
  kcash: bigint | null;
  rkhel: bigint | null;
}

/** 100 % in basis points. */
export const NO_BOOST_BASIS_POINTS = 10_000n;

/**
 * THE place a reward boost applies (SPEC §6: only POG minters get earnings boosts). Returns the
 * multiplier in basis points for this user; 10 000 (×1) until the POG capability gives holders more.
 */
export async function rewardBoostBasisPoints(_tx: Transaction, _userId: string): Promise<bigint> {
  return NO_BOOST_BASIS_POINTS;
}

/** The quest's rewards for this user, boosted (rounded down to the minor unit). */
export async function boostedRewards(
  tx: Transaction,
  userId: string,
  quest: QuestRow,
): Promise<QuestRewards> {
  const bp = await rewardBoostBasisPoints(tx, userId);
  const boost = (v: bigint | null) => (v === null ? null : (v * bp) / NO_BOOST_BASIS_POINTS);
  return {
    kpoints: boost(quest.rewardKpoints),
    kcash: boost(quest.rewardKcash),
    rkhel: boost(quest.rewardRkhel),
  };
}

/**
 * Grants a completed quest's rewards, in the caller's transaction, exactly once per (user, quest):
 * K-Cash as an earning to collect (grantEarning, key `kquest:<quest>:<user>`), K-Points and rKHEL as
 * `reward` transfers from the treasury (ledger keys `quest-reward:<quest>:<user>:<currency>`), and the
 * "quest completed" and "reward ready" notifications. The K-Points also count on the centralized
 * leaderboard ('k-points', source `quest:<quest>`, reached at `now`). Every key is idempotent, so a
 * second call moves nothing.
 */
export async function grantQuestRewards(
  tx: Transaction,
  userId: string,
  quest: QuestRow,
  now: Date,
): Promise<QuestRewards> {
  const rewards = await boostedRewards(tx, userId, quest);
  const key = `${quest.id}:${userId}`;
  if (rewards.kcash && rewards.kcash > 0n)
    await grantEarning(tx, {
      userId,
      amount: rewards.kcash,
      source: 'kquest',
      sourceRef: quest.id,
      title: quest.title.slice(0, 120),
      grantKey: `kquest:${key}`,
    });
  for (const [currency, kind, amount] of [
    ['KPOINTS', 'user_kpoints', rewards.kpoints],
    ['RKHEL', 'user_rkhel', rewards.rkhel],
  ] as const) {
    if (!amount || amount <= 0n) continue;
    await transfer(tx, {
      idempotencyKey: `quest-reward:${key}:${currency}`,
      debit: systemAccount('treasury'),
      credit: userAccount(userId, kind),
      amount,
      currency,
      kind: 'reward',
      metadata: { questId: quest.id, questTitle: quest.title },
    });
  }
  if (rewards.kpoints && rewards.kpoints > 0n)
    await recordPoints(tx, {
      leaderboardId: await centralizedBoardId(tx),
      userId,
      sourceKey: `quest:${quest.id}`,
      label: quest.title,
      points: Number(rewards.kpoints),
      at: now,
    });
  const payload = {
    questId: quest.id,
    questSlug: quest.slug,
    questTitle: quest.title,
    kpoints: rewards.kpoints?.toString() ?? null,
    kcash: rewards.kcash?.toString() ?? null,
    rkhel: rewards.rkhel?.toString() ?? null,
  };
  await enqueueNotification(tx, {
    kind: 'quest_completed',
    userId,
    dedupeKey: `quest-completed:${key}`,
    payload,
  });
  if (rewards.kcash && rewards.kcash > 0n)
    await enqueueNotification(tx, {
      kind: 'reward_ready',
      userId,
      dedupeKey: `reward-ready:${key}`,
      payload,
    });
  return rewards;
}
