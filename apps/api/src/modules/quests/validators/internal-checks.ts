import { POG_NOT_MINTED_MESSAGE } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { clanMembers, pogCards, storeOrders } from '@khel/db/schema';
import { and, eq, isNotNull } from 'drizzle-orm';
import { loadKycState } from '../../kyc/index.ts';
import { checkAsLinkedPerson } from '../social/linked-account.ts';
import { defineValidator } from './types.ts';

export const CLAN_REQUIRED_MESSAGE = 'Join a clan first.';
export const KYC_REQUIRED_MESSAGE = 'Complete your KYC first.';
export const STORE_SPEND_REQUIRED_MESSAGE = 'Buy something in the K-Store with K-Cash first.';

/** The user's minted POG card's name, or null while they hold none. */
export async function mintedPogName(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: pogCards.name })
    .from(pogCards)
    .where(and(eq(pogCards.userId, userId), isNotNull(pogCards.mintedAt)))
    .limit(1);
  return row?.name ?? null;
}

/** Whether the user holds a minted POG card. */
export async function holdsPog(db: Executor, userId: string): Promise<boolean> {
  return (await mintedPogName(db, userId)) !== null;
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
 * Internal API validation (SPEC §3): facts about the user in our own tables.
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
          : { ok: false, message: POG_NOT_MINTED_MESSAGE };
      case 'in_clan':
        return (await isInClan(ctx.db, ctx.user.id))
          ? { ok: true }
          : { ok: false, message: CLAN_REQUIRED_MESSAGE };
    }
  },
});

/** The hashtag the POG share text carries (modules/pog/social.ts), and what the share task looks for. */
export const POG_SHARE_HASHTAG = 'KhelPOG';
export const pogShareMissingMessage = (name: string) =>
  `We could not find a post of yours from the last 7 days with #${POG_SHARE_HASHTAG} and your card ${name} yet.`;

/**
 * SPEC §3 "Share POG card on X": the user holds a minted card, and a post of theirs from the last 7 days (X's
 * recent search, through the linked X account) carries #KhelPOG and the card's name, as the share text does.
 */
export const sharePogValidator = defineValidator({
  type: 'share_pog_x',
  validate: async (ctx) => {
    const name = await mintedPogName(ctx.db, ctx.user.id);
    if (!name) return { ok: false, message: POG_NOT_MINTED_MESSAGE };
    return checkAsLinkedPerson(
      ctx,
      { provider: 'twitter', platform: 'X', api: ctx.deps.social.x },
      async (x, id) => {
        const posts = await x.recentPostsWithHashtag(id, POG_SHARE_HASHTAG);
        const post = posts.find((p) => p.text.toLowerCase().includes(name.toLowerCase()));
        return post ? { ok: true, value: post.id } : { ok: false, message: pogShareMissingMessage(name) };
      },
    );
  },
});
