import { z } from 'zod';
import { SLUG_PATTERN } from './games.ts';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';

/**
 * Development only (DESIGN §8): the sandboxes quest tasks are checked against outside production — a
 * partner game server that knows some players (game_api tasks) and the in-process EVM chain that holds
 * the demo quests' ERC-20 and ERC-721 (hold_token, hold_nft).
 */
export const SANDBOX_PLAYER_NOT_FOUND_MESSAGE = 'No such player in this game.';

export const sandboxGameParamsSchema = lazySchema(() =>
  z.object({
    game: z.string().regex(SLUG_PATTERN, { message: 'Not found' }).max(80),
  }),
);
const playerId = lazySchema(() => z.string().min(1).max(200));
const sandboxPlayerSchema = lazySchema(() => z.object({ game: z.string(), playerId: z.string() }));
export const sandboxPlayerBodySchema = lazySchema(() => z.object({ playerId }).strict());
const evmAddress = lazySchema(() =>
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'Use a 0x address of 40 hex digits' }),
);

/** ERC-20 base units, or how many NFTs. */
export const devChainMintBodySchema = lazySchema(() =>
  z
    .object({
      contract: evmAddress,
      to: evmAddress,
      amount: z.string().regex(/^[1-9]\d{0,40}$/, { message: 'Use a positive whole number' }),
    })
    .strict(),
);

export const devChainSchema = lazySchema(() =>
  z.object({
    chainId: z.number().int(),
    /** `in-process` (the sandbox EVM in this server) or the RPC's host. */
    engine: z.string(),
    contracts: z.array(
      z.object({
        address: z.string(),
        kind: z.enum(['erc20', 'erc721']),
        name: z.string(),
        symbol: z.string(),
      }),
    ),
  }),
);

export const questSandboxesRoutes = {
  devGamePlayer: defineRoute({
    method: 'GET',
    path: '/dev/games/:game/players',
    summary: 'Development only: the sandbox partner game server (200 a known player, 400 an unknown one)',
    tag: 'Development',
    auth: 'none',
    params: sandboxGameParamsSchema,
    query: lazySchema(() => z.object({ playerId })),
    response: sandboxPlayerSchema,
    devOnly: true,
  }),
  devAddGamePlayer: defineRoute({
    method: 'POST',
    path: '/dev/games/:game/players',
    summary: 'Development only: add a player the sandbox partner game server knows',
    tag: 'Development',
    auth: 'none',
    params: sandboxGameParamsSchema,
    body: sandboxPlayerBodySchema,
    response: sandboxPlayerSchema,
    successStatus: 201,
    devOnly: true,
  }),
  devChain: defineRoute({
    method: 'GET',
    path: '/dev/chain',
    summary: 'Development only: the in-process EVM chain and its test contracts',
    tag: 'Development',
    auth: 'none',
    response: devChainSchema,
    devOnly: true,
  }),
  devChainMint: defineRoute({
    method: 'POST',
    path: '/dev/chain/mint',
    summary:
      'Development only: mint test tokens (ERC-20 base units) or NFTs (a count) on the in-process chain',
    tag: 'Development',
    auth: 'none',
    body: devChainMintBodySchema,
    response: lazySchema(() =>
      z.object({
        contract: z.string(),
        to: z.string(),
        balance: z.string(),
        txHashes: z.array(z.string()),
      }),
    ),
    devOnly: true,
  }),
} as const;
