import {
  type MyQuest,
  money,
  QUEST_NO_SLOTS_MESSAGE,
  QUEST_NOT_LIVE_MESSAGE,
  QUEST_NOT_STARTED_MESSAGE,
  type QuestKind,
  type QuestStatusView,
  SPECIAL_CODE_LOCKED_MESSAGE,
  SPECIAL_CODE_MAX_ATTEMPTS,
  TASK_LOCKED_MESSAGE,
  TASK_NOT_FOUND_MESSAGE,
  TASK_PROOF_REQUIRED_MESSAGE,
  type UserTask,
  type ValidateTaskResult,
} from '@khel/core/contract';
import { isTaskUnlocked, type RecurrencePeriod, recurrencePeriod } from '@khel/core/domain';
import type { Executor, Transaction } from '@khel/db';
import {
  type GameRow,
  games,
  type QuestHubRow,
  type QuestRow,
  type QuestTaskRow,
  questHubs,
  questPeriodCompletions,
  questProofs,
  quests,
  type UserQuestRow,
  type UserRow,
  type UserTaskRow,
  userQuests,
  userTasks,
} from '@khel/db/schema';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, messageCodeOrNull } from '../../lib/http.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { sideBySide } from '../../lib/side-by-side.ts';
import { awardXpAll, awardXpAllAnd } from '../progression/index.ts';
import { nudgeWhenSlotsLow } from './hub-follows.ts';
import { loadQuest, questStatusAt, questView, taskConfigOf, tasksOf } from './quests.ts';
import { grantQuestRewards } from './rewards.ts';
import { NO_VALIDATOR_MESSAGE, TASK_VALIDATORS } from './validators/index.ts';
import { redirectToken } from './validators/redirection.ts';

/**
 * A user's quests (SPEC §7 userquest): start (taking a slot), progress, and task validation that
 * completes the quest and grants its rewards exactly once.
 */

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/**
 * What a capability built on quest tasks (campaigns) adds to validation, in the transaction that
 * records it. With `onCompleted`, completing the quest calls it instead of granting the quest's own
 * rewards (a campaign pays by its variant's rule). Each hook is started beside one statement of the
 * validation's (the completion check, the completion), in the same round trip (lib/side-by-side.ts): a hook
 * must not open a savepoint, and must not depend on whether that statement ran before its own.
 */
export interface QuestProgressHooks {
  onTaskVerified?(
    tx: Transaction,
    userId: string,
    quest: QuestRow,
    task: QuestTaskRow,
    now: Date,
  ): Promise<void>;
  onCompleted?(tx: Transaction, userId: string, quest: QuestRow, now: Date): Promise<void>;
}

export interface QuestActionOptions {
  /** The kind of quest row the caller may act on: quest routes say 'quest', the campaigns module 'campaign'. */
  kind: QuestKind;
  hooks?: QuestProgressHooks;
  /**
   * The quest and its tasks as the caller already loaded them (a campaign's definition, whose quest is
   * of the caller's kind): validation then reads only the user's progress.
   */
  loaded?: { quest: QuestRow; tasks: QuestTaskRow[] };
  /** The user's progress as the caller read it for this validation (loadProgressWith): not read again. */
  progress?: QuestProgress;
}

const QUEST_ROUTES: QuestActionOptions = { kind: 'quest' };

/** Records that the user started the quest (no slot taken): for a capability that runs its own start rules. */
export async function recordQuestStart(tx: Transaction, userId: string, questId: string, now: Date) {
  await tx.insert(userQuests).values({ userId, questId, startedAt: now }).onConflictDoNothing();
}

function rewardedView(row: UserQuestRow | undefined) {
  const r = row?.rewarded;
  if (!r) return null;
  return {
    kpoints: r.kpoints ? money(BigInt(r.kpoints), 'KPOINTS') : null,
    kcash: r.kcash ? money(BigInt(r.kcash), 'KCASH') : null,
    rkhel: r.rkhel ? money(BigInt(r.rkhel), 'RKHEL') : null,
  };
}

interface Progress {
  userQuest: UserQuestRow | undefined;
  userTasks: Map<string, UserTaskRow>;
  proofs: Set<string>;
}

/** A raw json column, whichever driver read it (parsed already, or text). */
const jsonOf = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
const dateOf = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The user's progress on the quest in one round trip: the user_quests row, the task rows and which tasks
 * have a proof, read as json and turned back into rows.
 */
async function loadProgress(db: Executor, userId: string, questId: string): Promise<Progress> {
  return (await loadProgressWith(db, userId, questId, sql`1 as one`)).progress;
}

/** A user's progress on a quest as read before a validation (loadProgressWith), for `QuestActionOptions`. */
export type QuestProgress = Progress;

/**
 * The user's progress on the quest and, in the same statement, the caller's own `columns` (a select list
 * of SQL read from no table: subqueries), whose row comes back as `extra`: a caller that needs a row of
 * its own before validating (the campaigns module: the campaign's state and the entry) reads both in one
 * round trip and hands the progress to validateTaskWithStatus (`options.progress`).
 */
export async function loadProgressWith<T extends Record<string, unknown>>(
  db: Executor,
  userId: string,
  questId: string,
  columns: SQL,
): Promise<{ progress: Progress; extra: T }> {
  const [row] = await queryRows<{ quest: unknown; tasks: unknown; proofs: unknown } & T>(
    db,
    sql`select ${columns},
      (select json_build_object('startedAt', started_at, 'completedAt', completed_at, 'rewarded', rewarded)
        from ${userQuests} where user_id = ${userId}::uuid and quest_id = ${questId}::uuid) as quest,
      (select coalesce(json_agg(json_build_object('taskId', task_id, 'status', status, 'attempts', attempts,
          'message', message, 'value', value, 'visitedAt', visited_at, 'verifiedAt', verified_at,
          'updatedAt', updated_at)), '[]')
        from ${userTasks} where user_id = ${userId}::uuid and quest_id = ${questId}::uuid) as tasks,
      (select coalesce(json_agg(p.task_id), '[]') from ${questProofs} p
        join ${userTasks} t on t.task_id = p.task_id and t.user_id = p.user_id
        where p.user_id = ${userId}::uuid and t.quest_id = ${questId}::uuid) as proofs`,
  );
  type Stamp = string | null;
  const quest = jsonOf<{ startedAt: string; completedAt: Stamp; rewarded: UserQuestRow['rewarded'] } | null>(
    row?.quest ?? null,
  );
  const tasks = jsonOf<
    (Omit<UserTaskRow, 'userId' | 'questId' | 'visitedAt' | 'verifiedAt' | 'updatedAt'> & {
      visitedAt: Stamp;
      verifiedAt: Stamp;
      updatedAt: string;
    })[]
  >(row?.tasks ?? []);
  const progress: Progress = {
    userQuest: quest
      ? {
          userId,
          questId,
          startedAt: new Date(quest.startedAt),
          completedAt: dateOf(quest.completedAt),
          rewarded: quest.rewarded,
        }
      : undefined,
    userTasks: new Map(
      tasks.map((t) => [
        t.taskId,
        {
          ...t,
          userId,
          questId,
          visitedAt: dateOf(t.visitedAt),
          verifiedAt: dateOf(t.verifiedAt),
          updatedAt: new Date(t.updatedAt),
        },
      ]),
    ),
    proofs: new Set(jsonOf<string[]>(row?.proofs ?? [])),
  };
  return { progress, extra: (row ?? {}) as T };
}

/** The period of a recurring quest that holds `now`; null for a quest done once. */
export const periodOf = (quest: Pick<QuestRow, 'recurrence'>, at: Date): RecurrencePeriod | null =>
  quest.recurrence ? recurrencePeriod(quest.recurrence, at) : null;

/**
 * The user's progress as it counts now: a recurring quest started before the current period starts afresh
 * (its last period's row and tasks are history until the next start clears them), so it reads as not started.
 */
function inCurrentPeriod(quest: Pick<QuestRow, 'recurrence'>, progress: Progress, now: Date): Progress {
  const period = periodOf(quest, now);
  if (!period || !progress.userQuest || progress.userQuest.startedAt >= period.start) return progress;
  return { userQuest: undefined, userTasks: new Map(), proofs: new Set() };
}

/** The keys that make a thing count once: per quest, and per period for a recurring quest. */
const periodSuffix = (quest: Pick<QuestRow, 'recurrence'>, startedAt: Date) => {
  const period = periodOf(quest, startedAt);
  return period ? `:${period.key}` : '';
};

const forValidation = (tasks: QuestTaskRow[], progress: Progress) =>
  tasks.map((t) => ({
    id: t.id,
    active: t.active,
    locked: t.locked,
    completed: progress.userTasks.get(t.id)?.status === 'VERIFIED',
  }));

function userTaskView(
  deps: AppDeps,
  userId: string,
  task: QuestTaskRow,
  all: QuestTaskRow[],
  progress: Progress,
): UserTask {
  const row = progress.userTasks.get(task.id);
  const states = forValidation(all, progress);
  return {
    taskId: task.id,
    status: row?.status ?? 'PENDING',
    unlocked: isTaskUnlocked(states.find((s) => s.id === task.id)!, states),
    message: row?.status === 'VERIFIED' ? null : (row?.message ?? null),
    attemptsLeft:
      task.type === 'special_code' ? Math.max(0, SPECIAL_CODE_MAX_ATTEMPTS - (row?.attempts ?? 0)) : null,
    hasProof: progress.proofs.has(task.id),
    verifiedAt: iso(row?.verifiedAt),
    redirectUrl:
      task.type === 'uri_redirection'
        ? `/api/userquest/redirect/${redirectToken(deps.secrets.questLinkKey, task.id, userId)}`
        : null,
  };
}

function statusView(
  deps: AppDeps,
  userId: string,
  questId: string,
  tasks: QuestTaskRow[],
  progress: Progress,
): QuestStatusView {
  const active = tasks.filter((t) => t.active);
  const done = active.filter((t) => progress.userTasks.get(t.id)?.status === 'VERIFIED').length;
  const uq = progress.userQuest;
  return {
    questId,
    status: !uq ? 'NOT_STARTED' : uq.completedAt ? 'COMPLETED' : 'STARTED',
    startedAt: iso(uq?.startedAt),
    completedAt: iso(uq?.completedAt),
    completedTasks: done,
    totalTasks: active.length,
    tasks: active.map((t) => userTaskView(deps, userId, t, tasks, progress)),
    rewarded: rewardedView(uq),
  };
}

export async function getQuestStatus(
  deps: AppDeps,
  userId: string,
  questId: string,
): Promise<QuestStatusView> {
  const { quest, tasks } = await loadQuest(deps.db, { id: questId });
  const progress = inCurrentPeriod(quest, await loadProgress(deps.db, userId, questId), deps.clock());
  return statusView(deps, userId, questId, tasks, progress);
}

export async function getQuestSlots(db: Executor, questId: string) {
  const { quest } = await loadQuest(db, { id: questId });
  return { totalSlots: quest.totalSlots, remainingSlots: quest.remainingSlots };
}

/**
 * Starts a quest for the user. A quest with limited slots takes one with a conditional UPDATE in the
 * same transaction as the user's row, so concurrent starts never take more than there are; starting
 * again returns the first start and takes nothing.
 */
export async function startQuest(deps: AppDeps, user: UserRow, questId: string) {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const { quest } = await loadQuest(tx, { id: questId }, 'quest');
    const [inserted] = await tx
      .insert(userQuests)
      .values({ userId: user.id, questId, startedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) {
      const period = periodOf(quest, now);
      if (period) {
        const restarted = await restartForPeriod(tx, user.id, quest, period, now);
        if (restarted)
          return { status: 'STARTED' as const, startedAt: now.toISOString(), remainingSlots: null };
      }
      const [existing] = await tx
        .select()
        .from(userQuests)
        .where(and(eq(userQuests.userId, user.id), eq(userQuests.questId, questId)));
      return {
        status: existing?.completedAt ? ('COMPLETED' as const) : ('STARTED' as const),
        startedAt: existing!.startedAt.toISOString(),
        remainingSlots: quest.remainingSlots,
      };
    }
    const status = questStatusAt(quest, now);
    if (status === 'PUBLISHED' || status === 'CONCLUDED') throw new AppError(409, QUEST_NOT_LIVE_MESSAGE);
    let remainingSlots: number | null = null;
    if (quest.totalSlots !== null) {
      const [taken] = await tx
        .update(quests)
        .set({ remainingSlots: sql`${quests.remainingSlots} - 1` })
        .where(and(eq(quests.id, questId), gt(quests.remainingSlots, 0), gt(quests.endsAt, now)))
        .returning({ remainingSlots: quests.remainingSlots });
      if (!taken) throw new AppError(409, QUEST_NO_SLOTS_MESSAGE);
      remainingSlots = taken.remainingSlots;
      if (remainingSlots !== null) await nudgeWhenSlotsLow(tx, quest, remainingSlots);
    }
    return { status: 'STARTED' as const, startedAt: inserted.startedAt.toISOString(), remainingSlots };
  });
}

/**
 * Starts a recurring quest afresh in a new period: the user's row is moved to now and its tasks and proofs
 * cleared, by a conditional update on the row (`started_at` before the period), so of two starts at once only
 * one clears anything. The last period's completion stays in `quest_period_completions`. False when the row
 * already belongs to this period (or the quest is not running).
 */
async function restartForPeriod(
  tx: Transaction,
  userId: string,
  quest: QuestRow,
  period: RecurrencePeriod,
  now: Date,
): Promise<boolean> {
  const status = questStatusAt(quest, now);
  if (status === 'PUBLISHED' || status === 'CONCLUDED') return false;
  const [moved] = await tx
    .update(userQuests)
    .set({ startedAt: now, completedAt: null, rewarded: null })
    .where(
      and(
        eq(userQuests.userId, userId),
        eq(userQuests.questId, quest.id),
        lt(userQuests.startedAt, period.start),
      ),
    )
    .returning({ questId: userQuests.questId });
  if (!moved) return false;
  await tx.execute(sql`
    with cleared as (
      delete from ${userTasks} where user_id = ${userId}::uuid and quest_id = ${quest.id}::uuid returning task_id
    )
    delete from ${questProofs} where user_id = ${userId}::uuid and task_id in (select task_id from cleared)`);
  return true;
}

/** The user's quests with progress, newest first; `live` keeps only started ones that can still be finished. */
export async function myQuests(deps: AppDeps, userId: string, live: boolean): Promise<{ quests: MyQuest[] }> {
  const now = deps.clock();
  const rows = await deps.db
    .select({ quest: quests, hub: questHubs, game: games, userQuest: userQuests })
    .from(userQuests)
    .innerJoin(quests, eq(quests.id, userQuests.questId))
    .leftJoin(questHubs, eq(questHubs.slug, quests.hubSlug))
    .leftJoin(games, eq(games.id, quests.gameId))
    .where(
      and(
        eq(userQuests.userId, userId),
        eq(quests.kind, 'quest'),
        ...(live
          ? [sql`${userQuests.completedAt} is null`, gt(quests.endsAt, now), lt(quests.startsAt, now)]
          : []),
      ),
    )
    .orderBy(desc(userQuests.startedAt))
    .limit(200);
  const mine = await myQuestViews(deps, userId, rows, now);
  // A recurring quest from an earlier period is not started in this one: the live list leaves it out.
  return { quests: live ? mine.filter((q) => q.progress.status === 'STARTED') : mine };
}

/**
 * Quests with the user's progress in each one's current period (a recurring quest's earlier period reads as not
 * started): their tasks and the user's task rows in two statements side by side, the tasks read once for both the
 * quest's view and the progress, whatever the number of quests.
 */
async function myQuestViews(
  deps: AppDeps,
  userId: string,
  rows: { quest: QuestRow; hub: QuestHubRow | null; game: GameRow | null; userQuest: UserQuestRow | null }[],
  now: Date,
): Promise<MyQuest[]> {
  const ids = rows.map((r) => r.quest.id);
  const [tasksByQuest, taskRows] = await Promise.all([
    tasksOf(deps.db, ids),
    ids.length === 0
      ? Promise.resolve([] as UserTaskRow[])
      : deps.db
          .select()
          .from(userTasks)
          .where(and(eq(userTasks.userId, userId), inArray(userTasks.questId, ids))),
  ]);
  return rows.map((r) => {
    const tasks = tasksByQuest.get(r.quest.id) ?? [];
    const progress = inCurrentPeriod(
      r.quest,
      {
        userQuest: r.userQuest ?? undefined,
        userTasks: new Map(taskRows.filter((t) => t.questId === r.quest.id).map((t) => [t.taskId, t])),
        proofs: new Set(),
      },
      now,
    );
    const { tasks: _tasks, ...summary } = statusView(deps, userId, r.quest.id, tasks, progress);
    const next = tasks.find((t) => t.active && progress.userTasks.get(t.id)?.status !== 'VERIFIED');
    return {
      quest: questView(r.quest, r.hub, r.game, tasks, now),
      progress: summary,
      nextTask: next ? { id: next.id, title: next.title, type: next.type } : null,
    };
  });
}

/** How many recurring quests "Today's quests" shows at most. */
export const TODAY_QUESTS_MAX = 12;
const RECURRENCE_ORDER = sql`case ${quests.recurrence} when 'daily' then 0 when 'weekly' then 1 else 2 end`;

/**
 * Today's quests (issue 26): the published daily, weekly and monthly quests running now, dailies first, each with
 * the user's progress in its current period, in three statements whatever the user's history (the quests with
 * the user's row, their tasks, the user's task rows).
 */
export async function todayQuests(deps: AppDeps, userId: string): Promise<{ quests: MyQuest[] }> {
  const now = deps.clock();
  const rows = await deps.db
    .select({ quest: quests, hub: questHubs, game: games, userQuest: userQuests })
    .from(quests)
    .leftJoin(userQuests, and(eq(userQuests.questId, quests.id), eq(userQuests.userId, userId)))
    .leftJoin(questHubs, eq(questHubs.slug, quests.hubSlug))
    .leftJoin(games, eq(games.id, quests.gameId))
    .where(
      and(
        isNotNull(quests.recurrence),
        isNotNull(quests.publishedAt),
        eq(quests.kind, 'quest'),
        lte(quests.startsAt, now),
        gt(quests.endsAt, now),
      ),
    )
    .orderBy(RECURRENCE_ORDER, asc(quests.endsAt), asc(quests.slug))
    .limit(TODAY_QUESTS_MAX);
  return { quests: await myQuestViews(deps, userId, rows, now) };
}

/** Counts one attempt at the task (capped for special codes) and gives the user's task row; none when no attempt is left. */
async function takeAttempt(
  db: Executor,
  userId: string,
  task: QuestTaskRow,
  limited: boolean,
): Promise<UserTaskRow | undefined> {
  const [row] = await db
    .insert(userTasks)
    .values({ userId, taskId: task.id, questId: task.questId, attempts: 1 })
    .onConflictDoUpdate({
      target: [userTasks.userId, userTasks.taskId],
      set: { attempts: sql`${userTasks.attempts} + 1`, updatedAt: sql`now()` },
      ...(limited
        ? {
            setWhere: and(
              lt(userTasks.attempts, SPECIAL_CODE_MAX_ATTEMPTS),
              ne(userTasks.status, 'VERIFIED'),
            ),
          }
        : {}),
    })
    .returning();
  return row;
}

/** The task type's validator, run outside any transaction; a type without one fails. */
async function runValidator(
  deps: AppDeps,
  user: UserRow,
  quest: QuestRow,
  task: QuestTaskRow,
  userTask: UserTaskRow,
  value: string | undefined,
  now: Date,
) {
  const validator = TASK_VALIDATORS.get(task.type);
  return validator
    ? await validator.validate({
        deps,
        db: deps.db,
        user,
        quest,
        task,
        config: taskConfigOf(task),
        userTask,
        value,
        now,
      })
    : ({ ok: false, message: NO_VALIDATOR_MESSAGE } as const);
}

/**
 * Validates one task for the user (SPEC §4): the quest must be started and still running, a locked
 * task waits for the others, a task that wants proof needs it first. The validator runs outside any
 * transaction; its outcome is then recorded in one transaction in which only the first verification
 * of a task counts, and the verification that makes every active task done completes the quest and
 * grants its rewards (grantQuestRewards), under a lock on the user's quest row.
 */
export async function validateTask(
  deps: AppDeps,
  user: UserRow,
  input: { questId: string; taskId: string; value?: string },
  options: QuestActionOptions = QUEST_ROUTES,
): Promise<ValidateTaskResult> {
  return (await validateTaskWithStatus(deps, user, input, options)).result;
}

/**
 * validateTask, with the user's whole quest status after it (what the answer shows), built from what
 * the validation read and wrote: the quest's progress is not read again after a verification it recorded.
 */
export async function validateTaskWithStatus(
  deps: AppDeps,
  user: UserRow,
  input: { questId: string; taskId: string; value?: string },
  options: QuestActionOptions = QUEST_ROUTES,
): Promise<{ result: ValidateTaskResult; status: QuestStatusView }> {
  const now = deps.clock();
  const { quest, tasks } = options.loaded ?? (await loadQuest(deps.db, { id: input.questId }, options.kind));
  const task = tasks.find((t) => t.id === input.taskId && t.active);
  if (!task) throw new AppError(404, TASK_NOT_FOUND_MESSAGE);
  let progress = inCurrentPeriod(
    quest,
    options.progress ?? (await loadProgress(deps.db, user.id, quest.id)),
    now,
  );
  if (!progress.userQuest) throw new AppError(409, QUEST_NOT_STARTED_MESSAGE);
  const period = periodSuffix(quest, progress.userQuest.startedAt);
  const answer = (verified: boolean, message: string | null) => {
    const status = statusView(deps, user.id, quest.id, tasks, progress);
    const { tasks: views, ...summary } = status;
    return {
      result: {
        verified,
        message,
        messageCode: messageCodeOrNull(message),
        task: views.find((v) => v.taskId === task.id)!,
        quest: summary,
      },
      status,
    };
  };
  if (progress.userTasks.get(task.id)?.status === 'VERIFIED') return answer(true, null);
  const status = questStatusAt(quest, now);
  if (status === 'PUBLISHED' || status === 'CONCLUDED') throw new AppError(409, QUEST_NOT_LIVE_MESSAGE);
  const states = forValidation(tasks, progress);
  if (!isTaskUnlocked(states.find((s) => s.id === task.id)!, states))
    throw new AppError(409, TASK_LOCKED_MESSAGE);
  if (task.proof && !progress.proofs.has(task.id)) return answer(false, TASK_PROOF_REQUIRED_MESSAGE);

  const limited = task.type === 'special_code';
  const userTask = await takeAttempt(deps.db, user.id, task, limited);
  if (!userTask) {
    // Out of attempts, or verified meanwhile by a request that came at the same time.
    progress = inCurrentPeriod(quest, await loadProgress(deps.db, user.id, quest.id), now);
    const verified = progress.userTasks.get(task.id)?.status === 'VERIFIED';
    return answer(verified, verified ? null : SPECIAL_CODE_LOCKED_MESSAGE);
  }
  const outcome = await runValidator(deps, user, quest, task, userTask, input.value, now);

  // What this transaction wrote, when it recorded the verification: the progress then follows from it.
  const written = await deps.db.transaction(async (tx) => {
    if (!outcome.ok) {
      await tx
        .update(userTasks)
        .set({ status: 'FAILED', message: outcome.message, updatedAt: now })
        .where(
          and(eq(userTasks.userId, user.id), eq(userTasks.taskId, task.id), ne(userTasks.status, 'VERIFIED')),
        );
      return null;
    }
    const [verified] = await tx
      .update(userTasks)
      .set({
        status: 'VERIFIED',
        message: null,
        verifiedAt: now,
        updatedAt: now,
        value: outcome.value ?? null,
      })
      .where(
        and(eq(userTasks.userId, user.id), eq(userTasks.taskId, task.id), ne(userTasks.status, 'VERIFIED')),
      )
      .returning();
    if (!verified) return null;
    // The completion check and the hook's writes for the task go out together (one round trip): the
    // check is one statement sent first, so whatever the hook sends comes after it (pipelined).
    const [ready] = await sideBySide([
      lockIfDone(tx, user.id, quest, tasks),
      options.hooks?.onTaskVerified?.(tx, user.id, quest, task, now),
    ]);
    // XP for the task and, when it completes the quest or campaign, for that (once each: progression),
    // in one statement.
    const xp = (completing: boolean) => [
      { source: 'quest_task' as const, key: `task:${task.id}${period}`, at: now },
      ...(completing
        ? [
            {
              source:
                options.kind === 'campaign' ? ('campaign_finish' as const) : ('quest_complete' as const),
              key: `quest:${quest.id}${period}`,
              at: now,
            },
          ]
        : []),
    ];
    let completed: UserQuestRow | undefined;
    if (ready && options.hooks?.onCompleted) {
      // A caller's completion always completes: the XP, the completion and the hook's writes go out together.
      const hooks = options.hooks;
      completed = (
        await awardXpAllAnd(tx, user.id, xp(true), () => complete(tx, user.id, quest, ready, now, hooks))
      ).alongside;
    } else {
      completed = ready ? await complete(tx, user.id, quest, ready, now, options.hooks) : undefined;
      await awardXpAll(tx, user.id, xp(completed !== undefined));
    }
    return { verified, completed };
  });
  if (written) {
    progress.userTasks.set(task.id, written.verified);
    if (written.completed) progress.userQuest = written.completed;
  } else progress = inCurrentPeriod(quest, await loadProgress(deps.db, user.id, quest.id), now);
  return answer(
    outcome.ok || progress.userTasks.get(task.id)?.status === 'VERIFIED',
    outcome.ok ? null : outcome.message,
  );
}

/**
 * Locks the user's quest row and counts the verified tasks, in one statement: gives the row when every
 * active task is verified and the quest is not completed yet (complete() then completes it under that
 * lock), else undefined.
 */
async function lockIfDone(
  tx: Transaction,
  userId: string,
  quest: QuestRow,
  tasks: QuestTaskRow[],
): Promise<{ startedAt: Date } | undefined> {
  const activeIds = tasks.filter((t) => t.active).map((t) => t.id);
  const [uq] = await tx
    .select({
      startedAt: userQuests.startedAt,
      completedAt: userQuests.completedAt,
      verified: sql<number>`(select count(*) from ${userTasks} where ${userTasks.userId} = ${userId}::uuid
        and ${inArray(userTasks.taskId, activeIds)} and ${userTasks.status} = 'VERIFIED')`.mapWith(Number),
    })
    .from(userQuests)
    .where(and(eq(userQuests.userId, userId), eq(userQuests.questId, quest.id)))
    .for('update', { of: userQuests });
  if (!uq || uq.completedAt || uq.verified < activeIds.length) return undefined;
  return uq;
}

/**
 * Completes the quest whose row lockIfDone locked: rewards granted once. Gives the user's quest row as
 * it completed it, or undefined when it did not (a recurring quest's period already counted).
 */
async function complete(
  tx: Transaction,
  userId: string,
  quest: QuestRow,
  uq: { startedAt: Date },
  now: Date,
  hooks: QuestProgressHooks | undefined,
): Promise<UserQuestRow | undefined> {
  if (hooks?.onCompleted) {
    // The completion is one statement, started before the hook's writes and sent with them (one round trip).
    const [[done]] = await sideBySide([
      Promise.resolve(
        tx
          .update(userQuests)
          .set({ completedAt: now })
          .where(and(eq(userQuests.userId, userId), eq(userQuests.questId, quest.id)))
          .returning(),
      ),
      hooks.onCompleted(tx, userId, quest, now),
    ]);
    return done;
  }
  // A recurring quest's period (the one it was started in) counts once: the completion row's key says so.
  const period = periodOf(quest, uq.startedAt);
  if (period) {
    const [counted] = await tx
      .insert(questPeriodCompletions)
      .values({ userId, questId: quest.id, periodStart: period.start, completedAt: now })
      .onConflictDoNothing()
      .returning({ questId: questPeriodCompletions.questId });
    if (!counted) return undefined;
  }
  const rewards = await grantQuestRewards(tx, userId, quest, now, period?.key);
  const rewarded = {
    kpoints: rewards.kpoints?.toString() ?? null,
    kcash: rewards.kcash?.toString() ?? null,
    rkhel: rewards.rkhel?.toString() ?? null,
  };
  if (period)
    await tx
      .update(questPeriodCompletions)
      .set({ rewarded })
      .where(
        and(
          eq(questPeriodCompletions.userId, userId),
          eq(questPeriodCompletions.questId, quest.id),
          eq(questPeriodCompletions.periodStart, period.start),
        ),
      );
  const [done] = await tx
    .update(userQuests)
    .set({ completedAt: now, rewarded })
    .where(and(eq(userQuests.userId, userId), eq(userQuests.questId, quest.id)))
    .returning();
  return done;
}
