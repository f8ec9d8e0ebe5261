import {
  type MintMode,
  type MintState,
  POG_AVATAR_GENERATIONS_MAX,
  POG_CHAIN_UNAVAILABLE_MESSAGE,
  POG_EVM_WALLET_NEEDED_MESSAGE,
  POG_FACE_NOT_DETECTED_MESSAGE,
  POG_INVALID_CHOICE_MESSAGE,
  POG_MISSION_FAILED_MESSAGE,
  POG_NAME_LOCKED_MESSAGE,
  POG_NO_AVATAR_MESSAGE,
  POG_NO_CARD_MESSAGE,
  POG_NOT_MINTED_MESSAGE,
  POG_REFRESH_LIMIT_MESSAGE,
  POG_SELFIE_LIMIT_MESSAGE,
  POG_SELFIE_TYPE_MESSAGE,
  POG_SLOT_PRICES,
  POG_TON_WALLET_NEEDED_MESSAGE,
  POG_WRONG_STEP_MESSAGE,
  type PogChainKind,
  type PogMintStatus,
  type PogSlotCurrency,
  type PogTheme,
} from '@khel/core/contract';
import { MINT_DURATION_MS, mintStepIndex } from '@khel/core/domain';
import { USERNAME_TAKEN_MESSAGE } from '@khel/core/validation';
import type { Executor, Transaction } from '@khel/db';
import { custodialWallets, identities, type PogCardRow, pogCards, pogSlotPurchases } from '@khel/db/schema';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { uniqueViolation } from '../clans/index.ts';
import { spendKcash, systemAccount, transfer, userAccount } from '../ledger/index.ts';
import { createAvatarGenerator, selfieColours } from './avatar/avatar-generator.ts';
import { defaultChoice, isValidChoice } from './avatar/catalogue.ts';
import { countFaces } from './avatar/face-check.ts';
import { avatarUrlOf, cardById, mintRecordOf } from './cards.ts';
import { chainOf } from './chains.ts';

export const POG_MINT_JOB = 'pog.mint';
const SELFIES_PER_HOUR = 10;
const HOUR_MS = 3_600_000;

/** The states in which the avatar's choices may still change (before the mint, or during a paid edit). */
const CHOOSING: readonly MintState[] = [
  'AvatarCategorySelection',
  'CharacterSelection',
  'StyleSelection',
  'SelfieUpload',
  'AvatarGenerationPending',
];

export async function cardOf(db: Executor, userId: string): Promise<PogCardRow | null> {
  const [card] = await db.select().from(pogCards).where(eq(pogCards.userId, userId));
  return card ?? null;
}

async function lockCard(tx: Transaction, userId: string): Promise<PogCardRow> {
  const [card] = await tx.select().from(pogCards).where(eq(pogCards.userId, userId)).for('update');
  if (!card) throw new AppError(409, POG_NO_CARD_MESSAGE);
  return card;
}

function requireState(card: PogCardRow, states: readonly MintState[]): void {
  if (!states.includes(card.state)) throw new AppError(409, POG_WRONG_STEP_MESSAGE, { state: card.state });
}

/** The signed-in user's place in the flow: what GET /pog/mint/status and every write answer. */
export async function mintStatus(deps: AppDeps, userId: string): Promise<PogMintStatus> {
  const card = await cardOf(deps.db, userId);
  const slotPrices = { KCASH: POG_SLOT_PRICES.KCASH.toString(), RKHEL: POG_SLOT_PRICES.RKHEL.toString() };
  if (!card)
    return {
      cardId: null,
      state: 'ReserveUsername',
      mode: 'customize_pog',
      step: 0,
      name: null,
      choices: { theme: null, category: null, character: null, style: null, selfie: false },
      avatarUrl: null,
      generationsLeft: POG_AVATAR_GENERATIONS_MAX,
      slots: 0,
      slotPrices,
      chain: null,
      mintStartedAt: null,
      mintExpectedMs: MINT_DURATION_MS,
      mintError: null,
      mint: null,
      card: null,
    };
  const draft = card.draftAvatar !== null && card.state === 'AvatarGenerationPending';
  return {
    cardId: card.id,
    state: card.state,
    mode: card.mode,
    step: mintStepIndex(card.state),
    name: card.name,
    choices: {
      theme: card.theme,
      category: card.category,
      character: card.character,
      style: card.style,
      selfie: card.selfieColours !== null,
    },
    // While an avatar is being made its preview, else the card's own.
    avatarUrl: draft
      ? `${avatarUrlOf(deps, card.name, card.avatarVersion)}&draft=${card.generations}`
      : card.avatar
        ? avatarUrlOf(deps, card.name, card.avatarVersion)
        : null,
    generationsLeft: Math.max(0, POG_AVATAR_GENERATIONS_MAX - card.generations),
    slots: card.slots,
    slotPrices,
    chain: card.chain,
    mintStartedAt: card.mintStartedAt?.toISOString() ?? null,
    mintExpectedMs: MINT_DURATION_MS,
    mintError: card.state === 'MintInProgress' ? card.mintError : null,
    mint: mintRecordOf(card),
    card: card.avatar ? await cardById(deps, userId, card.id) : null,
  };
}

export async function nameAvailable(db: Executor, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pogCards.id })
    .from(pogCards)
    .where(eq(pogCards.nameKey, name.toLowerCase()));
  return !row;
}

/**
 * Reserves the POG name (the first step), or changes it before the mint. The unique index on the lower-cased
 * name decides between people reserving one name at once: one insert wins, the others get 'Username already taken!'.
 */
export async function reserveName(
  deps: AppDeps,
  userId: string,
  name: string,
  mode: MintMode,
): Promise<void> {
  const quick = mode === 'quick_mint';
  const start = quick ? defaultChoice(userId) : null;
  try {
    await deps.db.transaction(async (tx) => {
      const [existing] = await tx.select().from(pogCards).where(eq(pogCards.userId, userId)).for('update');
      if (existing) {
        if (existing.mintedAt || existing.state === 'MintInProgress')
          throw new AppError(409, POG_NAME_LOCKED_MESSAGE);
        await tx
          .update(pogCards)
          .set({ name, nameKey: name.toLowerCase(), updatedAt: deps.clock() })
          .where(eq(pogCards.id, existing.id));
        return;
      }
      await tx.insert(pogCards).values({
        userId,
        name,
        nameKey: name.toLowerCase(),
        mode,
        state: quick ? 'AvatarGenerationPending' : 'AvatarCategorySelection',
        ...(start
          ? { theme: start.theme, category: start.category, character: start.character, style: start.style }
          : {}),
        createdAt: deps.clock(),
        updatedAt: deps.clock(),
      });
    });
  } catch (err) {
    const unique = uniqueViolation(err);
    if (unique?.constraint === 'pog_cards_name_key') throw new AppError(409, USERNAME_TAKEN_MESSAGE);
    // The same user reserving twice at once: the other insert won; answer with the card as it is.
    if (unique?.constraint === 'pog_cards_user_key') return;
    throw err;
  }
}

/** Moves the card from one of `from` to `to`, with `set`, in one conditional UPDATE. */
async function step(
  deps: AppDeps,
  userId: string,
  from: readonly MintState[],
  to: MintState,
  set: Partial<typeof pogCards.$inferInsert> = {},
): Promise<PogCardRow> {
  const [card] = await deps.db
    .update(pogCards)
    .set({ ...set, state: to, updatedAt: deps.clock() })
    .where(and(eq(pogCards.userId, userId), inArray(pogCards.state, [...from])))
    .returning();
  if (card) return card;
  const existing = await cardOf(deps.db, userId);
  if (!existing) throw new AppError(409, POG_NO_CARD_MESSAGE);
  throw new AppError(409, POG_WRONG_STEP_MESSAGE, { state: existing.state });
}

export async function setMode(deps: AppDeps, userId: string, mode: MintMode): Promise<void> {
  const card = await cardOf(deps.db, userId);
  if (!card) throw new AppError(409, POG_NO_CARD_MESSAGE);
  if (card.mintedAt || card.state === 'MintInProgress') throw new AppError(409, POG_WRONG_STEP_MESSAGE);
  if (mode === 'quick_mint') {
    const start = defaultChoice(userId);
    await step(deps, userId, CHOOSING, 'AvatarGenerationPending', {
      mode,
      theme: card.theme ?? start.theme,
      category: card.category ?? start.category,
      character: card.character ?? start.character,
      style: card.style ?? start.style,
    });
  } else {
    await step(deps, userId, CHOOSING, 'AvatarCategorySelection', { mode });
  }
}

export async function saveCategory(deps: AppDeps, userId: string, theme: PogTheme, category: string) {
  if (!isValidChoice({ theme, category })) throw new AppError(400, POG_INVALID_CHOICE_MESSAGE);
  await step(deps, userId, ['AvatarCategorySelection', 'CharacterSelection'], 'CharacterSelection', {
    theme,
    category,
    character: null,
    style: null,
  });
}

export async function saveCharacter(deps: AppDeps, userId: string, character: string) {
  const card = await cardOf(deps.db, userId);
  if (
    !card?.theme ||
    !card.category ||
    !isValidChoice({ theme: card.theme, category: card.category, character })
  )
    throw new AppError(400, POG_INVALID_CHOICE_MESSAGE);
  await step(deps, userId, ['CharacterSelection', 'StyleSelection'], 'StyleSelection', { character });
}

export async function saveStyle(deps: AppDeps, userId: string, style: string) {
  const card = await cardOf(deps.db, userId);
  if (!card) throw new AppError(409, POG_NO_CARD_MESSAGE);
  requireState(card, ['StyleSelection', 'SelfieUpload']);
  if (!card.theme || !isValidChoice({ theme: card.theme, style }))
    throw new AppError(400, POG_INVALID_CHOICE_MESSAGE);
  await step(deps, userId, ['StyleSelection', 'SelfieUpload'], 'SelfieUpload', { style });
}

/** A selfie: JPEG only, refused without a face; only its colours are kept. Then the first avatar is made. */
export async function uploadSelfie(deps: AppDeps, userId: string, jpeg: Uint8Array): Promise<void> {
  if (!isJpeg(jpeg)) throw new AppError(400, POG_SELFIE_TYPE_MESSAGE);
  const card = await cardOf(deps.db, userId);
  if (!card) throw new AppError(409, POG_NO_CARD_MESSAGE);
  requireState(card, ['SelfieUpload']);
  // A face check costs CPU: a few selfies an hour per user.
  const hit = await hitRateLimit(deps.db, `pog-selfie:${userId}`, SELFIES_PER_HOUR, HOUR_MS, deps.clock());
  if (!hit.allowed)
    throw new AppError(429, POG_SELFIE_LIMIT_MESSAGE, null, {
      'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))),
    });
  let faces: number;
  let colours: { skin: string; hair: string; background: string };
  try {
    faces = await countFaces(jpeg);
    colours = await selfieColours(jpeg);
  } catch (err) {
    deps.logger.warn('pog: a selfie could not be read', { err: String(err) });
    throw new AppError(400, POG_SELFIE_TYPE_MESSAGE);
  }
  if (faces < 1) throw new AppError(422, POG_FACE_NOT_DETECTED_MESSAGE);
  await step(deps, userId, ['SelfieUpload'], 'AvatarGenerationPending', { selfieColours: colours });
  await generateAvatar(deps, userId);
}

export async function skipSelfie(deps: AppDeps, userId: string): Promise<void> {
  await step(deps, userId, ['SelfieUpload'], 'AvatarGenerationPending', { selfieColours: null });
  await generateAvatar(deps, userId);
}

/** The screen before each avatar screen (SPEC: each selection screen can go back one). */
const BACK: Partial<Record<MintState, MintState>> = {
  CharacterSelection: 'AvatarCategorySelection',
  StyleSelection: 'CharacterSelection',
  SelfieUpload: 'StyleSelection',
  AvatarGenerationPending: 'SelfieUpload',
};

export async function goBack(deps: AppDeps, userId: string, to: MintState): Promise<void> {
  const from = (Object.keys(BACK) as MintState[]).filter((s) => BACK[s] === to);
  if (from.length === 0) throw new AppError(409, POG_WRONG_STEP_MESSAGE);
  // Going back keeps the generations counted: 'Refresh limit reached' bounds an avatar's pictures however the
  // screens are walked (only a paid slot starts a new allowance).
  await step(deps, userId, from, to);
}

/**
 * Makes (or remakes) the draft avatar from the choices. A generation is counted before the picture is made (a
 * conditional UPDATE under the limit), so two refreshes at once cannot pass the limit; one that fails is given back.
 */
export async function generateAvatar(deps: AppDeps, userId: string): Promise<void> {
  const [card] = await deps.db
    .update(pogCards)
    .set({ generations: sql`${pogCards.generations} + 1`, updatedAt: deps.clock() })
    .where(
      and(
        eq(pogCards.userId, userId),
        eq(pogCards.state, 'AvatarGenerationPending'),
        sql`${pogCards.generations} < ${POG_AVATAR_GENERATIONS_MAX}`,
      ),
    )
    .returning();
  if (!card) {
    const existing = await cardOf(deps.db, userId);
    if (!existing) throw new AppError(409, POG_NO_CARD_MESSAGE);
    requireState(existing, ['AvatarGenerationPending']);
    throw new AppError(429, POG_REFRESH_LIMIT_MESSAGE);
  }
  const choice = {
    theme: card.theme,
    category: card.category,
    character: card.character,
    style: card.style,
  };
  if (!choice.theme || !choice.category || !choice.character || !choice.style)
    throw new AppError(409, POG_WRONG_STEP_MESSAGE);
  let png: Uint8Array;
  let provider: string;
  try {
    const generator = createAvatarGenerator(deps.env, deps.logger);
    if (!generator) throw new Error('pog: no avatar provider (AVATAR_PROVIDER=none)');
    ({ png, provider } = await generator.generate({
      theme: choice.theme,
      category: choice.category,
      character: choice.character,
      style: choice.style,
      seed: `${card.id}:${card.avatarVersion}:${card.generations}`,
      selfieColours: card.selfieColours ?? null,
    }));
  } catch (err) {
    deps.logger.warn('pog: avatar generation failed', { err: String(err) });
    await deps.db
      .update(pogCards)
      .set({ generations: sql`greatest(0, ${pogCards.generations} - 1)` })
      .where(eq(pogCards.id, card.id));
    throw new AppError(502, POG_MISSION_FAILED_MESSAGE);
  }
  await deps.db
    .update(pogCards)
    .set({ draftAvatar: Buffer.from(png), draftProvider: provider, updatedAt: deps.clock() })
    .where(and(eq(pogCards.id, card.id), eq(pogCards.state, 'AvatarGenerationPending')));
}

/** Where the card goes on each chain: the custodial EVM wallet, or the TON wallet the user linked. */
async function ownerFor(db: Executor, userId: string, chain: PogChainKind): Promise<string> {
  if (chain === 'evm') {
    const [wallet] = await db
      .select({ address: custodialWallets.evmAddress })
      .from(custodialWallets)
      .where(eq(custodialWallets.userId, userId));
    if (!wallet) throw new AppError(409, POG_EVM_WALLET_NEEDED_MESSAGE);
    return wallet.address;
  }
  const [ton] = await db
    .select({ subject: identities.subject })
    .from(identities)
    .where(and(eq(identities.userId, userId), eq(identities.provider, 'ton')))
    .orderBy(desc(identities.createdAt))
    .limit(1);
  if (!ton) throw new AppError(409, POG_TON_WALLET_NEEDED_MESSAGE);
  return ton.subject;
}

/** The address a mint on `chain` goes to, or the refusal (no wallet, chain unavailable) before anything is written. */
async function mintOwner(deps: AppDeps, userId: string, chain: PogChainKind): Promise<string> {
  const owner = await ownerFor(deps.db, userId, chain);
  const engine = await chainOf(deps, chain);
  if (!engine) throw new AppError(503, POG_CHAIN_UNAVAILABLE_MESSAGE);
  if (!engine.isAddress(owner))
    throw new AppError(409, chain === 'ton' ? POG_TON_WALLET_NEEDED_MESSAGE : POG_EVM_WALLET_NEEDED_MESSAGE);
  return owner;
}

/**
 * Mints the card with its draft avatar (AvatarGenerationPending → MintInProgress, the mint job does the rest), or,
 * for a card already minted (an avatar edit), puts the new avatar on it (→ Minted).
 */
export async function activate(deps: AppDeps, userId: string, chain: PogChainKind): Promise<void> {
  const current = await cardOf(deps.db, userId);
  if (!current) throw new AppError(409, POG_NO_CARD_MESSAGE);
  requireState(current, ['AvatarGenerationPending']);
  if (!current.draftAvatar) throw new AppError(409, POG_NO_AVATAR_MESSAGE);
  if (current.mintedAt) {
    await step(deps, userId, ['AvatarGenerationPending'], 'Minted', {
      avatar: current.draftAvatar,
      avatarVersion: current.avatarVersion + 1,
      draftAvatar: null,
      generations: 0,
    });
    return;
  }
  const owner = await mintOwner(deps, userId, chain);
  await deps.db.transaction(async (tx) => {
    const card = await lockCard(tx, userId);
    requireState(card, ['AvatarGenerationPending']);
    if (!card.draftAvatar) throw new AppError(409, POG_NO_AVATAR_MESSAGE);
    const now = deps.clock();
    await tx
      .update(pogCards)
      .set({
        state: 'MintInProgress',
        chain,
        ownerAddress: owner,
        avatar: card.draftAvatar,
        avatarVersion: card.avatarVersion + 1,
        draftAvatar: null,
        generations: 0,
        mintStartedAt: now,
        mintError: null,
        updatedAt: now,
      })
      .where(eq(pogCards.id, card.id));
    await enqueueJob(tx, {
      kind: POG_MINT_JOB,
      payload: { cardId: card.id },
      runAt: now,
      dedupeKey: `pog-mint:${card.id}`,
    });
  });
}

/**
 * quick_mint in one tap: the name (when given), default choices, an avatar, and the mint. What would refuse the
 * mint (no card and no name, no wallet for the chain, the chain unavailable) is asked before the name is reserved
 * or the card moved, so a refused quick mint leaves no card behind and reserves no name.
 */
export async function quickMint(
  deps: AppDeps,
  userId: string,
  name: string | undefined,
  chain: PogChainKind,
): Promise<void> {
  let card = await cardOf(deps.db, userId);
  if (!card && !name) throw new AppError(409, POG_NO_CARD_MESSAGE);
  if (!card?.mintedAt && card?.state !== 'MintInProgress') await mintOwner(deps, userId, chain);
  if (!card) {
    if (!name) throw new AppError(409, POG_NO_CARD_MESSAGE);
    await reserveName(deps, userId, name, 'quick_mint');
    card = await cardOf(deps.db, userId);
  } else if (name && name.toLowerCase() !== card.nameKey) {
    await reserveName(deps, userId, name, 'quick_mint');
  }
  if (!card) throw new AppError(409, POG_NO_CARD_MESSAGE);
  if (card.mintedAt || card.state === 'MintInProgress') return;
  if (card.state !== 'AvatarGenerationPending' || card.mode !== 'quick_mint')
    await setMode(deps, userId, 'quick_mint');
  const fresh = await cardOf(deps.db, userId);
  if (!fresh?.draftAvatar) await generateAvatar(deps, userId);
  await activate(deps, userId, chain);
}

/**
 * SPEC §6: an avatar edit needs a slot bought with K-Cash or rKHEL. Paid through the ledger in the request's
 * transaction (key from its operation id), then the edit starts at AvatarCategorySelection. Not enough money is
 * 409 'Uh-oh! Not Enough K-Cash or rKHEL' and nothing changes.
 */
export async function unlockSlot(
  tx: Transaction,
  deps: AppDeps,
  userId: string,
  currency: PogSlotCurrency,
  operationId: string,
): Promise<{ amount: bigint }> {
  const card = await lockCard(tx, userId);
  if (!card.mintedAt) throw new AppError(409, POG_NOT_MINTED_MESSAGE);
  requireState(card, ['Minted', 'SlotPaymentFailed']);
  const amount = POG_SLOT_PRICES[currency];
  const metadata = { item: 'POG avatar slot', cardId: card.id };
  if (currency === 'KCASH')
    await spendKcash(tx, {
      idempotencyKey: `pog_slot:${operationId}`,
      userId,
      amount,
      credit: systemAccount('store_revenue'),
      kind: 'store_purchase',
      metadata,
    });
  else
    await transfer(tx, {
      idempotencyKey: `pog_slot:${operationId}:rkhel`,
      debit: userAccount(userId, 'user_rkhel'),
      credit: systemAccount('store_revenue'),
      amount,
      currency: 'RKHEL',
      kind: 'store_purchase',
      metadata,
    });
  await tx.insert(pogSlotPurchases).values({ userId, cardId: card.id, currency, amount });
  // The slot is bought and used by the edit that starts now.
  await tx
    .update(pogCards)
    .set({
      state: 'AvatarCategorySelection',
      mode: 'customize_pog',
      generations: 0,
      draftAvatar: null,
      updatedAt: deps.clock(),
    })
    .where(eq(pogCards.id, card.id));
  return { amount };
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}
