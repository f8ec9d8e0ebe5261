import { randomBytes } from 'node:crypto';
import type { MintMode, PogChainKind } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import type { TestContext } from '../../test-support.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';

type Auth = { authorization: string };

/** A POG name nobody has: letters and digits, 5–12 long. */
export const freshName = (prefix = 'gmr') => `${prefix}${randomBytes(4).toString('hex')}`.slice(0, 12);

export const post = (ctx: TestContext, path: string, auth: Auth, body?: unknown) =>
  ctx.json(path, { method: 'POST', headers: auth, ...(body === undefined ? {} : { body }) });

export async function reserve(ctx: TestContext, auth: Auth, name: string, mode: MintMode = 'customize_pog') {
  return post(ctx, '/pog/mint/reserve-name', auth, { name, mode });
}

/** A TON wallet address linked to the user (the Mini App's mint goes there). */
export async function linkTonWallet(ctx: TestContext, userId: string): Promise<string> {
  const address = `0:${randomBytes(32).toString('hex')}`;
  await ctx.deps.db.insert(schema.identities).values({ userId, provider: 'ton', subject: address });
  return address;
}

/** Through the customize_pog screens to a generated avatar (AvatarGenerationPending). */
export async function customizeToAvatar(ctx: TestContext, auth: Auth) {
  const catalogue = (await ctx.json('/pog/mint/catalogue')).body.data;
  const theme = catalogue.themes[1];
  const category = theme.categories[0];
  expect(
    (await post(ctx, '/pog/mint/category', auth, { theme: theme.id, category: category.id })).status,
  ).toBe(200);
  expect(
    (await post(ctx, '/pog/mint/character', auth, { character: category.characters[0].id })).status,
  ).toBe(200);
  expect((await post(ctx, '/pog/mint/save-style', auth, { style: theme.styles[0].id })).status).toBe(200);
  const skipped = await post(ctx, '/pog/mint/selfie/skip', auth);
  expect(skipped.status).toBe(200);
  expect(skipped.body.data.state).toBe('AvatarGenerationPending');
  return skipped.body.data;
}

/**
 * Runs due jobs until the user's card is minted (the mint job). Fails when a round finds no due job left
 * and the card is still not minted (a failed mint is retried only after its backoff), or after 20 rounds.
 */
export async function runMint(ctx: TestContext, userId: string) {
  for (let i = 0; i < 20; i++) {
    const { taken } = await runDueJobs(ctx.deps, { limit: 50 });
    const [card] = await ctx.deps.db.select().from(schema.pogCards).where(eq(schema.pogCards.userId, userId));
    if (card?.mintedAt) return card;
    if (taken === 0) break;
  }
  throw new Error('the card was not minted');
}

/** A user with a minted card (quick mint on the given chain). */
export async function mintedUser(
  ctx: TestContext,
  chain: PogChainKind = 'evm',
  fields: Partial<typeof schema.users.$inferInsert> = {},
): Promise<SignedInUser & { name: string; cardId: string }> {
  const u = await signedInUser(ctx, fields);
  if (chain === 'ton') await linkTonWallet(ctx, u.user.id);
  const name = freshName();
  const res = await post(ctx, '/pog/mint/quick-mint', u.auth, { name, chain });
  expect(res.status).toBe(202);
  const card = await runMint(ctx, u.user.id);
  return { ...u, name, cardId: card.id };
}
