import type { PogChainKind } from '@khel/core/contract';
import type { AppDeps } from '../../lib/context.ts';
import { pogEvmChain } from './chain/evm/evm-pog.ts';
import { pogTonChain } from './chain/ton/ton-pog.ts';
import type { PogChain } from './chain/types.ts';

/**
 * The chain a card is minted on: the website's EVM chain or the Mini App's TON chain (Telegram allows only TON
 * inside Mini Apps). Null when that chain is not configured (production without its settings).
 */
export function chainOf(deps: Pick<AppDeps, 'env'>, kind: PogChainKind): Promise<PogChain | null> {
  return kind === 'evm' ? pogEvmChain(deps.env) : pogTonChain(deps.env);
}
