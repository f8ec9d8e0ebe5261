import type { Transaction } from '@khel/db';
import type { QuestRow } from '@khel/db/schema';
import { grantEarning, NO_BOOST_BASIS_POINTS, rewardBoostBasisPoints } from '../earnings/index.ts';
import { centralizedBoardId, recordPointsLater } from '../leaderboards/index.ts';
import { systemAccount, transfer, userAccount } from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';

export interface QuestRewards {
  kpoints: bigint | null;
  kcash: bigint | null;
  rkhel: bigint | null;
}

/** The quest's rewards for this user, boosted (rounded down to the minor unit), and the boost. */
export async function boostedRewards(
  tx: Transaction,
  userId: string,
  quest: QuestRow,
): Promise<QuestRewards & { boostBasisPoints: bigint }> {
  const bp = await rewardBoostBasisPoints(tx, userId);
  const boost = (v: bigint | null) => (v === null ? null : (v * bp) / NO_BOOST_BASIS_POINTS);
  return {
    kpoints: boost(quest.rewardKpoints),
    kcash: boost(quest.rewardKcash),
    rkhel: boost(quest.rewardRkhel),
    boostBasisPoints: bp,
  };
}

/**
 * Grants a completed quest's rewards, in the caller's transaction, exactly once per (user, quest):
 * K-Cash as an earning to collect (grantEarning, key `kquest:<quest>:<user>`), K-Points and rKHEL as
 * `reward` transfers from the treasury (ledger keys `quest-reward:<quest>:<user>:<currency>`), and the
 * "quest completed" and "reward ready" notifications. The K-Points also count on the centralized
 * leaderboard ('k-points', source `quest:<quest>`, reached at `now`), by a job written here
 * (recordPointsLater), so the request holds no board row. Every key is idempotent, so a second call
 * moves nothing.
 */
export async function grantQuestRewards(
  tx: Transaction,
  userId: string,
  quest: QuestRow,
  now: Date,
  /** A recurring quest's period key (`2026-11-29`): each period is paid once under its own keys. */
  periodKey?: string,
): Promise<QuestRewards> {
  const { boostBasisPoints, ...rewards } = await boostedRewards(tx, userId, quest);
  const period = periodKey ? `:${periodKey}` : '';
  const key = `${quest.id}:${userId}${period}`;
  // K-Cash is boosted by grantEarning itself, so the earning records the boost and the amount before it.
  if (quest.rewardKcash && quest.rewardKcash > 0n)
    await grantEarning(tx, {
      userId,
      amount: quest.rewardKcash,
      boostBasisPoints: Number(boostBasisPoints),
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
  // On the K-Points board by a job: the completing request writes no board row (leaderboards recordPointsLater).
  if (rewards.kpoints && rewards.kpoints > 0n)
    await recordPointsLater(tx, {
      leaderboardId: await centralizedBoardId(tx),
      userId,
      sourceKey: `quest:${quest.id}${period}`,
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
