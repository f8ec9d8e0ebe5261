import { describe, expect, it } from 'vitest';
import { MINT_DURATION_MS } from './constants.ts';
import {
  canTransition,
  isMintState,
  MINT_LOADING_STATES,
  MINT_MODES,
  MINT_STATES,
  MINT_STEPS,
  MINT_TRANSITIONS,
  type MintMode,
  type MintState,
  mintProgress,
  mintRemainingMs,
  mintStepIndex,
  nextMintState,
  transitionMint,
} from './mint-flow.ts';

function forwardPath(mode: MintMode): MintState[] {
  const path: MintState[] = ['ReserveUsername'];
  for (let s = nextMintState(mode, 'ReserveUsername'); s && path.length < 20; s = nextMintState(mode, s)) {
    path.push(s);
    if (s === 'Minted') break;
  }
  return path;
}

describe('mint flow (SPEC §4)', () => {
  it('has the ten states, two modes and three loading states of the spec', () => {
    expect(MINT_STATES).toHaveLength(10);
    expect(MINT_MODES).toEqual(['quick_mint', 'customize_pog']);
    expect(MINT_LOADING_STATES).toEqual(['INITIAL', 'LOADING', 'FAILED']);
  });

  it('steps shown to the user: Reserve name, Create avatar, Mint POG card', () => {
    expect(MINT_STEPS.map((s) => s.label)).toEqual(['Reserve name', 'Create avatar', 'Mint POG card']);
  });

  it('customize_pog goes through every avatar screen in order', () => {
    expect(forwardPath('customize_pog')).toEqual([
      'ReserveUsername',
      'AvatarCategorySelection',
      'CharacterSelection',
      'StyleSelection',
      'SelfieUpload',
      'AvatarGenerationPending',
      'MintInProgress',
      'Minted',
    ]);
  });

  it('quick_mint skips the selection screens', () => {
    expect(forwardPath('quick_mint')).toEqual([
      'ReserveUsername',
      'AvatarGenerationPending',
      'MintInProgress',
      'Minted',
    ]);
  });

  it('step index per state: 0 for the name, 1 for the avatar and slot payment, 2 for minting', () => {
    expect(mintStepIndex('ReserveUsername')).toBe(0);
    for (const s of [
      'AvatarCategorySelection',
      'CharacterSelection',
      'StyleSelection',
      'SelfieUpload',
      'AvatarGenerationPending',
      'SlotPaymentProcessing',
      'SlotPaymentFailed',
    ] as const) {
      expect(mintStepIndex(s)).toBe(1);
    }
    expect(mintStepIndex('MintInProgress')).toBe(2);
    expect(mintStepIndex('Minted')).toBe(2);
  });

  it('step index never goes down along the forward path', () => {
    for (const mode of MINT_MODES) {
      const indexes = forwardPath(mode).map(mintStepIndex);
      expect(indexes).toEqual([...indexes].sort());
    }
  });

  it('allowed and refused transitions', () => {
    expect(canTransition('customize_pog', 'StyleSelection', 'CharacterSelection')).toBe(true); // back
    expect(canTransition('customize_pog', 'AvatarGenerationPending', 'SelfieUpload')).toBe(true); // face not detected
    expect(canTransition('customize_pog', 'ReserveUsername', 'AvatarGenerationPending')).toBe(false);
    expect(canTransition('quick_mint', 'ReserveUsername', 'AvatarGenerationPending')).toBe(true);
    expect(canTransition('quick_mint', 'MintInProgress', 'ReserveUsername')).toBe(false);
    expect(canTransition('customize_pog', 'Minted', 'MintInProgress')).toBe(false);
    expect(() => transitionMint('customize_pog', 'Minted', 'ReserveUsername')).toThrow(/not allowed/);
    expect(transitionMint('customize_pog', 'MintInProgress', 'Minted')).toBe('Minted');
  });

  it('slot payment: Minted → processing → avatar edit, or failed → retry / back', () => {
    for (const mode of MINT_MODES) {
      expect(canTransition(mode, 'Minted', 'SlotPaymentProcessing')).toBe(true);
      expect(canTransition(mode, 'SlotPaymentProcessing', 'AvatarCategorySelection')).toBe(true);
      expect(canTransition(mode, 'SlotPaymentProcessing', 'SlotPaymentFailed')).toBe(true);
      expect(canTransition(mode, 'SlotPaymentFailed', 'SlotPaymentProcessing')).toBe(true);
      expect(canTransition(mode, 'SlotPaymentFailed', 'Minted')).toBe(true);
    }
  });

  it('every state is reachable from ReserveUsername in customize_pog and only names real states', () => {
    const seen = new Set<MintState>(['ReserveUsername']);
    const queue: MintState[] = ['ReserveUsername'];
    while (queue.length) {
      const s = queue.shift()!;
      for (const t of MINT_TRANSITIONS.customize_pog[s] ?? []) {
        expect(isMintState(t)).toBe(true);
        if (!seen.has(t)) {
          seen.add(t);
          queue.push(t);
        }
      }
    }
    expect([...seen].sort()).toEqual([...MINT_STATES].sort());
  });

  it('minting takes about 100 s: progress and remaining time', () => {
    expect(MINT_DURATION_MS).toBe(100_000);
    expect(mintProgress(0, 50_000)).toBe(0.5);
    expect(mintProgress(0, 100_000)).toBe(0.99);
    expect(mintProgress(0, 500_000)).toBe(0.99);
    expect(mintProgress(10_000, 0)).toBe(0);
    expect(mintRemainingMs(0, 40_000)).toBe(60_000);
    expect(mintRemainingMs(0, 120_000)).toBe(0);
  });

  it('isMintState guards API strings', () => {
    expect(isMintState('Minted')).toBe(true);
    expect(isMintState('minted')).toBe(false);
    expect(isMintState(42)).toBe(false);
  });
});
