import { MINT_DURATION_MS } from './constants.ts';

/** SPEC §4 mint flow states (names as the API sends them). */
export const MINT_STATES = [
  'ReserveUsername',
  'AvatarCategorySelection',
  'CharacterSelection',
  'StyleSelection',
  'SelfieUpload',
  'AvatarGenerationPending',
  'MintInProgress',
  'Minted',
  'SlotPaymentProcessing',
  'SlotPaymentFailed',
] as const;
export type MintState = (typeof MINT_STATES)[number];

/** SPEC §2/§4 quick-mint options. */
export const MINT_MODES = ['quick_mint', 'customize_pog'] as const;
export type MintMode = (typeof MINT_MODES)[number];

/** SPEC §4 loading states of a mint screen's request. */
export const MINT_LOADING_STATES = ['INITIAL', 'LOADING', 'FAILED'] as const;
export type MintLoadingState = (typeof MINT_LOADING_STATES)[number];

/** SPEC §4 steps shown to the user (keys for i18n, English labels as the source text). */
export const MINT_STEPS = [
  { key: 'reserveName', label: 'Reserve name' },
  { key: 'createAvatar', label: 'Create avatar' },
  { key: 'mintCard', label: 'Mint POG card' },
] as const;
export type MintStepKey = (typeof MINT_STEPS)[number]['key'];

/**
 * 0-based index into MINT_STEPS for each state. The slot payment states belong to "Create avatar":
 * buying a slot is how a user edits the avatar (SPEC §2 avatar edit with slot purchase).
 */
export const MINT_STEP_INDEX: Record<MintState, 0 | 1 | 2> = {
  ReserveUsername: 0,
  AvatarCategorySelection: 1,
  CharacterSelection: 1,
  StyleSelection: 1,
  SelfieUpload: 1,
  AvatarGenerationPending: 1,
  SlotPaymentProcessing: 1,
  SlotPaymentFailed: 1,
  MintInProgress: 2,
  Minted: 2,
};

export function mintStepIndex(state: MintState): 0 | 1 | 2 {
  return MINT_STEP_INDEX[state];
}

/**
 * The order is ours (SPEC §4: "Order is not shown"):
 * - customize_pog: ReserveUsername → AvatarCategorySelection → CharacterSelection → StyleSelection →
 *   SelfieUpload → AvatarGenerationPending → MintInProgress → Minted. Each selection screen can go
 *   back one screen; a failed generation (e.g. 'Error: Face not detected!') returns to SelfieUpload.
 * - quick_mint: ReserveUsername → AvatarGenerationPending (a random variant) → MintInProgress → Minted;
 *   a failed generation returns to ReserveUsername, where the user can retry or pick customize_pog.
 * - Both: MintInProgress only moves on to Minted (the server retries a failed mint itself). After
 *   Minted, buying a slot starts an avatar edit: SlotPaymentProcessing → AvatarCategorySelection on
 *   success or → SlotPaymentFailed, which retries the payment or goes back to Minted.
 */
const COMMON: Partial<Record<MintState, readonly MintState[]>> = {
  MintInProgress: ['Minted'],
  Minted: ['SlotPaymentProcessing'],
  SlotPaymentProcessing: ['AvatarCategorySelection', 'SlotPaymentFailed'],
  SlotPaymentFailed: ['SlotPaymentProcessing', 'Minted'],
};

export const MINT_TRANSITIONS: Record<MintMode, Partial<Record<MintState, readonly MintState[]>>> = {
  customize_pog: {
    ...COMMON,
    ReserveUsername: ['AvatarCategorySelection'],
    AvatarCategorySelection: ['CharacterSelection'],
    CharacterSelection: ['StyleSelection', 'AvatarCategorySelection'],
    StyleSelection: ['SelfieUpload', 'CharacterSelection'],
    SelfieUpload: ['AvatarGenerationPending', 'StyleSelection'],
    AvatarGenerationPending: ['MintInProgress', 'SelfieUpload'],
  },
  quick_mint: {
    ...COMMON,
    ReserveUsername: ['AvatarGenerationPending'],
    AvatarGenerationPending: ['MintInProgress', 'ReserveUsername'],
    // An avatar edit after a quick mint uses the customize screens.
    AvatarCategorySelection: ['CharacterSelection'],
    CharacterSelection: ['StyleSelection', 'AvatarCategorySelection'],
    StyleSelection: ['SelfieUpload', 'CharacterSelection'],
    SelfieUpload: ['AvatarGenerationPending', 'StyleSelection'],
  },
};

export function canTransition(mode: MintMode, from: MintState, to: MintState): boolean {
  return MINT_TRANSITIONS[mode][from]?.includes(to) ?? false;
}

/** The forward state after `state` in `mode` (the first allowed transition), or null at the end. */
export function nextMintState(mode: MintMode, state: MintState): MintState | null {
  return MINT_TRANSITIONS[mode][state]?.[0] ?? null;
}

/** Applies a transition, throwing on one the flow does not allow (a bug or a stale server state). */
export function transitionMint(mode: MintMode, from: MintState, to: MintState): MintState {
  if (!canTransition(mode, from, to)) throw new Error(`Mint flow: ${from} → ${to} is not allowed in ${mode}`);
  return to;
}

export function isMintState(value: unknown): value is MintState {
  return typeof value === 'string' && (MINT_STATES as readonly string[]).includes(value);
}

/**
 * Progress of a mint started at `startedAt`, for the progress bar: 0..0.99 over MINT_DURATION_MS
 * (about 100 s). It never reaches 1 on time alone; only the Minted state completes the bar.
 */
export function mintProgress(startedAt: number, now: number, durationMs: number = MINT_DURATION_MS): number {
  const elapsed = Math.max(0, now - startedAt);
  return Math.min(0.99, elapsed / durationMs);
}

/** Milliseconds until the expected end of the mint, 0 once it is due. */
export function mintRemainingMs(
  startedAt: number,
  now: number,
  durationMs: number = MINT_DURATION_MS,
): number {
  return Math.max(0, startedAt + durationMs - now);
}
