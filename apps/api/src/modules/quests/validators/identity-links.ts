import type { IdentityProvider } from '@khel/core/contract';
import { identities } from '@khel/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { defineValidator, type TaskValidator, type ValidationContext } from './types.ts';

/** Link tasks (SPEC §3: link twitter, discord, google, wallet, steam, telegram): an active identity of that kind. */

const NAMES = {
  twitter: 'X (Twitter)',
  discord: 'Discord',
  google: 'Google',
  steam: 'Steam',
  telegram: 'Telegram',
  evm: 'wallet',
} as const;

/** The subjects (provider user ids, wallet addresses) of the user's active identities of that provider, newest first. */
export async function linkedSubjects(
  ctx: Pick<ValidationContext, 'db' | 'user'>,
  provider: IdentityProvider,
): Promise<string[]> {
  const rows = await ctx.db
    .select({ subject: identities.subject })
    .from(identities)
    .where(
      and(
        eq(identities.userId, ctx.user.id),
        eq(identities.provider, provider),
        eq(identities.isActive, true),
      ),
    )
    .orderBy(desc(identities.createdAt));
  return rows.map((r) => r.subject);
}

/** The subject (the provider's user id) of the user's newest active identity of that provider, or null. */
export async function linkedSubject(
  ctx: Pick<ValidationContext, 'db' | 'user'>,
  provider: IdentityProvider,
): Promise<string | null> {
  return (await linkedSubjects(ctx, provider))[0] ?? null;
}

async function hasIdentity(ctx: Pick<ValidationContext, 'db' | 'user'>, providers: IdentityProvider[]) {
  for (const provider of providers) if ((await linkedSubject(ctx, provider)) !== null) return true;
  return false;
}

/** What a task that needs a linked account says when there is none. */
export const linkFirstMessage = (provider: keyof typeof NAMES) =>
  `Link your ${NAMES[provider]} account in your profile first.`;

const linkValidator = <
  T extends 'link_twitter' | 'link_discord' | 'link_google' | 'link_steam' | 'link_telegram',
>(
  type: T,
  provider: keyof typeof NAMES,
): TaskValidator<T> =>
  defineValidator({
    type,
    validate: async (ctx) =>
      (await hasIdentity(ctx, [provider]))
        ? { ok: true }
        : { ok: false, message: linkFirstMessage(provider) },
  });

export const identityLinkValidators = [
  linkValidator('link_twitter', 'twitter'),
  linkValidator('link_discord', 'discord'),
  linkValidator('link_google', 'google'),
  linkValidator('link_steam', 'steam'),
  linkValidator('link_telegram', 'telegram'),
  defineValidator({
    type: 'link_wallet',
    // A wallet of the user's own: an EVM (SIWE) or TON wallet linked to the account; the custodial one does not count.
    validate: async (ctx) =>
      (await hasIdentity(ctx, ['evm', 'ton']))
        ? { ok: true }
        : { ok: false, message: 'Link a wallet (EVM or TON) in your profile first.' },
  }),
];
