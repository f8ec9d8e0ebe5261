import {
  CLAN_NOT_IN_CLAN_MESSAGE,
  CLAN_TIERS,
  CLAN_WAR_DEFAULT_RULES,
  CLAN_WAR_RESULTS_SHOWN,
  type ClanWar,
  type ClanWarNoWarReason,
  type ClanWarOutcome,
  type ClanWarRules,
  type ClanWarStatus,
  money,
  XP_RULES,
} from '@khel/core/contract';
import { clanTierOf, pairClansForWar, recurrencePeriod } from '@khel/core/domain';
import type { Executor, Transaction } from '@khel/db';
import {
  type ClanWarRow,
  type ClanWarWeekRow,
  clanMembers,
  clans,
  clanWarEntries,
  clanWars,
  clanWarWeeks,
  xpAwards,
} from '@khel/db/schema';
import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps, JobHandler, RecurringJob } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { systemAccount, type TransferInput, transferMany, userAccount } from '../ledger/index.ts';
import { enqueueNotifications } from '../notifications/index.ts';
import { awardXp } from '../progression/index.ts';

/**
 * Weekly clan wars (README "Clan wars"; contract clan-wars.ts). The wars job makes a week's wars once, at its first
 * run of the ISO week (pairs by `pairClansForWar`, the week's numbers written with them), and decides each war
 * CLAN_WAR_SETTLE_GRACE_MINUTES after its week ends: LIVE → ENDED by a conditional update (the claim: a second
 * worker finds it ended and pays nothing), the scores read from `xp_awards`, each counted member of the winner paid
 * `clan_war_won` XP and the week's K-Points (treasury → user, key `clanwar:<war>:<user>`). Requests only read.
 */

export const CLAN_WARS_JOB = 'clans.wars';
export const CLAN_WARS_EVERY_MS = 30_000;
export const CLAN_WAR_SETTLE_GRACE_MS = CLAN_WAR_DEFAULT_RULES.settleGraceMinutes * 60_000;
/** Wars decided per run (each in its own transaction). */
const SETTLE_PER_RUN = 200;
/** Rows per insert statement when a week's wars are written. */
const INSERT_CHUNK = 1_000;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
/** Held by the transaction that makes a week's wars: two workers at once make them once. */
const warsLock = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('khel:clans.wars'))`);

const chunks = <T>(list: readonly T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** The rules a week's row froze, or the contract's before the week's wars are made. */
export function rulesOf(week: ClanWarWeekRow | undefined): ClanWarRules {
  return {
    minMembers: week?.minMembers ?? CLAN_WAR_DEFAULT_RULES.minMembers,
    rewardXp: week?.rewardXp ?? CLAN_WAR_DEFAULT_RULES.rewardXp,
    rewardKpoints: money(week?.rewardKpoints ?? BigInt(CLAN_WAR_DEFAULT_RULES.rewardKpoints), 'KPOINTS'),
    settleGraceMinutes: CLAN_WAR_DEFAULT_RULES.settleGraceMinutes,
    tiers: [...CLAN_TIERS],
  };
}

/**
 * Makes the wars of the week holding `now`, once: the live clans with at least the minimum of members who joined
 * before the week began, by the score the score job keeps, paired by `pairClansForWar`; the week's row, its wars
 * and one entry per clan in one transaction (under the wars lock, re-checked inside). Every member of both clans
 * of each war hears of it, and each clan's Telegram group. Returns the wars made (0 when the week had them).
 */
export async function makeWeekWars(deps: Pick<AppDeps, 'db'>, now: Date): Promise<number> {
  const week = recurrencePeriod('weekly', now);
  const [existing] = await deps.db
    .select({ key: clanWarWeeks.weekKey })
    .from(clanWarWeeks)
    .where(eq(clanWarWeeks.weekKey, week.key));
  if (existing) return 0;
  return deps.db.transaction(async (tx) => {
    await warsLock(tx);
    const [made] = await tx
      .select({ key: clanWarWeeks.weekKey })
      .from(clanWarWeeks)
      .where(eq(clanWarWeeks.weekKey, week.key));
    if (made) return 0;
    const minMembers = CLAN_WAR_DEFAULT_RULES.minMembers;
    const candidates = await queryRows<{
      id: string;
      score: string | number;
      created_at: string | Date;
      members: number;
    }>(
      tx,
      sql`select c.id, c.score, c.created_at, count(*)::int as members
        from ${clans} c join ${clanMembers} m on m.clan_id = c.id and m.joined_at < ${at(week.start)}
        where c.deleted_at is null
        group by c.id having count(*) >= ${minMembers}`,
    );
    await tx.insert(clanWarWeeks).values({
      weekKey: week.key,
      startsAt: week.start,
      endsAt: week.end,
      minMembers,
      rewardXp: CLAN_WAR_DEFAULT_RULES.rewardXp,
      rewardKpoints: BigInt(CLAN_WAR_DEFAULT_RULES.rewardKpoints),
      matchedAt: now,
    });
    const { pairs } = pairClansForWar(
      candidates.map((c) => ({
        id: c.id,
        score: Number(c.score),
        createdAt: new Date(c.created_at).getTime(),
      })),
    );
    const warOf = new Map<string, string>();
    for (const chunk of chunks(pairs, INSERT_CHUNK)) {
      const rows = await tx
        .insert(clanWars)
        .values(
          chunk.map((p) => ({
            weekKey: week.key,
            tier: p.tier,
            clanAId: p.a,
            clanBId: p.b,
            startsAt: week.start,
            endsAt: week.end,
          })),
        )
        .returning({ id: clanWars.id, a: clanWars.clanAId, b: clanWars.clanBId });
      for (const row of rows) {
        warOf.set(row.a, row.id);
        warOf.set(row.b, row.id);
      }
    }
    for (const chunk of chunks(candidates, INSERT_CHUNK))
      await tx.insert(clanWarEntries).values(
        chunk.map((c) => ({
          weekKey: week.key,
          clanId: c.id,
          warId: warOf.get(c.id) ?? null,
          tier: clanTierOf(Number(c.score)),
          score: Number(c.score),
          members: Number(c.members),
        })),
      );
    if (pairs.length > 0) await announceWeek(tx, week.key);
    return pairs.length;
  });
}

/** Each side of each war of the week, as (war, mine, other): for the set-based pushes and group news. */
const sidesOfWeek = (weekKey: string) => sql`
  select w.id as war_id, w.ends_at, s.mine, s.other, me.name as clan_name, op.name as opponent_name
  from ${clanWars} w
  cross join lateral (values (w.clan_a_id, w.clan_b_id), (w.clan_b_id, w.clan_a_id)) as s(mine, other)
  join ${clans} me on me.id = s.mine
  join ${clans} op on op.id = s.other
  where w.week_key = ${weekKey}`;

/** `clan_war_matched` to every member of both clans of each war, and the news to each clan's group. */
async function announceWeek(tx: Transaction, weekKey: string): Promise<void> {
  await tx.execute(sql`
    insert into outbox (kind, user_id, dedupe_key, payload)
    select 'clan_war_matched', m.user_id, 'clan-war-matched:' || s.war_id::text || ':' || m.user_id::text,
      jsonb_build_object('clanName', s.clan_name, 'clanId', s.mine::text, 'opponentName', s.opponent_name,
        'warId', s.war_id::text, 'endsAt', s.ends_at)
    from (${sidesOfWeek(weekKey)}) s
    join ${clanMembers} m on m.clan_id = s.mine
    on conflict (dedupe_key) do nothing`);
  await tx.execute(sql`
    insert into clan_group_news (clan_id, kind, dedupe_key, payload)
    select s.mine, 'war_matched', 'clan-war-matched:' || s.war_id::text || ':' || s.mine::text,
      jsonb_build_object('clanName', s.clan_name, 'clanId', s.mine::text, 'opponentName', s.opponent_name,
        'endsAt', s.ends_at)
    from (${sidesOfWeek(weekKey)}) s
    join clan_telegram_groups g on g.clan_id = s.mine
    on conflict (dedupe_key) do nothing`);
}

/**
 * Each counted member's XP in a war's week: the current members of `clanId` who joined before the week began,
 * with the XP of their awards within [start, end) (a war won, `clan_war_won`, is left out: it is paid after its
 * week, and would otherwise count for the next). Read on demand: a clan has at most its member cap of rows.
 */
export async function memberWarXp(
  db: Executor,
  clanId: string,
  window: { startsAt: Date; endsAt: Date },
): Promise<{ userId: string; xp: number }[]> {
  const rows = await queryRows<{ user_id: string; xp: string | number }>(
    db,
    sql`select m.user_id, coalesce(sum(a.xp), 0)::bigint as xp
      from ${clanMembers} m
      left join ${xpAwards} a on a.user_id = m.user_id and a.created_at >= ${at(window.startsAt)}
        and a.created_at < ${at(window.endsAt)} and a.source <> 'clan_war_won'
      where m.clan_id = ${clanId}::uuid and m.joined_at < ${at(window.startsAt)}
      group by m.user_id
      order by m.user_id`,
  );
  return rows.map((r) => ({ userId: r.user_id, xp: Number(r.xp) }));
}

const total = (rows: { xp: number }[]) => rows.reduce((sum, r) => sum + r.xp, 0);

/**
 * Decides every LIVE war whose week ended at least the grace ago, each in its own transaction; returns how many
 * this run decided (a war another worker claimed first is not counted).
 */
export async function settleClanWars(deps: Pick<AppDeps, 'db'>, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: clanWars.id })
    .from(clanWars)
    .where(
      and(
        eq(clanWars.status, 'LIVE'),
        lte(clanWars.endsAt, new Date(now.getTime() - CLAN_WAR_SETTLE_GRACE_MS)),
      ),
    )
    .orderBy(asc(clanWars.endsAt), asc(clanWars.id))
    .limit(SETTLE_PER_RUN);
  let decided = 0;
  for (const war of due) if (await deps.db.transaction((tx) => settleWar(tx, war.id, now))) decided += 1;
  return decided;
}

/**
 * One war decided: the claim (LIVE → ENDED, conditional), both scores, the winner (none on a tie), its counted
 * members paid XP and K-Points in one ledger call, the result to every member of both clans and both groups.
 */
export async function settleWar(tx: Transaction, warId: string, now: Date): Promise<boolean> {
  const [war] = await tx
    .update(clanWars)
    .set({ status: 'ENDED', resolvedAt: now })
    .where(and(eq(clanWars.id, warId), eq(clanWars.status, 'LIVE')))
    .returning();
  if (!war) return false;
  const [week] = await tx.select().from(clanWarWeeks).where(eq(clanWarWeeks.weekKey, war.weekKey));
  const [a, b] = await Promise.all([memberWarXp(tx, war.clanAId, war), memberWarXp(tx, war.clanBId, war)]);
  const scoreA = total(a);
  const scoreB = total(b);
  const winner = scoreA > scoreB ? war.clanAId : scoreB > scoreA ? war.clanBId : null;
  await tx.update(clanWars).set({ scoreA, scoreB, winnerClanId: winner }).where(eq(clanWars.id, war.id));
  const paid = winner === null ? [] : winner === war.clanAId ? a : b;
  const rewardKpoints = week!.rewardKpoints;
  // Users in id order (memberWarXp's): every transaction that takes several user_xp rows takes them in one order.
  for (const member of paid)
    await awardXp(tx, { userId: member.userId, source: 'clan_war_won', key: `clanwar:${war.id}`, at: now });
  if (paid.length > 0 && rewardKpoints > 0n)
    await transferMany(
      tx,
      paid.map(
        (member): TransferInput => ({
          idempotencyKey: `clanwar:${war.id}:${member.userId}`,
          debit: systemAccount('treasury'),
          credit: userAccount(member.userId, 'user_kpoints'),
          amount: rewardKpoints,
          currency: 'KPOINTS',
          kind: 'reward',
          metadata: { clanWar: war.id, week: war.weekKey },
        }),
      ),
    );
  await announceResult(tx, war, { scoreA, scoreB, winner }, new Set(paid.map((p) => p.userId)), week!);
  return true;
}

async function announceResult(
  tx: Transaction,
  war: ClanWarRow,
  result: { scoreA: number; scoreB: number; winner: string | null },
  paid: Set<string>,
  week: ClanWarWeekRow,
): Promise<void> {
  const names = await tx
    .select({ id: clans.id, name: clans.name })
    .from(clans)
    .where(inArray(clans.id, [war.clanAId, war.clanBId]));
  const nameOf = (id: string) => names.find((n) => n.id === id)?.name ?? 'Khel';
  const sides = [
    { mine: war.clanAId, other: war.clanBId, myScore: result.scoreA, opponentScore: result.scoreB },
    { mine: war.clanBId, other: war.clanAId, myScore: result.scoreB, opponentScore: result.scoreA },
  ];
  for (const side of sides) {
    const outcome: ClanWarOutcome =
      result.winner === null ? 'draw' : result.winner === side.mine ? 'won' : 'lost';
    const facts = {
      clanName: nameOf(side.mine),
      clanId: side.mine,
      opponentName: nameOf(side.other),
      myScore: side.myScore,
      opponentScore: side.opponentScore,
      outcome,
    };
    const members = await tx
      .select({ userId: clanMembers.userId })
      .from(clanMembers)
      .where(eq(clanMembers.clanId, side.mine));
    await enqueueNotifications(
      tx,
      members.map((m) => ({
        kind: 'clan_war_result' as const,
        userId: m.userId,
        dedupeKey: `clan-war-result:${war.id}:${m.userId}`,
        payload: {
          ...facts,
          // What this member was paid (none for a member who joined after the week began).
          ...(paid.has(m.userId)
            ? { xp: XP_RULES.clan_war_won, kpoints: week.rewardKpoints.toString() }
            : {}),
        },
      })),
    );
    await tx.execute(sql`
      insert into clan_group_news (clan_id, kind, dedupe_key, payload)
      select ${side.mine}::uuid, 'war_result', ${`clan-war-result:${war.id}:${side.mine}`},
        ${JSON.stringify(facts)}::jsonb
      from clan_telegram_groups g where g.clan_id = ${side.mine}::uuid
      on conflict (dedupe_key) do nothing`);
  }
}

export const clanWarJobHandlers: Record<string, JobHandler> = {
  [CLAN_WARS_JOB]: async (deps) => {
    const now = deps.clock();
    const made = await makeWeekWars(deps, now);
    const decided = await settleClanWars(deps, now);
    if (made + decided > 0) deps.logger.info('clan wars', { made, decided });
  },
};

export const clanWarRecurringJobs: RecurringJob[] = [{ kind: CLAN_WARS_JOB, everyMs: CLAN_WARS_EVERY_MS }];

/** The rules now: this week's, frozen with its wars, or the contract's before they are made. */
export async function clanWarRules(db: Executor, now: Date): Promise<ClanWarRules> {
  const week = recurrencePeriod('weekly', now);
  const [row] = await db.select().from(clanWarWeeks).where(eq(clanWarWeeks.weekKey, week.key));
  return rulesOf(row);
}

/** The reader's clan's war (GET /platform-clans/me/war); 403 for a reader in no clan. */
export async function myClanWar(db: Executor, userId: string, now: Date): Promise<ClanWarStatus> {
  const [member] = await db
    .select({ clanId: clanMembers.clanId })
    .from(clanMembers)
    .where(eq(clanMembers.userId, userId));
  if (!member) throw new AppError(403, CLAN_NOT_IN_CLAN_MESSAGE);
  return clanWarStatus(db, member.clanId, userId, now);
}

/**
 * A clan's war as `userId` (one of its members) sees it: this week's war (or last week's while it waits to be
 * decided) with both scores (read now while it runs, as written when decided), the reader's XP in it, or why
 * there is none; and the newest results.
 */
export async function clanWarStatus(
  db: Executor,
  clanId: string,
  userId: string,
  now: Date,
): Promise<ClanWarStatus> {
  const week = recurrencePeriod('weekly', now);
  const [weekRow] = await db.select().from(clanWarWeeks).where(eq(clanWarWeeks.weekKey, week.key));
  const [current] = await db
    .select({ war: clanWars })
    .from(clanWarEntries)
    .innerJoin(clanWars, eq(clanWars.id, clanWarEntries.warId))
    .where(
      and(
        eq(clanWarEntries.clanId, clanId),
        sql`(${clanWarEntries.weekKey} = ${week.key} or ${clanWars.status} = 'LIVE')`,
      ),
    )
    .orderBy(desc(clanWars.startsAt))
    .limit(1);
  let noWarReason: ClanWarNoWarReason | null = null;
  if (!current) {
    const [entry] = await db
      .select({ warId: clanWarEntries.warId })
      .from(clanWarEntries)
      .where(and(eq(clanWarEntries.clanId, clanId), eq(clanWarEntries.weekKey, week.key)));
    noWarReason = !weekRow ? 'matching_soon' : entry ? 'no_opponent' : 'too_few_members';
  }
  const ended = await db
    .select({ war: clanWars })
    .from(clanWarEntries)
    .innerJoin(clanWars, eq(clanWars.id, clanWarEntries.warId))
    .where(and(eq(clanWarEntries.clanId, clanId), eq(clanWars.status, 'ENDED')))
    .orderBy(desc(clanWarEntries.weekKey))
    .limit(CLAN_WAR_RESULTS_SHOWN + 1);
  const results = ended.filter((r) => r.war.id !== current?.war.id).slice(0, CLAN_WAR_RESULTS_SHOWN);
  const ids = new Set<string>([clanId]);
  for (const { war } of [...results, ...(current ? [current] : [])]) {
    ids.add(war.clanAId);
    ids.add(war.clanBId);
  }
  const names = await db
    .select({ id: clans.id, name: clans.name })
    .from(clans)
    .where(inArray(clans.id, [...ids]));
  const nameOf = (id: string) => names.find((n) => n.id === id)?.name ?? '';
  const outcomeFor = (war: ClanWarRow): ClanWarOutcome =>
    war.winnerClanId === null ? 'draw' : war.winnerClanId === clanId ? 'won' : 'lost';
  return {
    week: { key: week.key, startsAt: week.start.toISOString(), endsAt: week.end.toISOString() },
    war: current ? await warView(db, current.war, clanId, userId, nameOf) : null,
    noWarReason,
    results: results.map(({ war }) => {
      const mineIsA = war.clanAId === clanId;
      return {
        id: war.id,
        weekKey: war.weekKey,
        endsAt: war.endsAt.toISOString(),
        opponentName: nameOf(mineIsA ? war.clanBId : war.clanAId),
        myScore: Number((mineIsA ? war.scoreA : war.scoreB) ?? 0),
        opponentScore: Number((mineIsA ? war.scoreB : war.scoreA) ?? 0),
        outcome: outcomeFor(war),
      };
    }),
    rules: rulesOf(weekRow),
  };
}

async function warView(
  db: Executor,
  war: ClanWarRow,
  clanId: string,
  userId: string,
  nameOf: (id: string) => string,
): Promise<ClanWar> {
  const otherId = war.clanAId === clanId ? war.clanBId : war.clanAId;
  const entries = await db
    .select({ clanId: clanWarEntries.clanId, tier: clanWarEntries.tier })
    .from(clanWarEntries)
    .where(and(eq(clanWarEntries.weekKey, war.weekKey), inArray(clanWarEntries.clanId, [clanId, otherId])));
  const tierOf = (id: string) => entries.find((e) => e.clanId === id)?.tier ?? war.tier;
  const [mine, other] = await Promise.all([memberWarXp(db, clanId, war), memberWarXp(db, otherId, war)]);
  const ended = war.status === 'ENDED';
  const stored = (id: string) => Number((id === war.clanAId ? war.scoreA : war.scoreB) ?? 0);
  const me = mine.find((m) => m.userId === userId);
  // A member who joined after the week began is not counted: their own XP of the week is still shown.
  const myXp = me
    ? me.xp
    : total(
        await queryRows<{ xp: string | number }>(
          db,
          sql`select coalesce(sum(xp), 0)::bigint as xp from ${xpAwards} where user_id = ${userId}::uuid
            and created_at >= ${at(war.startsAt)} and created_at < ${at(war.endsAt)} and source <> 'clan_war_won'`,
        ).then((rows) => rows.map((r) => ({ xp: Number(r.xp) }))),
      );
  return {
    id: war.id,
    weekKey: war.weekKey,
    startsAt: war.startsAt.toISOString(),
    endsAt: war.endsAt.toISOString(),
    status: war.status,
    tier: war.tier,
    mine: {
      clanId,
      clanName: nameOf(clanId),
      tier: tierOf(clanId),
      score: ended ? stored(clanId) : total(mine),
    },
    opponent: {
      clanId: otherId,
      clanName: nameOf(otherId),
      tier: tierOf(otherId),
      score: ended ? stored(otherId) : total(other),
    },
    myContribution: myXp,
    counted: me !== undefined,
    outcome: ended
      ? war.winnerClanId === null
        ? 'draw'
        : war.winnerClanId === clanId
          ? 'won'
          : 'lost'
      : null,
    resolvedAt: war.resolvedAt?.toISOString() ?? null,
  };
}
