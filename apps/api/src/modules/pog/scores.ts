import type { PogBadgeId, PogScores, PogVariant } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { pogBadges, pogCards, pogScores } from '@khel/db/schema';
import { sql } from 'drizzle-orm';
import type { AppDeps, JobHandler, RecurringJob } from '../../lib/context.ts';
import { rowsOf } from './cards.ts';
import {
  badgesOf,
  computeScores,
  EMPTY_ACTIVITY,
  POG_ACTIVITY_KEYS,
  type PogActivity,
  totalOf,
  variantOf,
} from './score-rules.ts';

export const POG_SCORES_JOB = 'pog.scores';

/**
 * Each user's verified activity counts, read set-based for the given users. Only what the product verified
 * counts: a phone on the account (it came through an OTP), KYC documents the provider verified, linked sign-in and
 * social accounts, quests completed, campaign entries finished and rewards won, K-Points earned, completed store
 * orders, credited deposits, swaps, sign-ups through the user's referral code, clan membership, and card shares.
 */
export async function activityOf(db: Executor, userIds: string[]): Promise<Map<string, PogActivity>> {
  const out = new Map<string, PogActivity>();
  if (userIds.length === 0) return out;
  const ids = sql`(select unnest(${`{${userIds.join(',')}}`}::uuid[]) as id)`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select u.id,
      (u.phone_number is not null)::int as "phoneVerified",
      (select count(*) from kyc_documents k where k.user_id = u.id and k.status = 'verified')::int as "kycVerifiedDocs",
      (u.telegram_id is not null or exists (select 1 from identities i where i.user_id = u.id and i.provider = 'telegram'))::int as "telegramLinked",
      exists (select 1 from identities i where i.user_id = u.id and i.provider = 'google')::int as "googleLinked",
      (u.email_verified_at is not null)::int as "emailVerified",
      (select count(*) from user_quests q where q.user_id = u.id and q.completed_at is not null)::int as "questsCompleted",
      (select count(distinct qq.game_id) from user_quests q join quests qq on qq.id = q.quest_id
         where q.user_id = u.id and q.completed_at is not null and qq.game_id is not null)::int as "gamesPlayed",
      (select count(*) from daily_claims d where d.user_id = u.id)::int as "dailyClaims",
      (select count(*) from campaign_entries e where e.user_id = u.id and e.status = 'FINISHED')::int as "campaignsFinished",
      (select count(*) from campaign_rewards r where r.user_id = u.id)::int as "campaignRewards",
      coalesce((select least(a.balance, 2000000000) from ledger_accounts a
         where a.owner_user_id = u.id and a.kind = 'user_kpoints'), 0)::int as "kpoints",
      (select count(*) from store_orders o where o.user_id = u.id and o.status = 'completed')::int as "storeOrders",
      (select count(*) from deposits p where p.user_id = u.id and p.status = 'credited')::int as "depositsCredited",
      (select count(distinct t.idempotency_key) from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
         where a.owner_user_id = u.id and t.kind = 'swap')::int as "swaps",
      (select count(*) from users r where r.referred_by = u.id)::int as "referrals",
      exists (select 1 from clan_members m where m.user_id = u.id)::int as "clanMember",
      exists (select 1 from clan_members m where m.user_id = u.id and m.role = 'Chief')::int as "clanChief",
      exists (select 1 from identities i where i.user_id = u.id and i.provider = 'twitter')::int as "xLinked",
      exists (select 1 from identities i where i.user_id = u.id and i.provider = 'discord')::int as "discordLinked",
      exists (select 1 from identities i where i.user_id = u.id and i.provider = 'steam')::int as "steamLinked",
      (select count(*) from pog_shares s where s.user_id = u.id)::int as "cardShares",
      (select count(*) from pog_shares s where s.user_id = u.id and s.channel = 'x')::int as "xShares"
    from users u join ${ids} as wanted on wanted.id = u.id`,
  );
  for (const row of rows) {
    const activity = { ...EMPTY_ACTIVITY };
    for (const key of POG_ACTIVITY_KEYS) activity[key] = Number(row[key] ?? 0);
    out.set(String(row.id), activity);
  }
  return out;
}

export interface ScoredUser {
  scores: PogScores;
  total: number;
  variant: PogVariant;
  badges: PogBadgeId[];
  activity: PogActivity;
}

export function scoreOf(activity: PogActivity): ScoredUser {
  const scores = computeScores(activity);
  const total = totalOf(scores);
  return { scores, total, variant: variantOf(total), badges: badgesOf(scores, activity), activity };
}

/** Writes the users' scores and any new badges (badges are kept once earned). */
export async function saveScores(db: Executor, now: Date, scored: Map<string, ScoredUser>): Promise<void> {
  for (const [userId, s] of scored) {
    const values = {
      human: s.scores.HUMAN,
      play: s.scores.PLAY,
      skill: s.scores.SKILL,
      commerce: s.scores.COMMERCE,
      social: s.scores.SOCIAL,
      total: s.total,
      variant: s.variant,
      activity: s.activity,
      scoredAt: now,
    };
    await db
      .insert(pogScores)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: pogScores.userId, set: values });
    if (s.badges.length > 0)
      await db
        .insert(pogBadges)
        .values(s.badges.map((badge) => ({ userId, badge, earnedAt: now })))
        .onConflictDoNothing();
  }
}

/** Recomputes and saves one user's scores (the dashboard does this so what the user just did shows at once). */
export async function rescoreUser(db: Executor, now: Date, userId: string): Promise<ScoredUser> {
  const activity = (await activityOf(db, [userId])).get(userId) ?? { ...EMPTY_ACTIVITY };
  const scored = scoreOf(activity);
  await saveScores(db, now, new Map([[userId, scored]]));
  return scored;
}

const BATCH = 500;

/** The job: every card holder's scores, in batches by user id. */
export async function rescoreAll(deps: Pick<AppDeps, 'db' | 'clock'>): Promise<number> {
  let after = '00000000-0000-0000-0000-000000000000';
  let count = 0;
  for (;;) {
    const batch = await deps.db
      .select({ userId: pogCards.userId })
      .from(pogCards)
      .where(sql`${pogCards.userId} > ${after}::uuid`)
      .orderBy(pogCards.userId)
      .limit(BATCH);
    if (batch.length === 0) return count;
    const ids = batch.map((b) => b.userId);
    const activity = await activityOf(deps.db, ids);
    const scored = new Map([...activity].map(([id, a]) => [id, scoreOf(a)]));
    await deps.db.transaction((tx) => saveScores(tx, deps.clock(), scored));
    count += ids.length;
    after = ids.at(-1)!;
  }
}

export const pogScoreJobHandlers: Record<string, JobHandler> = {
  [POG_SCORES_JOB]: async (deps) => {
    await rescoreAll(deps);
  },
};
export const pogScoreRecurringJobs: RecurringJob[] = [{ kind: POG_SCORES_JOB, everyMs: 60_000 }];
