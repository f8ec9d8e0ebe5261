import type { Transaction } from '@khel/db';
import { type KlashTournamentRow, klashTournaments } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import { enqueueJob } from '../../lib/jobs.ts';
import { KLASH_PAYOUT_JOB, klashKeys } from './klash.ts';

/** Live → completed (once: `WHERE status = 'live'`), with the payout job queued in the same transaction. */
export async function completeTournament(
  tx: Transaction,
  t: Pick<KlashTournamentRow, 'id' | 'format'>,
  winnerEntryId: string | null,
  now: Date,
): Promise<boolean> {
  const [row] = await tx
    .update(klashTournaments)
    .set({
      status: 'completed',
      winnerEntryId,
      completedAt: now,
      updatedAt: now,
      ...(t.format === 'bracket' ? { endsAt: now } : {}),
    })
    .where(and(eq(klashTournaments.id, t.id), eq(klashTournaments.status, 'live')))
    .returning({ id: klashTournaments.id });
  if (!row) return false;
  await enqueueJob(tx, {
    kind: KLASH_PAYOUT_JOB,
    payload: { tournamentId: t.id },
    runAt: now,
    dedupeKey: klashKeys(t.id).payout,
  });
  return true;
}
