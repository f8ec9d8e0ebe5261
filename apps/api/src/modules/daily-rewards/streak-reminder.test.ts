import { randomInt } from 'node:crypto';
import { schema, writeNotificationPreferences } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs, scheduleRecurringJob } from '../../lib/jobs.ts';
import { planOnIndexes } from '../../lib/query-plan.test-support.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { claimedBefore, holdFreezes } from './daily-rewards.test-support.ts';
import { localDay, nextDayStart, timeZoneOf } from './daily-rewards.ts';
import {
  dayTimeZoneSql,
  remindStreaks,
  STREAK_REMINDER_EVERY_MS,
  STREAK_REMINDER_JOB,
  streakReminderSql,
} from './streak-reminder.ts';

const MINUTE = 60_000;
const o = schema.outbox;

/** HH:MM on the clock in `zone` at `at`. */
const clockIn = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);

describe.each(DB_KINDS)('the evening streak reminder on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Moves the test clock forward to the next time the clock in `zone` shows `hhmm` (at its first second). */
  const advanceTo = (zone: string, hhmm: string) => {
    ctx.advance(MINUTE - (ctx.now().getTime() % MINUTE));
    while (clockIn(ctx.now(), zone) !== hhmm) ctx.advance(MINUTE);
  };

  /** A gamer (IST unless `fields` say otherwise) who opened the bot, unless `bot` is false or 'blocked'. */
  const gamer = async (
    fields: Partial<typeof schema.users.$inferInsert> = {},
    bot: boolean | 'blocked' = true,
  ): Promise<UserRow> => {
    const [user] = await ctx.deps.db
      .insert(schema.users)
      .values({ country: 'IN', isVerified: true, ...fields })
      .returning();
    if (bot)
      await ctx.deps.db.insert(schema.botChats).values({
        userId: user!.id,
        chatId: randomInt(1, 2 ** 47),
        blockedAt: bot === 'blocked' ? ctx.now() : null,
      });
    return user!;
  };
  const remindersOf = (users: UserRow[]) =>
    ctx.deps.db
      .select()
      .from(o)
      .where(
        and(
          eq(o.kind, 'daily_streak_reminder'),
          inArray(
            o.userId,
            users.map((u) => u.id),
          ),
        ),
      );
  const todayOf = (user: UserRow) => localDay(ctx.now(), timeZoneOf(user));

  it('at 20:00 their time: gamers with a streak up to yesterday, not claimed today, whom the bot may message; once a day', async () => {
    advanceTo('Asia/Kolkata', '19:59');
    const reminded = await gamer();
    const one = await gamer();
    const claimedToday = await gamer();
    const noBot = await gamer({}, false);
    const blocked = await gamer({}, 'blocked');
    const switchedOff = await gamer();
    const lapsed = await gamer();
    const saved = await gamer();
    const deleted = await gamer({ deletedAt: ctx.now() });
    await claimedBefore(ctx, reminded, 1, 3);
    await claimedBefore(ctx, one, 1, 1);
    await claimedBefore(ctx, claimedToday, 0, 4);
    for (const u of [noBot, blocked, switchedOff, deleted]) await claimedBefore(ctx, u, 1, 5);
    await claimedBefore(ctx, lapsed, 2, 5);
    // Missed yesterday too, but holds a streak freeze that today's claim would spend: still worth a reminder.
    await claimedBefore(ctx, saved, 2, 6);
    await holdFreezes(ctx, saved.id, 1);
    await ctx.deps.db
      .insert(schema.notificationSettings)
      .values({ userId: switchedOff.id, kind: 'daily_streak_reminder', enabled: false });
    const everyone = [reminded, one, claimedToday, noBot, blocked, switchedOff, lapsed, saved, deleted];

    // 19:59 in India: not yet.
    expect(await remindStreaks(ctx.deps.db, ctx.now())).toBe(0);
    ctx.advance(MINUTE);
    expect(clockIn(ctx.now(), 'Asia/Kolkata')).toBe('20:00');
    expect(await remindStreaks(ctx.deps.db, ctx.now())).toBe(2);
    const day = todayOf(reminded);
    const first = await remindersOf(everyone);
    expect(first.find((r) => r.userId === saved.id)?.payload).toMatchObject({ streak: 6, day, freeze: true });
    const row = first.find((r) => r.userId === reminded.id);
    expect(row).toMatchObject({
      userId: reminded.id,
      dedupeKey: `daily-streak-reminder:${reminded.id}:${day}`,
      status: 'pending',
      availableAt: ctx.now(),
      payload: {
        streak: 3,
        day,
        endsAt: nextDayStart(day, 'Asia/Kolkata', ctx.now()).toISOString(),
        freeze: false,
      },
    });

    // The job runs again through the evening: nothing new.
    ctx.advance(STREAK_REMINDER_EVERY_MS);
    expect(await remindStreaks(ctx.deps.db, ctx.now())).toBe(0);
    advanceTo('Asia/Kolkata', '23:59');
    expect(await remindStreaks(ctx.deps.db, ctx.now())).toBe(0);
    // The next day, not before the evening; then the streaks kept up (claimed the day before) are reminded.
    await ctx.deps.db.insert(schema.dailyClaims).values({ userId: reminded.id, day, streak: 4, amount: 25n });
    advanceTo('Asia/Kolkata', '19:59');
    expect(await remindStreaks(ctx.deps.db, ctx.now())).toBe(0);
    ctx.advance(MINUTE);
    expect(await remindStreaks(ctx.deps.db, ctx.now())).toBe(2);
    const rows = await remindersOf(everyone);
    expect(
      rows.map((r) => [r.userId, (r.payload as { streak: number; day: string }).streak, r.dedupeKey]).sort(),
    ).toEqual(
      [
        [reminded.id, 3, `daily-streak-reminder:${reminded.id}:${day}`],
        [saved.id, 6, `daily-streak-reminder:${saved.id}:${day}`],
        [reminded.id, 4, `daily-streak-reminder:${reminded.id}:${todayOf(reminded)}`],
        [claimedToday.id, 4, `daily-streak-reminder:${claimedToday.id}:${todayOf(reminded)}`],
      ].sort(),
    );
  });

  it('in the zone the gamer chose for notifications, else the zone of their reward day', async () => {
    advanceTo('UTC', '00:00');
    const indian = await gamer();
    const brazilian = await gamer({ country: 'BR' });
    const chose = await gamer();
    const unknownZone = await gamer();
    await writeNotificationPreferences(ctx.deps.db, chose.id, { timeZone: 'Asia/Tokyo' });
    // A zone PostgreSQL does not know (written around the API's check) falls back to the reward day's zone.
    await writeNotificationPreferences(ctx.deps.db, unknownZone.id, { timeZone: 'Mars/Olympus_Mons' });
    for (const u of [indian, chose, unknownZone]) await claimedBefore(ctx, u, 1, 2);
    // 21:00 of the day before in São Paulo: its "yesterday" is still to come.
    await claimedBefore(ctx, brazilian, 0, 2);
    const everyone = [indian, brazilian, chose, unknownZone];
    const remindedNow = async () => {
      const before = new Set((await remindersOf(everyone)).map((r) => r.id));
      await remindStreaks(ctx.deps.db, ctx.now());
      return (await remindersOf(everyone)).filter((r) => !before.has(r.id)).map((r) => r.userId);
    };

    // 20:00 in Tokyo is 16:30 in India: the Indian who chose Tokyo only.
    advanceTo('Asia/Tokyo', '20:00');
    expect(await remindedNow()).toEqual([chose.id]);
    advanceTo('Asia/Kolkata', '20:00');
    expect(new Set(await remindedNow())).toEqual(new Set([indian.id, unknownZone.id]));
    advanceTo('America/Sao_Paulo', '19:59');
    expect(await remindedNow()).toEqual([]);
    ctx.advance(MINUTE);
    expect(await remindedNow()).toEqual([brazilian.id]);

    // Each is reminded of their own reward day: the Indian who chose Tokyo, of the Indian one.
    const [choseRow] = await remindersOf([chose]);
    expect(choseRow!.payload).toMatchObject({
      day: localDay(choseRow!.availableAt, 'Asia/Kolkata'),
      endsAt: nextDayStart(
        localDay(choseRow!.availableAt, 'Asia/Kolkata'),
        'Asia/Kolkata',
        choseRow!.availableAt,
      ).toISOString(),
    });
    const [brazilianRow] = await remindersOf([brazilian]);
    expect((brazilianRow!.payload as { day: string }).day).toBe(todayOf(brazilian));
  });

  it('reads the day’s zone in SQL as timeZoneOf does', async () => {
    const cases = [
      { country: 'BR', phoneNumber: `+91${randomInt(6e9, 9e9)}` },
      { country: null, phoneNumber: `+55${randomInt(1e10, 9e10)}` },
      { country: 'US', phoneNumber: `+91${randomInt(6e9, 9e9)}` },
      { country: 'np', phoneNumber: null },
      { country: 'IND', phoneNumber: `+880${randomInt(1e9, 9e9)}` },
      { country: null, phoneNumber: `+977${randomInt(1e9, 9e9)}` },
      { country: null, phoneNumber: null },
    ];
    for (const fields of cases) {
      const u = await gamer(fields, false);
      const [row] = await queryRows<{ zone: string }>(
        ctx.deps.db,
        sql`select ${dayTimeZoneSql()} as zone from users u where u.id = ${u.id}`,
      );
      expect(row?.zone, JSON.stringify(fields)).toBe(timeZoneOf(u));
    }
  });

  it('runs as a recurring job; the day’s claims are read as a range of daily_claims_day_idx', async () => {
    expect(ctx.deps.recurringJobs).toContainEqual({
      kind: STREAK_REMINDER_JOB,
      everyMs: STREAK_REMINDER_EVERY_MS,
    });
    advanceTo('Asia/Kolkata', '19:00');
    const u = await gamer();
    await claimedBefore(ctx, u, 1, 9);
    await scheduleRecurringJob(
      ctx.deps.db,
      { kind: STREAK_REMINDER_JOB, everyMs: STREAK_REMINDER_EVERY_MS },
      ctx.now(),
    );
    advanceTo('Asia/Kolkata', '20:00');
    expect(await runDueJobs(ctx.deps, { limit: 5 })).toMatchObject({ done: 1 });
    expect((await remindersOf([u])).map((r) => r.payload)).toEqual([
      expect.objectContaining({ streak: 9, day: todayOf(u) }),
    ]);
    const [job] = await ctx.deps.db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.kind, STREAK_REMINDER_JOB), isNull(schema.jobs.doneAt)));
    expect(job!.runAt.getTime() - ctx.now().getTime()).toBe(STREAK_REMINDER_EVERY_MS);

    const plan = await planOnIndexes(ctx.deps.db, streakReminderSql(ctx.now()));
    expect(plan).toContain('daily_claims_day_idx');
  });
});
