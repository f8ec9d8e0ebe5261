import type { MemoryClient } from '@tevm/memory-client';
import type { Address, Hex, PublicClient } from 'viem';
import type { Env } from '../../../../env.ts';
import type { KhelPog as KhelPogArtifact } from '../../../../lib/chain/pog-card/artifacts.ts';
import type { PogChain, PogMintInput, PogMintReceipt } from '../types.ts';

/**
 * The website's POG chain: KhelPog (KhelPog.sol, a soulbound ERC-721 + ERC-5192) on an EVM chain.
 *
 * - Without EVM_RPC_URL, outside production: the in-process tevm chain of lib/chain/evm.ts, where
 *   the dev deployer deployed KhelPog at DEV_POG_CONTRACT and mints (every step of a mint runs alone on
 *   that chain's queue, so it needs no nonce bookkeeping).
 * - With EVM_RPC_URL: the contract at POG_EVM_CONTRACT, minted with the key POG_EVM_MINTER_KEY; the node
 *   must be on EVM_CHAIN_ID. Without both settings (or in production without EVM_RPC_URL): null.
 *
 * A mint is found from the contract's state, not by scanning history: `mintedAt(tokenId)` names the
 * block, and in that block the contract's `mint` call whose receipt holds the Transfer from the zero
 * address with the token id in its topics is the transaction (so the minter is an account that calls
 * the contract itself, not through another contract). Not eth_getLogs: tevm reads a hex block number
 * there as a block hash, while a block and its receipts are answered alike by every node. So `mint()`
 * first looks the token up, sends only when it is not minted, and after any refusal (sent by another
 * process, a retry after a crash, an answer lost on the way) looks again and answers what the
 * chain holds. The contract allows one card per holder: minting another token id to a holder who has
 * one rejects with PogHolderHasCardError (the module mints one token id per user, so this is a second
 * guard, and nothing is minted). viem and tevm load on the first call, never at start.
 */

/** The mint was refused because `owner` already holds another card (KhelPog allows one per holder). */
export class PogHolderHasCardError extends Error {
  constructor(
    readonly owner: string,
    readonly tokenId: bigint,
  ) {
    super(`POG: ${owner} already holds a card, token ${tokenId} was not minted`);
    this.name = 'PogHolderHasCardError';
  }
}

const chains = new WeakMap<Env, Promise<PogChain | null>>();

/** The POG chain for this configuration, made once per env; null where POG on EVM is unavailable. */
export function pogEvmChain(env: Env): Promise<PogChain | null> {
  let chain = chains.get(env);
  if (!chain) {
    chain = openChain(env);
    // A failed start is not kept: the next call tries again.
    chain.catch(() => chains.delete(env));
    chains.set(env, chain);
  }
  return chain;
}

async function openChain(env: Env): Promise<PogChain | null> {
  if (env.EVM_RPC_URL) {
    if (!env.POG_EVM_CONTRACT || !env.POG_EVM_MINTER_KEY) return null;
    return rpcChain({
      url: env.EVM_RPC_URL,
      chainId: env.EVM_CHAIN_ID,
      contract: env.POG_EVM_CONTRACT as Address,
      minterKey: env.POG_EVM_MINTER_KEY as Hex,
      explorerUrl: env.EVM_EXPLORER_URL,
    });
  }
  if (env.NODE_ENV === 'production') return null;
  const { evmChain, DEV_CHAIN_ID, DEV_DEPLOYER, DEV_POG_CONTRACT } = await import(
    '../../../../lib/chain/evm.ts'
  );
  const evm = await evmChain(env);
  if (!evm?.exclusive) return null;
  return inProcessChain(evm.exclusive, DEV_CHAIN_ID, DEV_POG_CONTRACT, DEV_DEPLOYER);
}

type Abi = (typeof KhelPogArtifact)['abi'];

/** What both engines share: finding a mint and explaining a refused one. */
async function reader(contract: Address, network: string, explorerUrl: string | undefined) {
  const [viem, { KhelPog }] = await Promise.all([
    import('viem'),
    import('../../../../lib/chain/pog-card/artifacts.ts'),
  ]);
  const abi: Abi = KhelPog.abi;
  const address = viem.getAddress(contract);

  async function findMint(client: PublicClient, tokenId: bigint): Promise<PogMintReceipt | null> {
    const block = await client.readContract({ address, abi, functionName: 'mintedAt', args: [tokenId] });
    if (block === 0n) return null;
    // That block's mint(…, tokenId, …) calls of the contract: the one whose receipt has the Transfer.
    const { transactions } = await client.getBlock({ blockNumber: block, includeTransactions: true });
    for (const tx of transactions) {
      if (tx.to?.toLowerCase() !== address.toLowerCase() || !mayMint(tx.input, tokenId)) continue;
      const receipt = await client.getTransactionReceipt({ hash: tx.hash });
      const [transfer] = viem.parseEventLogs({
        abi,
        logs: receipt.logs.filter((log) => log.address.toLowerCase() === address.toLowerCase()),
        eventName: 'Transfer',
        args: { from: viem.zeroAddress, tokenId },
      });
      // Only a mint that succeeded has the Transfer (a reverted one has no logs; tevm gives no status).
      if (!transfer) continue;
      return {
        chain: 'evm',
        network,
        contract: address,
        tokenId,
        owner: viem.getAddress(transfer.args.to),
        txHash: tx.hash,
        block: block.toString(),
        explorerUrl: explorerUrl?.replaceAll('{txHash}', tx.hash) ?? null,
      };
    }
    throw new Error(`POG: token ${tokenId} was minted in block ${block}, but no transaction there minted it`);
  }

  /** False when the call data shows another call (tevm leaves it out of its blocks: then the receipt decides). */
  function mayMint(input: Hex | undefined, tokenId: bigint): boolean {
    if (!input) return true;
    try {
      const call = viem.decodeFunctionData({ abi, data: input });
      return call.functionName === 'mint' && call.args[1] === tokenId;
    } catch {
      return false;
    }
  }

  /** After the chain refused a mint (or reverted it): the token's mint when there is one, else why. */
  async function refused(client: PublicClient, input: PogMintInput, cause: unknown): Promise<PogMintReceipt> {
    const found = await findMint(client, input.tokenId);
    if (found) return found;
    const held = await client.readContract({
      address,
      abi,
      functionName: 'balanceOf',
      args: [viem.getAddress(input.owner)],
    });
    if (held > 0n) throw new PogHolderHasCardError(input.owner, input.tokenId);
    throw cause;
  }

  const isAddress = (owner: string) => viem.isAddress(owner);
  function checkInput(input: PogMintInput): Address {
    if (!isAddress(input.owner)) throw new Error('POG: the owner is not an EVM address');
    return viem.getAddress(input.owner);
  }

  return { viem, abi, address, findMint, refused, isAddress, checkInput };
}

async function inProcessChain(
  exclusive: <T>(work: (client: MemoryClient) => Promise<T>) => Promise<T>,
  chainId: number,
  contract: Address,
  minter: Address,
): Promise<PogChain> {
  const network = `evm:${chainId}`;
  const r = await reader(contract, network, undefined);
  const asPublic = (client: MemoryClient) => client as unknown as PublicClient;
  return {
    kind: 'evm',
    engine: 'in-process',
    network,
    isAddress: r.isAddress,
    findMint: (tokenId) => exclusive((client) => r.findMint(asPublic(client), tokenId)),
    mint: async (input) => {
      const owner = r.checkInput(input);
      return exclusive(async (client) => {
        const found = await r.findMint(asPublic(client), input.tokenId);
        if (found) return found;
        const result = await client.tevmContract({
          to: r.address,
          abi: r.abi,
          functionName: 'mint',
          args: [owner, input.tokenId, input.metadataUrl],
          from: minter,
          // A reverted call makes no transaction: the refusal is explained below.
          createTransaction: 'on-success',
          throwOnFail: false,
        });
        if (result.errors?.length)
          return r.refused(
            asPublic(client),
            input,
            new Error(`in-process EVM: POG mint failed: ${result.errors[0]?.message}`),
          );
        await client.tevmMine();
        const mined = await r.findMint(asPublic(client), input.tokenId);
        if (!mined) throw new Error('in-process EVM: the POG mint was mined but is not found');
        return mined;
      });
    },
  };
}

async function rpcChain(config: {
  url: string;
  chainId: number;
  contract: Address;
  minterKey: Hex;
  explorerUrl: string | undefined;
}): Promise<PogChain> {
  const network = `evm:${config.chainId}`;
  const r = await reader(config.contract, network, config.explorerUrl);
  const { createPublicClient, createWalletClient, defineChain, http } = r.viem;
  const { privateKeyToAccount } = await import('viem/accounts');
  const chain = defineChain({
    id: config.chainId,
    name: network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [config.url] } },
  });
  const client = createPublicClient({
    chain,
    transport: http(config.url, { timeout: 15_000, retryCount: 1 }),
    pollingInterval: 1_000,
  }) as PublicClient;
  // Sends are not retried by the transport: a lost answer is settled by looking the mint up instead.
  const wallet = createWalletClient({
    account: privateKeyToAccount(config.minterKey),
    chain,
    transport: http(config.url, { timeout: 30_000, retryCount: 0 }),
  });

  // The node must be on EVM_CHAIN_ID: a mint elsewhere would be a card on another chain.
  let checked: Promise<void> | null = null;
  const checkChain = () => {
    checked ??= client.getChainId().then((actual) => {
      if (actual !== config.chainId)
        throw new Error(`EVM_RPC_URL is on chain ${actual}, not EVM_CHAIN_ID ${config.chainId}`);
    });
    checked.catch(() => {
      checked = null;
    });
    return checked;
  };

  // One send at a time in this process: each takes the node's pending nonce after the previous send.
  let sending: Promise<unknown> = Promise.resolve();
  const serialSend = <T>(work: () => Promise<T>): Promise<T> => {
    const next = sending.then(work, work);
    sending = next.catch(() => undefined);
    return next;
  };

  async function mintOnce(input: PogMintInput, owner: Address): Promise<PogMintReceipt> {
    await checkChain();
    const found = await r.findMint(client, input.tokenId);
    if (found) return found;
    let hash: Hex;
    try {
      // Gas estimation runs the call first, so a mint the contract refuses is never sent.
      hash = await serialSend(() =>
        wallet.writeContract({
          address: r.address,
          abi: r.abi,
          functionName: 'mint',
          args: [owner, input.tokenId, input.metadataUrl],
        }),
      );
    } catch (err) {
      return r.refused(client, input, err);
    }
    const receipt = await client.waitForTransactionReceipt({ hash, timeout: 180_000 });
    // Ours normally; another process's when it got there first and ours reverted.
    const mined = await r.findMint(client, input.tokenId);
    if (mined) return mined;
    return r.refused(client, input, new Error(`POG: mint transaction ${hash} ${receipt.status}`));
  }

  // Concurrent mints of one token id in this process share one attempt.
  const inFlight = new Map<bigint, Promise<PogMintReceipt>>();
  return {
    kind: 'evm',
    engine: new URL(config.url).host,
    network,
    isAddress: r.isAddress,
    findMint: async (tokenId) => {
      await checkChain();
      return r.findMint(client, tokenId);
    },
    mint: async (input) => {
      const owner = r.checkInput(input);
      let attempt = inFlight.get(input.tokenId);
      if (!attempt) {
        attempt = mintOnce(input, owner).finally(() => inFlight.delete(input.tokenId));
        inFlight.set(input.tokenId, attempt);
      }
      return attempt;
    },
  };
}
