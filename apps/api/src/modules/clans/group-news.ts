import type { ClanGroupNewsKind } from '@khel/core/contract';
import type { Transaction } from '@khel/db';
import { clanGroupNews, clanTelegramGroups } from '@khel/db/schema';
import { eq } from 'drizzle-orm';

/**
 * Writes news for the clan's linked Telegram group in the caller's transaction (the group outbox, DESIGN §6); the
 * notifier (apps/bot) delivers it within Telegram's 20 messages a minute per group. A clan without a linked group
 * gets none. `dedupeKey` makes announcing the same thing twice a no-op.
 */
export async function enqueueClanNews(
  tx: Transaction,
  news: {
    clanId: string;
    kind: ClanGroupNewsKind;
    dedupeKey: string;
    payload: Record<string, string | number | boolean | null>;
  },
): Promise<void> {
  const [group] = await tx
    .select({ chatId: clanTelegramGroups.chatId })
    .from(clanTelegramGroups)
    .where(eq(clanTelegramGroups.clanId, news.clanId));
  if (!group) return;
  await tx
    .insert(clanGroupNews)
    .values({ clanId: news.clanId, kind: news.kind, dedupeKey: news.dedupeKey, payload: news.payload })
    .onConflictDoNothing({ target: clanGroupNews.dedupeKey });
}
