import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { botChats, notificationSettings } from '@khel/db/schema';
import { eq, sql } from 'drizzle-orm';

/** Every kind is on unless the user turned it off; the bot only messages users who opened it. */
export async function getNotificationSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [chat] = await db.select().from(botChats).where(eq(botChats.userId, userId));
  const rows = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  const off = new Map(rows.map((r) => [r.kind, r.enabled]));
  return {
    botConnected: chat !== undefined,
    botBlocked: chat?.blockedAt != null,
    settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: off.get(kind) ?? true })),
  };
}

export async function updateNotificationSettings(
  db: Executor,
  userId: string,
  changes: { kind: NotificationKind; enabled: boolean }[],
): Promise<NotificationSettings> {
  const last = new Map(changes.map((c) => [c.kind, c.enabled]));
  await db
    .insert(notificationSettings)
    .values([...last].map(([kind, enabled]) => ({ userId, kind, enabled })))
    .onConflictDoUpdate({
      target: [notificationSettings.userId, notificationSettings.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
    });
  return getNotificationSettings(db, userId);
}
