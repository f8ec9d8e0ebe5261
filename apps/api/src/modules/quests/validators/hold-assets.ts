import { MESSAGES } from '@khel/core/domain';
import type { Address } from 'viem';
import { linkedSubjects } from './identity-links.ts';
import { defineValidator, type ValidationContext, type ValidationOutcome } from './types.ts';

export const WALLET_REQUIRED_MESSAGE = 'Link a wallet (EVM or TON) in your profile first.';
export const wrongChainMessage = (chainId: number) =>
  `This task is on chain ${chainId}, which Khel cannot read yet.`;
export const tokenShortMessage = (amount: string, symbol: string) =>
  `Hold at least ${amount} ${symbol} in a linked wallet, then check again.`;
export const nftShortMessage = (count: number, name: string) =>
  `Hold at least ${count} ${name} NFT${count === 1 ? '' : 's'} in a linked wallet, then check again.`;

/** `units` base units of a token with `decimals` decimals, as people write it (1.5, not 1500000000000000000). */
export function formatTokenAmount(units: bigint, decimals: number): string {
  if (decimals === 0) return units.toString();
  const text = units.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, -decimals);
  const fraction = text.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

/**
 * What the user's linked EVM wallets hold of `contract` (ERC-20 or ERC-721 `balanceOf`, summed), read
 * from the configured chain (lib/chain/evm.ts, loaded on the first such check). A ValidationOutcome instead
 * when it cannot be read: no wallet, another chain, or the chain did not answer.
 */
async function heldBalance(
  ctx: Pick<ValidationContext, 'deps' | 'db' | 'user' | 'task'> & {
    config: { chainId: number; contract: string };
  },
): Promise<bigint | Extract<ValidationOutcome, { ok: false }>> {
  const wallets = await linkedSubjects(ctx, 'evm');
  if (wallets.length === 0) return { ok: false, message: WALLET_REQUIRED_MESSAGE };
  const { evmChain } = await import('../../../lib/chain/evm.ts');
  const chain = await evmChain(ctx.deps.env).catch((err: unknown) => {
    ctx.deps.logger.error('quests: the EVM chain did not start', { error: String(err) });
    return null;
  });
  if (!chain) {
    ctx.deps.logger.warn('quests: hold tasks need EVM_RPC_URL in production', { taskId: ctx.task.id });
    return { ok: false, message: MESSAGES.apiFailureTryAgain };
  }
  if (ctx.config.chainId !== chain.chainId)
    return { ok: false, message: wrongChainMessage(ctx.config.chainId) };
  try {
    let total = 0n;
    for (const wallet of wallets)
      total += await chain.balanceOf(ctx.config.contract as Address, wallet as Address);
    return total;
  } catch (err) {
    ctx.deps.logger.warn('quests: balanceOf failed', {
      engine: chain.engine,
      contract: ctx.config.contract,
      error: err instanceof Error ? err.message.split('\n')[0] : String(err),
    });
    return { ok: false, message: MESSAGES.apiFailureTryAgain };
  }
}

/** Hold a token (SPEC §3): at least `minAmount` base units of the ERC-20 over the user's linked EVM wallets. */
export const holdTokenValidator = defineValidator({
  type: 'hold_token',
  validate: async (ctx) => {
    const held = await heldBalance(ctx);
    if (typeof held !== 'bigint') return held;
    const min = BigInt(ctx.config.minAmount);
    return held >= min
      ? { ok: true }
      : {
          ok: false,
          message: tokenShortMessage(formatTokenAmount(min, ctx.config.decimals), ctx.config.symbol),
        };
  },
});

/** Hold an NFT (SPEC §3): at least `minCount` tokens of the ERC-721 over the user's linked EVM wallets. */
export const holdNftValidator = defineValidator({
  type: 'hold_nft',
  validate: async (ctx) => {
    const held = await heldBalance(ctx);
    if (typeof held !== 'bigint') return held;
    return held >= BigInt(ctx.config.minCount)
      ? { ok: true }
      : { ok: false, message: nftShortMessage(ctx.config.minCount, ctx.config.name) };
  },
});
