import { randomUUID } from 'node:crypto';
import type { NotificationKind } from '@khel/core/contract';
import { createTestPostgresDatabase, type Database, type DatabaseHandle } from '@khel/db';
import { botChats, identities, outbox, users } from '@khel/db/schema';
import { DEFAULT_ADMIN_URL } from '../fixtures/postgres-global-setup.ts';

/** A PostgreSQL database of the test's own (TEST_DATABASE_URL's server, else the local one), migrated. */
export async function testDatabase(): Promise<DatabaseHandle & { url: string }> {
  const handle = await createTestPostgresDatabase(process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL, {
    migrated: true,
  });
  await handle.migrate();
  return handle;
}

export interface SeededUser {
  id: string;
  /** Telegram user id = private chat id. */
  chatId: number;
}

let nextTelegramId = 600_000_000;

/**
 * Khel users linked to Telegram (identities: provider 'telegram', subject = their Telegram id); with
 * `openedBot` (default) they have a bot_chats row, as after /start.
 */
export async function seedUsers(
  db: Database,
  count: number,
  options: { languageCode?: string | null; openedBot?: boolean } = {},
): Promise<SeededUser[]> {
  const seeded = Array.from({ length: count }, () => ({ id: randomUUID(), chatId: nextTelegramId++ }));
  for (let i = 0; i < seeded.length; i += 500) {
    const part = seeded.slice(i, i + 500);
    await db.insert(users).values(
      part.map((u) => ({
        id: u.id,
        telegramId: String(u.chatId),
        languageCode: options.languageCode === undefined ? 'en' : options.languageCode,
      })),
    );
    await db
      .insert(identities)
      .values(part.map((u) => ({ userId: u.id, provider: 'telegram' as const, subject: String(u.chatId) })));
    if (options.openedBot ?? true)
      await db.insert(botChats).values(part.map((u) => ({ userId: u.id, chatId: u.chatId })));
  }
  return seeded;
}

export interface OutboxDraft {
  userId: string;
  kind?: NotificationKind;
  dedupeKey?: string;
  payload?: Record<string, unknown>;
  availableAt?: Date;
}

/** Outbox rows as the API writes them (enqueueNotification); a unique title per row unless given. */
export async function enqueue(db: Database, drafts: OutboxDraft[]): Promise<void> {
  for (let i = 0; i < drafts.length; i += 500) {
    await db.insert(outbox).values(
      drafts.slice(i, i + 500).map((d) => {
        const dedupeKey = d.dedupeKey ?? `test:${randomUUID()}`;
        return {
          kind: d.kind ?? 'quest_completed',
          userId: d.userId,
          dedupeKey,
          payload: d.payload ?? { questSlug: 'summer-cup', questTitle: dedupeKey },
          ...(d.availableAt ? { availableAt: d.availableAt } : {}),
        };
      }),
    );
  }
}

export async function outboxRows(db: Database) {
  return db.select().from(outbox).orderBy(outbox.id);
}
