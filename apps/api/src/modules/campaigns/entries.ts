import { createHmac } from 'node:crypto';
import {
  CAMPAIGN_ALREADY_ENTERED_MESSAGE,
  CAMPAIGN_ENTRY_HELD_MESSAGE,
  CAMPAIGN_HELD_DEVICE_REASON,
  CAMPAIGN_HELD_IP_REASON,
  CAMPAIGN_NO_SLOT_LEFT_MESSAGE,
  CAMPAIGN_NOT_ELIGIBLE_MESSAGE,
  CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_NOT_LIVE_MESSAGE,
  CAMPAIGN_NOT_STARTED_MESSAGE,
  CAMPAIGN_TASK_NOT_FOUND_MESSAGE,
  type CampaignClaim,
  type CampaignProgress,
  money,
  type QuestStatusView,
} from '@khel/core/contract';
import { getCampaignButton } from '@khel/core/domain';
import type { Executor, Transaction } from '@khel/db';
import {
  type CampaignEntryRow,
  type CampaignRow,
  campaignEntries,
  campaignEntryIdentities,
  campaignReminders,
  campaignRewards,
  campaigns,
  identities,
  outbox,
  type UserRow,
  users,
} from '@khel/db/schema';
import { and, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, messageCodeOrNull } from '../../lib/http.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { sideBySide } from '../../lib/side-by-side.ts';
import { entriesAheadSql, rankOf, recordPoints } from '../leaderboards/index.ts';
import { notificationInsertSql } from '../notifications/index.ts';
import {
  getQuestStatus,
  loadProgressWith,
  type QuestProgressHooks,
  recordQuestStart,
  validateTaskWithStatus,
} from '../quests/index.ts';
import { advisoryLock, campaignStatusAt, type LoadedCampaign, loadCampaign } from './campaigns.ts';
import { campaignDefinition } from './definitions.ts';
import { ineligibleReasons } from './eligibility.ts';
import { awardReferralBonus } from './referral.ts';
import { refreshRemainingSlots, takeSlot } from './slots.ts';

/**
 * A user's entry in a campaign: start (eligibility, one entry per person, entry caps), task validation
 * through the quest validators with the campaign's hooks (points to the entry and the campaign's board;
 * the last task finishes the entry and, in a fixed-slot campaign, takes a slot and makes the reward
 * claimable at once), and the progress view (userCampaignProgressInfo).
 */

/** A fixed campaign's slots are "running out" when this share of them is left (campaign_slots_low). */
export const SLOTS_LOW_PERCENT = 10;

/** HMAC of a value for one purpose (IP addresses and sign-in subjects are never stored as they are). */
const keyed = (deps: AppDeps, purpose: string, value: string) =>
  createHmac('sha256', deps.secrets.questLinkKey).update(`campaign-${purpose}:${value}`).digest('base64url');

export async function entryOf(db: Executor, campaignId: string, userId: string) {
  const [entry] = await db
    .select()
    .from(campaignEntries)
    .where(and(eq(campaignEntries.campaignId, campaignId), eq(campaignEntries.userId, userId)));
  return entry;
}

type CampaignClaimJson = Omit<CampaignClaim, 'amount'> & { amount: string };

type ProgressRows = Awaited<ReturnType<typeof progressRows>>;

/** progressRows for the answer to the user: ranked from the board entry the caller knows, when it knows one. */
const answerRows = (
  db: Executor,
  campaign: Pick<CampaignRow, 'id' | 'leaderboardId'>,
  userId: string,
  entry: { score: number; reachedAt: Date } | undefined,
) =>
  progressRows(
    db,
    campaign.id,
    userId,
    entry ? entriesAheadSql(campaign.leaderboardId, userId, entry) : undefined,
  );

/**
 * The user's entry, reward rows (oldest first) and reminder in one round trip: what the progress view
 * reads of the campaign's own tables.
 */
async function progressRows(
  db: Executor,
  campaignId: string,
  userId: string,
  ahead: SQL<number> = sql<number>`null`,
) {
  const [row] = await db
    .select({
      ahead,
      entry: campaignEntries,
      reminded: sql<boolean>`exists (select 1 from ${campaignReminders}
        where ${campaignReminders.campaignId} = ${campaignId}::uuid and ${campaignReminders.userId} = ${userId}::uuid)`,
      claims: sql<CampaignClaimJson[] | string>`(select coalesce(json_agg(json_build_object(
          'earningType', r.earning_type, 'amount', r.amount::text, 'status', r.status, 'rank', r.rank,
          'claimedAt', r.claimed_at, 'earningId', r.earning_id) order by r.created_at, r.allocation_key), '[]')
        from ${campaignRewards} r where r.campaign_id = ${campaignId}::uuid and r.user_id = ${userId}::uuid)`,
    })
    .from(users)
    .leftJoin(
      campaignEntries,
      and(eq(campaignEntries.campaignId, campaignId), eq(campaignEntries.userId, users.id)),
    )
    .where(eq(users.id, userId));
  const claims = (
    typeof row?.claims === 'string' ? JSON.parse(row.claims) : (row?.claims ?? [])
  ) as CampaignClaimJson[];
  return {
    entry: row?.entry ?? undefined,
    ahead: row?.ahead ?? null,
    reminded: row?.reminded === true,
    claims: claims.map(
      (c): CampaignClaim => ({
        ...c,
        amount: money(BigInt(c.amount), 'KCASH'),
        claimedAt: c.claimedAt === null ? null : new Date(c.claimedAt).toISOString(),
      }),
    ),
  };
}

/**
 * userCampaignProgressInfo: the entry, tasks, points, rank, eligibility, claims and the SPEC §4 button.
 * `quest` is the user's quest status when the caller has it already (a validation that just built it).
 */
export async function campaignProgress(
  deps: AppDeps,
  user: Pick<UserRow, 'id' | 'country' | 'phoneNumber'>,
  loaded: LoadedCampaign,
  known: {
    quest?: QuestStatusView;
    entry?: { score: number; reachedAt: Date } | undefined;
    /** The rows as the caller read them already (a validation, in its transaction). */
    rows?: ProgressRows;
  } = {},
): Promise<CampaignProgress> {
  const { campaign } = loaded;
  const now = deps.clock();
  // A board entry the caller knows (a validation that just wrote it) is ranked in the same statement.
  const { entry, claims, reminded, ahead } =
    known.rows ?? (await answerRows(deps.db, campaign, user.id, known.entry));
  const quest = known.quest ?? (await getQuestStatus(deps, user.id, campaign.questId));
  const ranked =
    known.entry && ahead !== null
      ? { rank: 1 + Number(ahead), score: known.entry.score }
      : await rankOf(deps.db, campaign.leaderboardId, user.id, known.entry);
  const ineligible = await ineligibleReasons(deps.db, user, campaign.eligibility);
  const button = getCampaignButton({
    status: campaign.status,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    now,
    // A referrer who never entered may still have a bonus to claim.
    user: {
      started: entry !== undefined,
      completedTasks: quest.completedTasks,
      totalTasks: quest.totalTasks,
      rewardClaimed: claims.some((c) => c.status === 'REWARD_DISBURSEMENT_SUCCESSFUL'),
      hasClaimable: claims.some((c) => c.status === 'CLAIMABLE'),
    },
  });
  return {
    campaignId: campaign.id,
    entryStatus: entry?.status ?? null,
    entryId: entry ? String(entry.id) : null,
    heldReason: entry?.status === 'HELD' ? entry.heldReason : null,
    heldReasonCode: entry?.status === 'HELD' ? messageCodeOrNull(entry.heldReason) : null,
    startedAt: entry?.startedAt.toISOString() ?? null,
    finishedAt: entry?.finishedAt?.toISOString() ?? null,
    points: entry?.points ?? 0,
    completedTasks: quest.completedTasks,
    totalTasks: quest.totalTasks,
    tasks: quest.tasks,
    rank: ranked && ranked.score > 0 ? ranked.rank : null,
    ineligible,
    claims,
    slotNumber: entry?.slotNumber ?? null,
    notice: entry ? noticeOf(campaign, entry) : null,
    reminded,
    button: button.kind,
  };
}

function noticeOf(campaign: CampaignRow, entry: CampaignEntryRow): string | null {
  if (entry.status === 'HELD') return CAMPAIGN_ENTRY_HELD_MESSAGE;
  if (
    campaign.variant === 'FIXED_SLOT_FIXED_REWARD' &&
    entry.status === 'FINISHED' &&
    entry.slotNumber === null
  )
    return CAMPAIGN_NO_SLOT_LEFT_MESSAGE;
  return null;
}

export async function getCampaignProgress(deps: AppDeps, user: UserRow, campaignId: string) {
  return campaignProgress(deps, user, await loadCampaign(deps.db, { id: campaignId }));
}

/** How many other entries of the campaign share this column's value. */
async function countSharing(
  tx: Transaction,
  campaignId: string,
  column: typeof campaignEntries.ipHash | typeof campaignEntries.deviceId,
  value: string,
) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(campaignEntries)
    .where(and(eq(campaignEntries.campaignId, campaignId), eq(column, value)));
  return row?.n ?? 0;
}

/**
 * Enters the user in a live campaign (Get started). Refused: not live (409), not eligible (403 with
 * `data.code = 'NOT_ELIGIBLE'` and the reasons), a sign-in method of the account already entered under
 * another account (409). An entry beyond the campaign's cap per device or per network is kept but HELD
 * with the reason shown. Starting again answers the same entry. The quest behind the tasks is started
 * in the same transaction.
 */
export async function startCampaign(
  deps: AppDeps,
  user: UserRow,
  campaignId: string,
  input: { deviceId?: string; ip: string | null },
): Promise<CampaignProgress> {
  const now = deps.clock();
  const loaded = await loadCampaign(deps.db, { id: campaignId });
  const { campaign } = loaded;
  if (await entryOf(deps.db, campaign.id, user.id)) return campaignProgress(deps, user, loaded);
  if (campaignStatusAt(campaign, now) !== 'LIVE') throw new AppError(409, CAMPAIGN_NOT_LIVE_MESSAGE);
  const reasons = await ineligibleReasons(deps.db, user, campaign.eligibility);
  if (reasons.length > 0)
    throw new AppError(403, CAMPAIGN_NOT_ELIGIBLE_MESSAGE, { code: 'NOT_ELIGIBLE', reasons });
  const ipHash = input.ip ? keyed(deps, 'ip', input.ip) : null;
  const deviceId = input.deviceId ?? null;
  const identityRows = await deps.db
    .select({ provider: identities.provider, subject: identities.subject })
    .from(identities)
    .where(eq(identities.userId, user.id));
  // The phone and Telegram id on the account row count too (accounts from before identities had rows).
  if (user.phoneNumber) identityRows.push({ provider: 'phone', subject: user.phoneNumber });
  if (user.telegramId) identityRows.push({ provider: 'telegram', subject: user.telegramId });
  const identityHashes = [
    ...new Set(identityRows.map((r) => keyed(deps, 'identity', `${r.provider}:${r.subject}`))),
  ];

  await deps.db.transaction(async (tx) => {
    const { perIp, perDevice } = campaign.entryCaps;
    // Caps count under a lock per (campaign, value), so concurrent starts cannot all slip under it.
    const ipCapped = perIp !== null && ipHash !== null;
    const deviceCapped = perDevice !== null && deviceId !== null;
    if (ipCapped) await advisoryLock(tx, `campaign-ip:${campaign.id}:${ipHash}`);
    if (deviceCapped) await advisoryLock(tx, `campaign-device:${campaign.id}:${deviceId}`);
    let heldReason: string | null = null;
    if (
      deviceCapped &&
      (await countSharing(tx, campaign.id, campaignEntries.deviceId, deviceId)) >= perDevice
    )
      heldReason = CAMPAIGN_HELD_DEVICE_REASON;
    else if (ipCapped && (await countSharing(tx, campaign.id, campaignEntries.ipHash, ipHash)) >= perIp)
      heldReason = CAMPAIGN_HELD_IP_REASON;
    const [inserted] = await tx
      .insert(campaignEntries)
      .values({
        campaignId: campaign.id,
        userId: user.id,
        status: heldReason ? 'HELD' : 'STARTED',
        heldReason,
        ipHash,
        deviceId,
        startedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: campaignEntries.id });
    if (!inserted) return; // a concurrent start of the same user won
    if (identityHashes.length > 0) {
      await tx
        .insert(campaignEntryIdentities)
        .values(
          identityHashes.map((identityHash) => ({ campaignId: campaign.id, identityHash, userId: user.id })),
        )
        .onConflictDoNothing();
      const [other] = await tx
        .select({ userId: campaignEntryIdentities.userId })
        .from(campaignEntryIdentities)
        .where(
          and(
            eq(campaignEntryIdentities.campaignId, campaign.id),
            inArray(campaignEntryIdentities.identityHash, identityHashes),
            ne(campaignEntryIdentities.userId, user.id),
          ),
        )
        .limit(1);
      if (other) throw new AppError(409, CAMPAIGN_ALREADY_ENTERED_MESSAGE);
    }
    await recordQuestStart(tx, user.id, campaign.questId, now);
  });
  return campaignProgress(deps, user, loaded);
}

/**
 * Every verification of a campaign task holds the campaign row FOR KEY SHARE until it commits and
 * counts only while the campaign still runs. Verifications do not wait on each other (a fixed
 * campaign's slot UPDATE does not conflict with KEY SHARE, so there is no lock upgrade to deadlock on),
 * but reward processing takes the row FOR UPDATE: it waits for verifications in flight, and one that
 * comes after it finds the campaign no longer running and is refused. So no point or finish lands after
 * the allocations were computed, even when a validator took seconds and the campaign ended meanwhile.
 */
async function addPointsWhileRunning(tx: Transaction, campaignId: string, userId: string, points: number) {
  // The campaign row held and the entry's points added in one round trip: the points only while it runs
  // (a data-modifying WITH runs whether or not the query reads it).
  const [row] = await queryRows<{ status: CampaignRow['status']; remaining_slots: number | null }>(
    tx,
    sql`
      with held as (
        select status, remaining_slots from ${campaigns} where id = ${campaignId}::uuid for key share
      ), added as (
        update ${campaignEntries} set points = points + ${points}::int
        where campaign_id = ${campaignId}::uuid and user_id = ${userId}::uuid
          and exists (select 1 from held where status in ('PUBLISHED', 'LIVE'))
        returning 1
      )
      select status, remaining_slots from held`,
  );
  if (!row || (row.status !== 'PUBLISHED' && row.status !== 'LIVE'))
    throw new AppError(409, CAMPAIGN_NOT_LIVE_MESSAGE);
  return { remainingSlots: row.remaining_slots === null ? null : Number(row.remaining_slots) };
}

/** What one validation's hooks saw and did: the slots left when it held the campaign, a take tried. */
export interface FinishState {
  remainingSlots?: number | null;
  triedSlot?: boolean;
  /** The user's board entry as the verification left it (the answer's rank is read from it). */
  entry?: { score: number; reachedAt: Date };
  /**
   * The answer's rows (progressRows), read in the transaction right after the finish when no slot is to be
   * taken: sent with the finish, so the answer costs no round trip of its own (issue 23: most of a burst's
   * finishers come after the slots are gone). Unset when they were not read there.
   */
  progress?: ProgressRows;
  /** Whether the caller answers the user with them (validateCampaignTask). */
  answers?: boolean;
}

/** The hooks a campaign passes to the quest validation: points, then the finish. */
export function campaignHooks(campaign: CampaignRow, state: FinishState = {}): QuestProgressHooks {
  return {
    async onTaskVerified(tx, userId, _quest, task, now) {
      // Both go out in one round trip; a refusal of the first (the campaign no longer runs) rolls the
      // transaction back, the board's write with it.
      const [held, recorded] = await sideBySide([
        addPointsWhileRunning(tx, campaign.id, userId, task.points),
        recordPoints(tx, {
          leaderboardId: campaign.leaderboardId,
          userId,
          sourceKey: `task:${task.id}`,
          label: task.title.slice(0, 120),
          points: task.points,
          at: now,
        }),
      ]);
      state.remainingSlots = held.remainingSlots;
      if (recorded.reachedAt) state.entry = { score: recorded.score, reachedAt: recorded.reachedAt };
    },
    async onCompleted(tx, userId, _quest, now) {
      await finishEntry(tx, campaign, userId, now, state);
    },
  };
}

export const notificationPayload = (campaign: CampaignRow, kcash: bigint | null) => ({
  campaignId: campaign.id,
  campaignSlug: campaign.slug,
  campaignTitle: campaign.title,
  kcash: kcash?.toString() ?? null,
});

/**
 * Finishes the user's entry, in the transaction that verified the last task: STARTED → FINISHED (a HELD
 * or DISQUALIFIED entry keeps its status, with its finish time). A fixed-slot campaign then takes a
 * slot with a conditional UPDATE (never more than there are, whatever the concurrency) and writes the
 * reward row at once: CLAIMABLE, or HELD with a held entry; a finisher with no slot left gets none
 * (slots.ts: no finisher waits on another while a free slot is not being taken). A
 * finisher someone invited earns the inviter a referral bonus (referral.ts).
 */
export async function finishEntry(
  tx: Transaction,
  campaign: CampaignRow,
  userId: string,
  now: Date,
  state: FinishState = {},
): Promise<void> {
  // No slot to take (none left, or not a fixed campaign): the answer's rows are read right after the finish,
  // sent with it (the connection runs them in that order, so the read sees the finish).
  const slotsToTry = campaign.variant === 'FIXED_SLOT_FIXED_REWARD' && state.remainingSlots !== 0;
  const readNow = !slotsToTry && state.answers === true;
  // The finish and its notification in one round trip: the message is written only with the finish.
  const finished = queryRows<{ id: number; user_id: string; status: CampaignEntryRow['status'] }>(
    tx,
    sql`
      with finished as (
        update ${campaignEntries} set finished_at = ${now.toISOString()}::timestamptz,
          status = case when status = 'STARTED' then 'FINISHED' else status end
        where campaign_id = ${campaign.id}::uuid and user_id = ${userId}::uuid and finished_at is null
        returning id, user_id, status
      ), notified as (
        ${notificationInsertSql(
          {
            kind: 'campaign_finished',
            userId,
            dedupeKey: `campaign-finished:${campaign.id}:${userId}`,
            payload: notificationPayload(campaign, null),
          },
          sql`exists (select 1 from finished)`,
        )}
      )
      select id, user_id, status from finished`,
  );
  const [[entry], rows] = await sideBySide([
    finished,
    readNow ? answerRows(tx, campaign, userId, state.entry) : undefined,
  ]);
  if (rows) state.progress = rows;
  if (!entry) return;
  if (entry.status === 'DISQUALIFIED') return;
  if (campaign.variant === 'FIXED_SLOT_FIXED_REWARD')
    await takeFixedSlot(tx, campaign, { id: Number(entry.id), userId, status: entry.status }, now, state);
  if (entry.status === 'FINISHED') await awardReferralBonus(tx, campaign, userId);
}

async function takeFixedSlot(
  tx: Transaction,
  campaign: CampaignRow,
  entry: Pick<CampaignEntryRow, 'id' | 'userId' | 'status'>,
  now: Date,
  state: FinishState,
) {
  if (campaign.rewardAmount === null || campaign.totalSlots === null) return;
  // The figure read under the campaign row's lock only goes down to a count of slots taken and
  // committed (slots.ts): at 0 none is free, and the finisher is told so without looking for one.
  if (state.remainingSlots === 0) return;
  state.triedSlot = true;
  const held = entry.status !== 'FINISHED';
  const taken = sql`exists (select 1 from taken)`;
  // Held FOR KEY SHARE since the task was verified (addPointsWhileRunning); takeSlot reads status and end.
  // The slot's number on the entry, the reward row and its notification are written in the statement
  // that takes the slot, and only when it took one.
  const slotNumber = await takeSlot(tx, campaign.id, entry.userId, now, [
    sql`update ${campaignEntries} set slot_number = (select number from taken)
      where id = ${entry.id} and ${taken}`,
    sql`insert into ${campaignRewards} (campaign_id, user_id, allocation_key, earning_type, amount, status, created_at)
      select ${campaign.id}::uuid, ${entry.userId}::uuid, ${`${campaign.id}:${entry.userId}:FIXED_REWARD`},
        'FIXED_REWARD', ${campaign.rewardAmount.toString()}::bigint, ${held ? 'HELD' : 'CLAIMABLE'},
        ${now.toISOString()}::timestamptz
      where ${taken}
      on conflict do nothing`,
    ...(held
      ? []
      : [
          notificationInsertSql(
            {
              kind: 'campaign_claim_available',
              userId: entry.userId,
              dedupeKey: `campaign-claim:${campaign.id}:${entry.userId}:FIXED_REWARD`,
              payload: notificationPayload(campaign, campaign.rewardAmount),
            },
            taken,
          ),
        ]),
  ]);
  if (slotNumber === null) return;
  await nudgeWhenSlotsLow(tx, campaign, campaign.totalSlots, slotNumber);
}

/**
 * When a fixed campaign is down to a tenth of its slots (the slot numbered total − tenth is taken;
 * slots go lowest first), everyone still on it hears once.
 */
async function nudgeWhenSlotsLow(tx: Transaction, campaign: CampaignRow, total: number, taken: number) {
  const mark = Math.floor((total * SLOTS_LOW_PERCENT) / 100);
  const remaining = total - taken;
  if (remaining !== mark || mark === 0) return;
  const payload = JSON.stringify({
    ...notificationPayload(campaign, campaign.rewardAmount),
    slotsLeft: remaining,
  });
  await tx.execute(sql`
    insert into ${outbox} (kind, user_id, dedupe_key, payload)
    select 'campaign_slots_low', user_id, 'campaign-slots-low:' || ${campaign.id} || ':' || user_id, ${payload}::jsonb
    from ${campaignEntries} where campaign_id = ${campaign.id} and finished_at is null and status <> 'DISQUALIFIED'
    on conflict (dedupe_key) do nothing`);
}

/**
 * Validates one of the campaign's tasks for the user with the quest validators (kind 'campaign'): the
 * campaign must be running and the user entered; the answer carries the campaign progress. A burst of
 * finishers is what this serves: the campaign's definition comes from the process's short-lived copy
 * (definitions.ts), what moves (status, dates, slots left, the entry) is read in one statement, and the
 * answer is built from what the validation wrote instead of reading the campaign and progress again.
 */
export async function validateCampaignTask(
  deps: AppDeps,
  user: UserRow,
  campaignId: string,
  input: { taskId: string; value?: string },
) {
  const now = deps.clock();
  const loaded = await campaignDefinition(deps.db, campaignId, now);
  if (!loaded.tasks.some((t) => t.id === input.taskId && t.active))
    throw new AppError(404, CAMPAIGN_TASK_NOT_FOUND_MESSAGE);
  // What moves (status, dates, slots left, the entry) and the user's quest progress in one statement.
  const { progress: questProgress, extra } = await loadProgressWith<{ fresh: unknown }>(
    deps.db,
    user.id,
    loaded.campaign.questId,
    sql`(select json_build_object('status', c.status, 'startsAt', c.starts_at, 'endsAt', c.ends_at,
        'remainingSlots', c.remaining_slots, 'entered', e.id is not null, 'finished', e.finished_at is not null)
      from ${campaigns} c left join ${campaignEntries} e on e.campaign_id = c.id and e.user_id = ${user.id}::uuid
      where c.id = ${campaignId}::uuid) as fresh`,
  );
  const fresh = (typeof extra.fresh === 'string' ? JSON.parse(extra.fresh) : extra.fresh) as {
    status: CampaignRow['status'];
    startsAt: string;
    endsAt: string;
    remainingSlots: number | null;
    entered: boolean;
    finished: boolean;
  } | null;
  if (!fresh) throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
  const campaign: CampaignRow = {
    ...loaded.campaign,
    status: fresh.status,
    startsAt: new Date(fresh.startsAt),
    endsAt: new Date(fresh.endsAt),
    remainingSlots: fresh.remainingSlots === null ? null : Number(fresh.remainingSlots),
  };
  if (!fresh.entered) throw new AppError(409, CAMPAIGN_NOT_STARTED_MESSAGE);
  if (!fresh.finished && campaignStatusAt(campaign, now) !== 'LIVE')
    throw new AppError(409, CAMPAIGN_NOT_LIVE_MESSAGE);
  const state: FinishState = { answers: true };
  const { result, status } = await validateTaskWithStatus(
    deps,
    user,
    {
      questId: campaign.questId,
      taskId: input.taskId,
      ...(input.value === undefined ? {} : { value: input.value }),
    },
    { kind: 'campaign', hooks: campaignHooks(campaign, state), loaded, progress: questProgress },
  );
  // The figure shown, after a take committed (slots.ts): never in the verification's transaction.
  if (state.triedSlot) await refreshRemainingSlots(deps.db, campaign.id);
  const progress = await campaignProgress(
    deps,
    user,
    { ...loaded, campaign },
    { quest: status, entry: state.entry, ...(state.progress ? { rows: state.progress } : {}) },
  );
  const message = result.message ?? progress.notice ?? null;
  return { verified: result.verified, message, messageCode: messageCodeOrNull(message), progress };
}
