import type { NotificationKind } from '@khel/core/contract';
import type { Transaction } from '@khel/db';
import { outbox } from '@khel/db/schema';

export interface Notification {
  kind: NotificationKind;
  userId: string;
  /** One message per key, ever: announcing the same thing again is a no-op. */
  dedupeKey: string;
  /** What the message needs (ids, titles, amounts as strings); rendered by the notifier. */
  payload: Record<string, string | number | boolean | null>;
  /** Not before (default: now). */
  availableAt?: Date;
}

/**
 * Writes a notification to the outbox in the caller's transaction (DESIGN §6), so it exists exactly
 * when the change it announces does. The notifier (apps/bot) delivers it; users who never opened the
 * bot, or who turned the kind off, are skipped there.
 */
export async function enqueueNotification(tx: Transaction, n: Notification): Promise<void> {
  await tx
    .insert(outbox)
    .values({
      kind: n.kind,
      userId: n.userId,
      dedupeKey: n.dedupeKey,
      payload: n.payload,
      ...(n.availableAt ? { availableAt: n.availableAt } : {}),
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}
