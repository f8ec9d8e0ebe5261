import type { MemoryClient } from '@tevm/memory-client';
import type { Address, Hex, PublicClient } from 'viem';
import type { Env } from '../../env.ts';
import { KhelTestCollectible, KhelTestToken } from './contracts/artifacts.ts';
import { KhelPog } from './pog-card/artifacts.ts';

/**
 * The EVM chain hold_token / hold_nft tasks read balances from and the POG card is minted on (DESIGN §8:
 * a real chain engine, never a pretend one); shared by the quests, quest-sandboxes and pog modules.
 * EVM_RPC_URL names one (any JSON-RPC node; its chain id is EVM_CHAIN_ID). Without it, outside production,
 * the chain is tevm's in-process EVM (chain id 31337), on which the first default account deploys the demo
 * quests' contracts, compiled from contracts/*.sol, then the POG card (pog-card/KhelPog.sol): so they sit
 * at the addresses Hardhat and anvil give the first three deployments. Its state lives in this process's
 * memory. viem and tevm load on the first balance check, not at start.
 */
export const DEV_CHAIN_ID = 31_337;
/** Hardhat's and anvil's first default account (its key is public: development only). */
export const DEV_DEPLOYER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The demo quests' contracts: the first two deployments of DEV_DEPLOYER (nonces 0 and 1). */
export const DEV_CONTRACTS = [
  {
    address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    kind: 'erc721',
    name: 'Colexion Card',
    symbol: 'CLXC',
  },
  {
    address: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    kind: 'erc20',
    name: 'THRONE',
    symbol: 'THRONE',
  },
] as const satisfies readonly { address: Address; kind: 'erc20' | 'erc721'; name: string; symbol: string }[];

/** The POG card (KhelPog, pog-card/; minted by modules/pog/chain/evm): DEV_DEPLOYER's third deployment (nonce 2), DEV_DEPLOYER its minter. */
export const DEV_POG_CONTRACT: Address = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';

const BALANCE_OF_ABI = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'owner', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

export interface EvmChain {
  chainId: number;
  /** `in-process` or the RPC's host. */
  engine: string;
  /** ERC-20 and ERC-721 `balanceOf(holder)`. Throws when the chain cannot answer (no contract, RPC down). */
  balanceOf(contract: Address, holder: Address): Promise<bigint>;
  /** Only on the in-process chain: mints test tokens (ERC-20 base units) or `amount` NFTs. */
  mint?(contract: Address, to: Address, amount: bigint): Promise<Hex[]>;
  /** Only on the in-process chain: its EIP-1193 request function (tests serve it as a JSON-RPC node). */
  request?(args: { method: string; params?: unknown }): Promise<unknown>;
  /**
   * Only on the in-process chain: runs `work` on its memory client alone, queued with every other call
   * and write, so a read-then-write (the POG mint) sees no other write in between.
   */
  exclusive?<T>(work: (client: MemoryClient) => Promise<T>): Promise<T>;
}

const chains = new WeakMap<Env, Promise<EvmChain | null>>();

/** The chain for this configuration, made once; null in production without EVM_RPC_URL. */
export function evmChain(env: Env): Promise<EvmChain | null> {
  let chain = chains.get(env);
  if (!chain) {
    chain = env.EVM_RPC_URL
      ? rpcChain(env.EVM_RPC_URL, env.EVM_CHAIN_ID)
      : env.NODE_ENV === 'production'
        ? Promise.resolve(null)
        : inProcessChain();
    // A failed start is not kept: the next check tries again.
    chain.catch(() => chains.delete(env));
    chains.set(env, chain);
  }
  return chain;
}

async function rpcChain(url: string, chainId: number): Promise<EvmChain> {
  const { createPublicClient, http } = await import('viem');
  const client = createPublicClient({ transport: http(url, { timeout: 10_000, retryCount: 1 }) });
  // The node must be on EVM_CHAIN_ID: a balance read on another chain would answer about other contracts.
  let checked: Promise<void> | null = null;
  const checkChain = () => {
    checked ??= client.getChainId().then((actual) => {
      if (actual !== chainId)
        throw new Error(`EVM_RPC_URL is on chain ${actual}, not EVM_CHAIN_ID ${chainId}`);
    });
    checked.catch(() => {
      checked = null;
    });
    return checked;
  };
  return {
    chainId,
    engine: new URL(url).host,
    balanceOf: async (contract, holder) => {
      await checkChain();
      return client.readContract({
        address: contract,
        abi: BALANCE_OF_ABI,
        functionName: 'balanceOf',
        args: [holder],
      });
    },
  };
}

async function inProcessChain(): Promise<EvmChain> {
  const [{ createMemoryClient }, { createCommon }, { hardhat }] = await Promise.all([
    import('@tevm/memory-client'),
    import('@tevm/common'),
    import('viem/chains'),
  ]);
  const client = createMemoryClient({
    common: createCommon({ ...hardhat, loggingLevel: 'warn', hardfork: 'cancun' }),
    loggingLevel: 'warn',
  });
  const publicClient = client as unknown as PublicClient;
  // The in-process engine runs one call at a time; writes are queued so mints never race for a nonce.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  async function deploy(
    artifact: { abi: readonly unknown[]; bytecode: Hex },
    args: unknown[],
    expected: Address,
  ) {
    const result = await client.tevmDeploy({
      abi: artifact.abi,
      bytecode: artifact.bytecode,
      args,
      from: DEV_DEPLOYER,
      createTransaction: true,
    } as never);
    await client.tevmMine();
    if (result.errors?.length) throw new Error(`in-process EVM: deploy failed: ${result.errors[0]?.message}`);
    if (result.createdAddress?.toLowerCase() !== expected.toLowerCase())
      throw new Error(`in-process EVM: deployed at ${result.createdAddress}, expected ${expected}`);
  }
  await deploy(KhelTestCollectible, ['Colexion Card', 'CLXC'], DEV_CONTRACTS[0].address);
  await deploy(KhelTestToken, ['THRONE', 'THRONE', 18], DEV_CONTRACTS[1].address);
  await deploy(KhelPog, [DEV_DEPLOYER], DEV_POG_CONTRACT);

  async function write(contract: Address, abi: readonly unknown[], functionName: string, args: unknown[]) {
    const result = await client.tevmContract({
      to: contract,
      abi,
      functionName,
      args,
      from: DEV_DEPLOYER,
      createTransaction: true,
    } as never);
    await client.tevmMine();
    if (result.errors?.length)
      throw new Error(`in-process EVM: ${functionName} failed: ${result.errors[0]?.message}`);
    return (result.txHash ?? '0x') as Hex;
  }

  return {
    chainId: DEV_CHAIN_ID,
    engine: 'in-process',
    request: (args) => serial(() => client.request(args as never)),
    exclusive: (work) => serial(() => work(client)),
    balanceOf: (contract, holder) =>
      serial(() =>
        publicClient.readContract({
          address: contract,
          abi: BALANCE_OF_ABI,
          functionName: 'balanceOf',
          args: [holder],
        }),
      ),
    mint: (contract, to, amount) =>
      serial(async () => {
        const known = DEV_CONTRACTS.find((c) => c.address.toLowerCase() === contract.toLowerCase());
        if (!known) throw new Error('in-process EVM: not one of the test contracts');
        if (known.kind === 'erc20') return [await write(contract, KhelTestToken.abi, 'mint', [to, amount])];
        const hashes: Hex[] = [];
        for (let i = 0n; i < amount; i++)
          hashes.push(await write(contract, KhelTestCollectible.abi, 'mint', [to]));
        return hashes;
      }),
  };
}
