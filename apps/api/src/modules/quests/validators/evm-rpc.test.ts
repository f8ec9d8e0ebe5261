import { createServer, type Server } from 'node:http';
import { MESSAGES } from '@khel/core/domain';
import { schema } from '@khel/db';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { DEV_CONTRACTS, type EvmChain, evmChain } from '../../../lib/chain/evm.ts';
import { createTestContext, type TestContext } from '../../../test-support.ts';
import { signedInUser } from '../../profile/profile.test-support.ts';
import { newQuest, start, tasksOfQuest, validate } from '../quests.test-support.ts';
import { tokenShortMessage } from './hold-assets.ts';

const THRONE = DEV_CONTRACTS[1];

/** A JSON-RPC node over HTTP in front of an in-process chain, as EVM_RPC_URL would name a real one. */
async function serveRpc(chain: EvmChain, claimChainId?: number): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const answer = async (call: { id: unknown; method: string; params?: unknown }) => {
      if (call.method === 'eth_chainId' && claimChainId !== undefined)
        return { jsonrpc: '2.0', id: call.id, result: `0x${claimChainId.toString(16)}` };
      try {
        return {
          jsonrpc: '2.0',
          id: call.id,
          result: await chain.request!({ method: call.method, params: call.params }),
        };
      } catch (err) {
        return { jsonrpc: '2.0', id: call.id, error: { code: -32603, message: String(err) } };
      }
    };
    const body = JSON.parse(raw);
    const out = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

describe('hold_token through EVM_RPC_URL (viem over HTTP JSON-RPC)', () => {
  let chain: EvmChain;
  let rpc: { url: string; server: Server };
  const contexts: TestContext[] = [];
  beforeAll(async () => {
    chain = (await evmChain(loadEnv({ NODE_ENV: 'test' })))!;
    rpc = await serveRpc(chain);
  });
  afterAll(async () => {
    for (const ctx of contexts) await ctx.close();
    await new Promise((resolve) => rpc?.server.close(resolve));
  });

  async function setUp(env: Record<string, string>) {
    const ctx = await createTestContext('pglite', inject('postgresAdminUrl'), env);
    contexts.push(ctx);
    const q = await newQuest(ctx, [
      {
        title: 'Hold',
        config: {
          type: 'hold_token',
          chainId: 31337,
          contract: THRONE.address,
          symbol: 'THRONE',
          decimals: 18,
          minAmount: '5',
        },
      },
    ]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    const u = await signedInUser(ctx);
    const wallet = privateKeyToAddress(generatePrivateKey());
    await ctx.deps.db
      .insert(schema.identities)
      .values({ userId: u.user.id, provider: 'evm', subject: wallet });
    await start(ctx, u.auth, q.id);
    return { ctx, wallet, check: () => validate(ctx, u.auth, q.id, task!.id) };
  }

  it('reads the balance from the node and verifies once it is enough; nothing can be minted through the API', async () => {
    const { ctx, wallet, check } = await setUp({ EVM_RPC_URL: rpc.url, EVM_CHAIN_ID: '31337' });
    expect((await check()).body.data).toMatchObject({
      verified: false,
      message: tokenShortMessage('0.000000000000000005', 'THRONE'),
    });
    await chain.mint!(THRONE.address, wallet, 5n);
    expect((await check()).body.data.verified).toBe(true);
    const mint = await ctx.json('/dev/chain/mint', {
      body: { contract: THRONE.address, to: wallet, amount: '1' },
    });
    expect(mint.status).toBe(409);
  });

  it('answers the API failure when the node is on another chain than EVM_CHAIN_ID, or cannot be reached', async () => {
    const wrong = await setUp({ EVM_RPC_URL: rpc.url, EVM_CHAIN_ID: '1' });
    // The task names 31337, the server reads chain 1: the task says so without asking the node.
    expect((await wrong.check()).body.data.message).toMatch(/chain 31337/);
    const otherNode = await serveRpc(chain, 1);
    try {
      const lying = await setUp({ EVM_RPC_URL: otherNode.url, EVM_CHAIN_ID: '31337' });
      await chain.mint!(THRONE.address, lying.wallet, 5n);
      expect((await lying.check()).body.data).toMatchObject({
        verified: false,
        message: MESSAGES.apiFailureTryAgain,
      });
    } finally {
      await new Promise((resolve) => otherNode.server.close(resolve));
    }
    const down = await setUp({ EVM_RPC_URL: 'http://127.0.0.1:9', EVM_CHAIN_ID: '31337' });
    expect((await down.check()).body.data).toMatchObject({
      verified: false,
      message: MESSAGES.apiFailureTryAgain,
    });
  });
});
