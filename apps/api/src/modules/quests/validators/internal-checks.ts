import type { Executor } from '@khel/db';
import { clanMembers, storeOrders } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import { loadKycState } from '../../kyc/kyc-state.ts';
import { defineValidator } from './types.ts';

export const POG_REQUIRED_MESSAGE = 'Mint your POG card first.';
export const CLAN_REQUIRED_MESSAGE = 'Join a clan first.';
export const KYC_REQUIRED_MESSAGE = 'Complete your KYC first.';
export const STORE_SPEND_REQUIRED_MESSAGE = 'Buy something in the K-Store with K-Cash first.';

/** Whether the user holds a POG card: nobody does until the POG capability (issue 13) exists. */
export async function holdsPog(_db: Executor, _userId: string): Promise<boolean> {
  return false;
}

/** Whether the user is in a clan now, as a member or its chief (one row per user in clan_members). */
export async function isInClan(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: clanMembers.userId })
    .from(clanMembers)
    .where(eq(clanMembers.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Internal API validation (SPEC §3): facts about the user in our own tables. POG is a capability still
 * to come (issue 13): until it exists, nobody holds a POG card, and the check says so.
 */
export const internalApiValidator = defineValidator({
  type: 'internal_api',
  validate: async (ctx) => {
    switch (ctx.config.check) {
      case 'kyc_verified':
        return (await loadKycState(ctx.db, ctx.user.id)).complete
          ? { ok: true }
          : { ok: false, message: KYC_REQUIRED_MESSAGE };
      case 'store_spent': {
        const [order] = await ctx.db
          .select({ id: storeOrders.id })
          .from(storeOrders)
          .where(
            and(
              eq(storeOrders.userId, ctx.user.id),
              eq(storeOrders.currency, 'KCASH'),
              eq(storeOrders.status, 'completed'),
            ),
          )
          .limit(1);
        return order ? { ok: true } : { ok: false, message: STORE_SPEND_REQUIRED_MESSAGE };
      }
      case 'has_pog':
        return (await holdsPog(ctx.db, ctx.user.id))
          ? { ok: true }
          : { ok: false, message: POG_REQUIRED_MESSAGE };
      case 'in_clan':
        return (await isInClan(ctx.db, ctx.user.id))
          ? { ok: true }
          : { ok: false, message: CLAN_REQUIRED_MESSAGE };
    }
  },
});

/** Share the POG card on X: needs a POG card (issue 13), which nobody holds yet. */
export const sharePogValidator = defineValidator({
  type: 'share_pog_x',
  validate: async () => ({ ok: false, message: POG_REQUIRED_MESSAGE }),
});
