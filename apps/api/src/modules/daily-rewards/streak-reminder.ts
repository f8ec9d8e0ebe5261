import { DIAL_CODES } from '@khel/core/validation';
import type { Executor } from '@khel/db';
import { type SQL, sql } from 'drizzle-orm';
import type { JobHandler } from '../../lib/context.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { addDays, DAY_TIME_ZONES, DEFAULT_DAY_TIME_ZONE, localDay, nextDayStart } from './daily-rewards.ts';

/**
 * The evening streak reminder: a recurring job that writes a `daily_streak_reminder` for each gamer with a
 * streak of 2 days or more up to yesterday (or up to the day before, with a streak freeze to cover yesterday)
 * who has not claimed today, once it is evening where they are.
 */
export const STREAK_REMINDER_JOB = 'daily-rewards.streak-reminder';
/** How often the job runs: a reminder goes at most this long after 20:00 local time. */
export const STREAK_REMINDER_EVERY_MS = 15 * 60_000;
/** From when in the gamer's evening (local time, HH:MM) the reminder is written. */
export const STREAK_REMINDER_FROM = '20:00';
/** The shortest streak reminded of (days claimed in a row up to yesterday). */
export const STREAK_REMINDER_MIN_STREAK = 2;

/**
 * The zone of a user's reward day in SQL (`u`: their users row), the same as `timeZoneOf`: the profile's
 * country when it is a two-letter code, else the country of the phone's dial code, mapped by DAY_TIME_ZONES,
 * else UTC. The test of the reminder checks the two agree.
 */
export function dayTimeZoneSql(): SQL {
  const byDialCode = Object.entries(DIAL_CODES).map(
    ([country, code]) => sql`when u.phone_number like ${`${code}%`} then ${country}`,
  );
  const country = sql`case when u.country ~ '^[A-Za-z]{2}$' then upper(u.country) ${sql.join(byDialCode, sql` `)} end`;
  const zones = Object.entries(DAY_TIME_ZONES).map(([code, zone]) => sql`when ${code} then ${zone}`);
  return sql`(case ${country} ${sql.join(zones, sql` `)} else ${DEFAULT_DAY_TIME_ZONE} end)`;
}

/** Each reward zone's today, yesterday and when today ends, at `now`. */
function daysAt(now: Date) {
  return [...new Set([...Object.values(DAY_TIME_ZONES), DEFAULT_DAY_TIME_ZONE])].map((zone) => {
    const today = localDay(now, zone);
    return {
      zone,
      today,
      yesterday: addDays(today, -1),
      endsAt: nextDayStart(today, zone, now).toISOString(),
    };
  });
}

/**
 * The reminders due at `now` as ONE `insert … select … on conflict (dedupe_key) do nothing`, counting the rows
 * written. Who: yesterday's claims (in each reward zone's own day; a range of `daily_claims_day_idx` per zone)
 * with a streak of STREAK_REMINDER_MIN_STREAK or more, and (issue 26) the day before yesterday's of gamers who
 * missed yesterday but hold a streak freeze, which today's claim would spend to keep the streak (`freeze` in the
 * payload); of live accounts with no claim today, that the bot may message (a `bot_chats` row not blocked) and
 * that did not turn the kind off; when it is STREAK_REMINDER_FROM or later in their zone: the one they chose in
 * their notification settings (when PostgreSQL knows it), else the zone of their reward day. Key
 * `daily-streak-reminder:<user>:<day>`: once per user and reward day, however often the job runs. Payload:
 * streak (up to the last day claimed), day, endsAt (when the day ends, so the notifier skips a reminder held
 * past it by quiet hours, or sent after the claim), freeze.
 */
export function streakReminderSql(now: Date): SQL {
  const days = sql.join(
    daysAt(now).map(
      (d) =>
        sql`(${d.zone}::text, ${d.today}::text, ${d.yesterday}::text, ${addDays(d.yesterday, -1)}::text, ${d.endsAt}::text)`,
    ),
    sql`, `,
  );
  const at = now.toISOString();
  // Gamers whose last claim was on `day` (a column of `days`), `freeze` saying whether a held freeze is needed.
  const lastClaimedOn = (day: SQL, freeze: boolean) => sql`
      select c.user_id, c.streak, d.today, d.ends_at, ${freeze} as freeze
      from days d
      join daily_claims c on c.day = ${day} and c.streak >= ${STREAK_REMINDER_MIN_STREAK}
      join users u on u.id = c.user_id and u.deleted_at is null
      join bot_chats b on b.user_id = c.user_id and b.blocked_at is null
      ${freeze ? sql`join streak_freezes f on f.user_id = c.user_id and f.held > 0` : sql``}
      left join notification_preferences p on p.user_id = c.user_id
      where d.zone = ${dayTimeZoneSql()}
        and not exists (select 1 from daily_claims t where t.user_id = c.user_id and t.day = d.today)
        ${freeze ? sql`and not exists (select 1 from daily_claims y where y.user_id = c.user_id and y.day = d.yesterday)` : sql``}
        and not exists (
          select 1 from notification_settings s
          where s.user_id = c.user_id and s.kind = 'daily_streak_reminder' and not s.enabled)
        and (${at}::timestamptz at time zone coalesce(
              case when p.time_zone in (select name from pg_timezone_names) then p.time_zone end, d.zone))::time
            >= ${STREAK_REMINDER_FROM}::time`;
  return sql`
    with days(zone, today, yesterday, before, ends_at) as (values ${days}),
    due as (
      ${lastClaimedOn(sql`d.yesterday`, false)}
      union all
      ${lastClaimedOn(sql`d.before`, true)}
    ),
    written as (
      insert into outbox (kind, user_id, dedupe_key, payload, available_at)
      select 'daily_streak_reminder', due.user_id, 'daily-streak-reminder:' || due.user_id || ':' || due.today,
        jsonb_build_object('streak', due.streak, 'day', due.today, 'endsAt', due.ends_at, 'freeze', due.freeze),
        ${at}::timestamptz
      from due
      on conflict (dedupe_key) do nothing
      returning 1
    )
    select count(*)::int as written from written`;
}

/** Writes the reminders due at `now`; returns how many were new. */
export async function remindStreaks(db: Executor, now: Date): Promise<number> {
  const [row] = await queryRows<{ written: number }>(db, streakReminderSql(now));
  return Number(row?.written ?? 0);
}

/** Job handler of STREAK_REMINDER_JOB. */
export const remindStreaksJob: JobHandler = async (deps) => {
  const written = await remindStreaks(deps.db, deps.clock());
  if (written > 0) deps.logger.info('streak reminders written', { written });
};
