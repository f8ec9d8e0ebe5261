import {
  NOTIFICATION_KINDS,
  type NotificationSettings,
  type NotificationSettingsChange,
} from '@khel/core/contract';
import { formatClock, parseClock, timeZoneOf } from '@khel/core/domain';
import {
  type Database,
  type Executor,
  readNotificationPreferences,
  writeNotificationPreferences,
} from '@khel/db';
import { botChats, notificationSettings, type UserRow } from '@khel/db/schema';
import { eq, sql } from 'drizzle-orm';

/** What the user's time zone is read from when they chose none. */
export type SettingsUser = Pick<UserRow, 'id' | 'country' | 'phoneNumber' | 'signupCountry' | 'languageCode'>;

/**
 * Every kind is on unless the user turned it off; the bot only messages users who opened it. Muting and quiet
 * hours (notification_preferences) apply on top, in the user's zone (theirs, else their country's).
 */
export async function getNotificationSettings(
  db: Executor,
  user: SettingsUser,
): Promise<NotificationSettings> {
  const [chat] = await db.select().from(botChats).where(eq(botChats.userId, user.id));
  const rows = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.id));
  const preferences = await readNotificationPreferences(db, user.id);
  const off = new Map(rows.map((r) => [r.kind, r.enabled]));
  const quiet = preferences.quietHours;
  return {
    botConnected: chat !== undefined,
    botBlocked: chat?.blockedAt != null,
    settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: off.get(kind) ?? true })),
    muted: preferences.muted,
    quietHours: quiet ? { start: formatClock(quiet.start), end: formatClock(quiet.end) } : null,
    timeZone: timeZoneOf({ ...user, timeZone: preferences.timeZone }),
    timeZoneChosen: preferences.timeZone !== null,
  };
}

/** Applies what the body names (kinds, mute, quiet hours, zone) in one transaction; answers the settings. */
export async function updateNotificationSettings(
  db: Database,
  user: SettingsUser,
  change: NotificationSettingsChange,
): Promise<NotificationSettings> {
  await db.transaction(async (tx) => {
    if (change.settings) {
      const last = new Map(change.settings.map((c) => [c.kind, c.enabled]));
      await tx
        .insert(notificationSettings)
        .values([...last].map(([kind, enabled]) => ({ userId: user.id, kind, enabled })))
        .onConflictDoUpdate({
          target: [notificationSettings.userId, notificationSettings.kind],
          set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
        });
    }
    const quiet = change.quietHours;
    await writeNotificationPreferences(tx, user.id, {
      ...(change.muted !== undefined ? { muted: change.muted } : {}),
      ...(quiet !== undefined
        ? { quietHours: quiet && { start: parseClock(quiet.start)!, end: parseClock(quiet.end)! } }
        : {}),
      ...(change.timeZone !== undefined ? { timeZone: change.timeZone } : {}),
    });
  });
  return getNotificationSettings(db, user);
}
