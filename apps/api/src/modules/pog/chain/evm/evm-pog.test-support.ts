import { createServer } from 'node:http';
import type { Address, Hex } from 'viem';
import { DEV_DEPLOYER, type EvmChain } from '../../../../lib/chain/evm.ts';
import { KhelPog } from '../../../../lib/chain/pog-card/artifacts.ts';

/** Hardhat's and anvil's first default key (public: tests and development only); its address is DEV_DEPLOYER. */
export const DEV_DEPLOYER_KEY: Hex = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';

/** Deploys a fresh KhelPog on the in-process chain (DEV_DEPLOYER its admin) and answers its address. */
export async function deployPog(chain: EvmChain, minter: Address = DEV_DEPLOYER): Promise<Address> {
  return chain.exclusive!(async (client) => {
    const result = await client.tevmDeploy({
      abi: KhelPog.abi,
      bytecode: KhelPog.bytecode,
      args: [minter],
      from: DEV_DEPLOYER,
      createTransaction: true,
      throwOnFail: false,
    });
    if (result.errors?.length || !result.createdAddress)
      throw new Error(`deploy KhelPog failed: ${result.errors?.[0]?.message}`);
    await client.tevmMine();
    return result.createdAddress;
  });
}

export interface ServedEvmRpc {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the in-process chain as a JSON-RPC node over HTTP, as EVM_RPC_URL would name a real one. A
 * transaction sent with eth_sendRawTransaction is executed and mined at once; then
 * `onSendRawTransaction` runs before the node answers: the place to kill the process that sent it (a
 * mint on the chain that its sender never heard of). When the hook throws, the connection is dropped
 * without an answer.
 */
export async function serveEvmRpc(
  chain: EvmChain,
  options: { onSendRawTransaction?: () => void | Promise<void> } = {},
): Promise<ServedEvmRpc> {
  const exclusive = chain.exclusive!;
  const server = createServer(async (req, res) => {
    // The client may be gone (killed by the hook): its socket's errors are expected.
    req.on('error', () => undefined);
    res.on('error', () => undefined);
    let raw = '';
    for await (const chunk of req) raw += chunk;
    let drop = false;
    const answer = async (call: { id: unknown; method: string; params?: unknown }) => {
      try {
        const result = await exclusive(async (client) => {
          const out = await client.request({ method: call.method, params: call.params } as never);
          if (call.method === 'eth_sendRawTransaction') await client.tevmMine();
          return out;
        });
        if (call.method === 'eth_sendRawTransaction' && options.onSendRawTransaction) {
          try {
            await options.onSendRawTransaction();
          } catch {
            drop = true;
          }
        }
        return { jsonrpc: '2.0', id: call.id, result };
      } catch (err) {
        return { jsonrpc: '2.0', id: call.id, error: { code: -32603, message: String(err) } };
      }
    };
    const body = JSON.parse(raw);
    const out = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
    if (drop) {
      res.socket?.destroy();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The settings that point the POG chain at a served node and a KhelPog whose minter is DEV_DEPLOYER. */
export function pogRpcEnv(url: string, contract: Address): Record<string, string> {
  return {
    EVM_RPC_URL: url,
    EVM_CHAIN_ID: '31337',
    POG_EVM_CONTRACT: contract,
    POG_EVM_MINTER_KEY: DEV_DEPLOYER_KEY,
  };
}
