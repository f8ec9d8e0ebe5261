import { questSandboxesRoutes, SANDBOX_PLAYER_NOT_FOUND_MESSAGE } from '@khel/core/contract';
import { Hono } from 'hono';
import type { Address } from 'viem';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { mount } from '../../lib/route.ts';
import { addSandboxPlayer, sandboxKnowsPlayer } from './game-sandbox.ts';

/** Development only (`mount` answers 404 in production): the partner game sandbox and the in-process chain. */
export function questSandboxesRouter() {
  const app = new Hono<AppEnv>();

  mount(app, questSandboxesRoutes.devGamePlayer, async ({ c, params, query }) => {
    if (!sandboxKnowsPlayer(c.get('deps'), params.game, query.playerId))
      throw new AppError(400, SANDBOX_PLAYER_NOT_FOUND_MESSAGE);
    return { data: { game: params.game, playerId: query.playerId } };
  });
  mount(app, questSandboxesRoutes.devAddGamePlayer, async ({ c, params, body }) => {
    addSandboxPlayer(c.get('deps'), params.game, body.playerId);
    return { data: { game: params.game, playerId: body.playerId }, message: 'Player added' };
  });

  mount(app, questSandboxesRoutes.devChain, async ({ c }) => {
    const { evmChain, DEV_CONTRACTS } = await import('../../lib/chain/evm.ts');
    const chain = await evmChain(c.get('deps').env);
    if (!chain) throw new AppError(404, 'Not found');
    return {
      data: {
        chainId: chain.chainId,
        engine: chain.engine,
        contracts: chain.mint ? DEV_CONTRACTS.map((contract) => ({ ...contract })) : [],
      },
    };
  });
  mount(app, questSandboxesRoutes.devChainMint, async ({ c, body }) => {
    const { evmChain, DEV_CONTRACTS } = await import('../../lib/chain/evm.ts');
    const chain = await evmChain(c.get('deps').env);
    if (!chain?.mint) throw new AppError(409, 'Minting is only possible on the in-process chain.');
    const contract = DEV_CONTRACTS.find(
      (known) => known.address.toLowerCase() === body.contract.toLowerCase(),
    );
    if (!contract) throw new AppError(404, 'Not one of the in-process chain’s test contracts.');
    const amount = BigInt(body.amount);
    if (contract.kind === 'erc721' && amount > 100n)
      throw new AppError(400, 'Mint at most 100 NFTs at a time.');
    const to = body.to as Address;
    const txHashes = await chain.mint(contract.address, to, amount);
    const balance = await chain.balanceOf(contract.address, to);
    return { data: { contract: contract.address, to, balance: balance.toString(), txHashes } };
  });

  return app;
}
