import type { QuietHours } from '@khel/core/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { notificationPreferences } from './schema/notifications.ts';

/**
 * A user's notification preferences beyond the kinds (`notification_preferences`), read and written the same way
 * by the API (`/users/me/notification-settings`) and the bot (`/settings`). No row: nothing muted, no quiet hours,
 * the country's time zone.
 */
export interface NotificationPreferences {
  muted: boolean;
  quietHours: QuietHours | null;
  /** The zone the user chose (IANA), or null: their country's. */
  timeZone: string | null;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  muted: false,
  quietHours: null,
  timeZone: null,
};

/** A `notification_preferences` row's columns; a left join without a row gives nulls. */
interface PreferencesColumns {
  muted?: boolean | null;
  quietStart?: number | null;
  quietEnd?: number | null;
  timeZone?: string | null;
}

/** A row (or a left join's nulls) as preferences. */
export function toNotificationPreferences(
  row: PreferencesColumns | null | undefined,
): NotificationPreferences {
  if (!row) return DEFAULT_NOTIFICATION_PREFERENCES;
  const quiet =
    row.quietStart != null && row.quietEnd != null ? { start: row.quietStart, end: row.quietEnd } : null;
  return { muted: row.muted ?? false, quietHours: quiet, timeZone: row.timeZone ?? null };
}

export async function readNotificationPreferences(
  db: Executor,
  userId: string,
): Promise<NotificationPreferences> {
  const [row] = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return toNotificationPreferences(row);
}

/** Changes the given preferences (the others stay as they are). */
export async function writeNotificationPreferences(
  db: Executor,
  userId: string,
  change: Partial<NotificationPreferences>,
): Promise<void> {
  const set: Partial<typeof notificationPreferences.$inferInsert> = {};
  if (change.muted !== undefined) set.muted = change.muted;
  if (change.quietHours !== undefined) {
    set.quietStart = change.quietHours?.start ?? null;
    set.quietEnd = change.quietHours?.end ?? null;
  }
  if (change.timeZone !== undefined) set.timeZone = change.timeZone;
  if (Object.keys(set).length === 0) return;
  await db
    .insert(notificationPreferences)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...set, updatedAt: sql`now()` } });
}
