import type { PogChainKind } from '@khel/core/contract';
import { createContext, useContext } from 'react';
import type { PrimaryActionListener } from '../../../lib/primary-action.ts';
import type { TonWalletSlot } from './mint-ton.tsx';

/** What the app gives the mint flow's screens. */
export interface MintContextValue {
  /** evm on the website, ton in the Mini App. */
  chain: PogChainKind;
  /** Told the current screen's main action (Telegram's MainButton). */
  onPrimaryAction: PrimaryActionListener | undefined;
  /** The Mini App's TON Connect linking, offered when the mint needs a TON wallet. */
  tonWallet: TonWalletSlot | null;
  openShare: ((url: string) => void) | undefined;
}

export const MintContext = createContext<MintContextValue>({
  chain: 'evm',
  onPrimaryAction: undefined,
  tonWallet: null,
  openShare: undefined,
});

export const useMintContext = () => useContext(MintContext);
