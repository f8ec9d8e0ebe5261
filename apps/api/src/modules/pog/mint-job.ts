import { POG_REFERRAL_KPOINTS } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { pogCards, users } from '@khel/db/schema';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppDeps, JobHandler } from '../../lib/context.ts';
import { systemAccount, transfer, userAccount } from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { awardXp } from '../progression/index.ts';
import { metadataUrlOf } from './cards.ts';
import { chainOf } from './chains.ts';
import { POG_MINT_JOB } from './flow.ts';
import { rescoreUser } from './scores.ts';

/**
 * The mint job (DESIGN §6): mints the card's token id on its chain and records the transaction. The chain refuses a
 * second token with the same id, and `mint` answers the receipt of a mint that already happened, so a job killed
 * after the chain and before the database finds its token on the next run: one token, whatever the crashes. A
 * failure is kept on the card ('Something broke while minting your POG card.') and the job is retried with backoff.
 */
export async function runMintJob(deps: AppDeps, cardId: string): Promise<void> {
  const [card] = await deps.db.select().from(pogCards).where(eq(pogCards.id, cardId));
  if (!card || card.mintedAt || card.state !== 'MintInProgress' || !card.chain || !card.ownerAddress) return;
  const chain = await chainOf(deps, card.chain);
  let receipt: Awaited<ReturnType<NonNullable<typeof chain>['mint']>>;
  try {
    if (!chain) throw new Error(`pog: the ${card.chain} chain is not configured`);
    await deps.db
      .update(pogCards)
      .set({ mintAttempts: card.mintAttempts + 1 })
      .where(eq(pogCards.id, card.id));
    receipt = await chain.mint({
      tokenId: card.serial,
      owner: card.ownerAddress,
      metadataUrl: metadataUrlOf(deps, card.name),
    });
  } catch (err) {
    await deps.db
      .update(pogCards)
      .set({ mintError: MESSAGES.mintFailed })
      .where(and(eq(pogCards.id, card.id), isNull(pogCards.mintedAt)));
    throw err;
  }
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const [minted] = await tx
      .update(pogCards)
      .set({
        state: 'Minted',
        network: receipt.network,
        contract: receipt.contract,
        ownerAddress: receipt.owner,
        txHash: receipt.txHash,
        block: receipt.block,
        explorerUrl: receipt.explorerUrl,
        mintedAt: now,
        mintError: null,
        updatedAt: now,
      })
      .where(and(eq(pogCards.id, card.id), isNull(pogCards.mintedAt)))
      .returning();
    if (!minted) return;
    // The new card shows its scores at once (the pog.scores job keeps them fresh afterwards).
    await rescoreUser(tx, now, card.userId);
    // The bot tells the owner (DESIGN §6: written with the change it announces, once per card).
    await enqueueNotification(tx, {
      kind: 'pog_minted',
      userId: card.userId,
      dedupeKey: `pog-minted:${card.id}`,
      payload: { name: minted.name, chain: minted.chain, txHash: minted.txHash },
    });
    // Minting the card earns its XP once (issue 26), in the owner's own row.
    await awardXp(tx, { userId: card.userId, source: 'pog_minted', key: 'pog', at: now });
    // POG referrals: whoever invited this gamer earns K-Points once.
    const [user] = await tx
      .select({ referredBy: users.referredBy })
      .from(users)
      .where(eq(users.id, card.userId));
    if (user?.referredBy)
      await transfer(tx, {
        idempotencyKey: `pog-referral:${card.id}`,
        debit: systemAccount('treasury'),
        credit: userAccount(user.referredBy, 'user_kpoints'),
        amount: POG_REFERRAL_KPOINTS,
        currency: 'KPOINTS',
        kind: 'reward',
        metadata: { pogCardId: card.id, reason: 'pog_referral', referrer: user.referredBy },
      });
  });
}

export const pogMintJobHandlers: Record<string, JobHandler> = {
  [POG_MINT_JOB]: async (deps: AppDeps, job) => {
    const cardId = job.payload.cardId;
    if (typeof cardId === 'string') await runMintJob(deps, cardId);
  },
};
