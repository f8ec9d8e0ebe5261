import type { MemoryClient } from '@tevm/memory-client';
import {
  type Address,
  createWalletClient,
  decodeErrorResult,
  getAddress,
  http,
  type PublicClient,
  parseEventLogs,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../../env.ts';
import { DEV_DEPLOYER, DEV_POG_CONTRACT, type EvmChain, evmChain } from '../../../../lib/chain/evm.ts';
import { KhelPog } from '../../../../lib/chain/pog-card/artifacts.ts';
import type { PogChain } from '../types.ts';
import { deployPog, pogRpcEnv, type ServedEvmRpc, serveEvmRpc } from './evm-pog.test-support.ts';
import { PogHolderHasCardError, pogEvmChain } from './evm-pog.ts';

/** Hardhat's second default account (its key is public): funded on the in-process chain, not the minter. */
const OTHER: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const OTHER_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const newHolder = () => privateKeyToAddress(generatePrivateKey());
const metadataUrl = (id: bigint) => `https://khel.example/api/pog/metadata/${id}.json`;

let nextId = 1_000n;
const newTokenId = () => nextId++;

const pub = (client: MemoryClient) => client as unknown as PublicClient;

/** A read of KhelPog on the in-process chain. */
function read(chain: EvmChain, contract: Address, functionName: string, args: unknown[] = []) {
  return chain.exclusive!((client) =>
    pub(client).readContract({ address: contract, abi: KhelPog.abi, functionName, args } as never),
  ) as Promise<unknown>;
}

/** A call of KhelPog from `from` as the chain would run it: the name of the contract's error, or null when it succeeds. */
function refusal(chain: EvmChain, contract: Address, from: Address, functionName: string, args: unknown[]) {
  return chain.exclusive!(async (client) => {
    const result = await client.tevmContract({
      to: contract,
      abi: KhelPog.abi,
      functionName,
      args,
      from,
      createTransaction: 'never',
      throwOnFail: false,
    } as never);
    if (!result.errors?.length) return null;
    return decodeErrorResult({ abi: KhelPog.abi, data: result.rawData }).errorName;
  });
}

/** Sends a transaction from `from` (whatever it does) and mines it: whether it succeeded or reverted. */
function send(chain: EvmChain, contract: Address, from: Address, functionName: string, args: unknown[]) {
  return chain.exclusive!(async (client) => {
    const result = await client.tevmContract({
      to: contract,
      abi: KhelPog.abi,
      functionName,
      args,
      from,
      createTransaction: 'always',
      throwOnFail: false,
    } as never);
    await client.tevmMine();
    // tevm's receipts carry no status: the call's errors say it.
    return result.errors?.length ? 'reverted' : 'success';
  });
}

/** What every engine must do; `contract` is the KhelPog the chain mints on. */
function behavesAsPogChain(setUp: () => { pog: PogChain; chain: EvmChain; contract: Address }) {
  it('mints a locked card to its holder: ownerOf, tokenURI, locked(), Transfer and Locked events', async () => {
    const { pog, chain, contract } = setUp();
    const tokenId = newTokenId();
    const holder = newHolder();
    const receipt = await pog.mint({
      tokenId,
      owner: holder.toLowerCase(),
      metadataUrl: metadataUrl(tokenId),
    });
    expect(receipt).toMatchObject({
      chain: 'evm',
      network: 'evm:31337',
      contract: getAddress(contract),
      tokenId,
      owner: holder,
    });
    expect(receipt.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(receipt.block)).toBeGreaterThan(0n);
    expect(await read(chain, contract, 'ownerOf', [tokenId])).toBe(holder);
    expect(await read(chain, contract, 'balanceOf', [holder])).toBe(1n);
    expect(await read(chain, contract, 'tokenOfOwner', [holder])).toBe(tokenId);
    expect(await read(chain, contract, 'tokenURI', [tokenId])).toBe(metadataUrl(tokenId));
    expect(await read(chain, contract, 'locked', [tokenId])).toBe(true);
    expect(await read(chain, contract, 'getApproved', [tokenId])).toBe(zeroAddress);
    expect(await read(chain, contract, 'mintedAt', [tokenId])).toBe(BigInt(receipt.block));

    const tx = await chain.exclusive!((client) =>
      pub(client).getTransactionReceipt({ hash: receipt.txHash as `0x${string}` }),
    );
    const events = parseEventLogs({ abi: KhelPog.abi, logs: tx.logs });
    expect(events.map((e) => [e.eventName, e.args])).toEqual([
      ['Transfer', { from: zeroAddress, to: holder, tokenId }],
      ['Locked', { tokenId }],
    ]);
    expect(await pog.findMint(tokenId)).toEqual(receipt);
  });

  it('answers null for a token never minted, and the chain reverts locked() and ownerOf() for it', async () => {
    const { pog, chain, contract } = setUp();
    const tokenId = newTokenId();
    expect(await pog.findMint(tokenId)).toBeNull();
    expect(await refusal(chain, contract, OTHER, 'locked', [tokenId])).toBe('NoSuchToken');
    expect(await refusal(chain, contract, OTHER, 'ownerOf', [tokenId])).toBe('NoSuchToken');
    expect(await refusal(chain, contract, OTHER, 'tokenURI', [tokenId])).toBe('NoSuchToken');
  });

  it('a second mint of the same token id answers the first receipt and makes no second token', async () => {
    const { pog, chain, contract } = setUp();
    const tokenId = newTokenId();
    const holder = newHolder();
    const first = await pog.mint({ tokenId, owner: holder, metadataUrl: metadataUrl(tokenId) });
    // Even to another holder: the token id is taken, the answer is the mint that happened.
    const again = await pog.mint({ tokenId, owner: newHolder(), metadataUrl: 'https://other.example/x' });
    expect(again).toEqual(first);
    expect(await read(chain, contract, 'ownerOf', [tokenId])).toBe(holder);
    expect(await read(chain, contract, 'tokenURI', [tokenId])).toBe(metadataUrl(tokenId));
  });

  it('two concurrent mints of one token id make one token, and both answer its transaction', async () => {
    const { pog, chain, contract } = setUp();
    const tokenId = newTokenId();
    const holder = newHolder();
    const input = { tokenId, owner: holder, metadataUrl: metadataUrl(tokenId) };
    const [a, b] = await Promise.all([pog.mint(input), pog.mint(input)]);
    expect(a.txHash).toBe(b.txHash);
    expect(a).toEqual(b);
    expect(await read(chain, contract, 'balanceOf', [holder])).toBe(1n);
  });

  it('refuses a second card for a holder (another token id): PogHolderHasCardError, nothing minted', async () => {
    const { pog, chain, contract } = setUp();
    const holder = newHolder();
    const [first, second] = [newTokenId(), newTokenId()];
    await pog.mint({ tokenId: first, owner: holder, metadataUrl: metadataUrl(first) });
    const refused = pog.mint({ tokenId: second, owner: holder, metadataUrl: metadataUrl(second) });
    await expect(refused).rejects.toBeInstanceOf(PogHolderHasCardError);
    await expect(refused).rejects.toMatchObject({ owner: holder, tokenId: second });
    expect(await pog.findMint(second)).toBeNull();
    expect(await read(chain, contract, 'balanceOf', [holder])).toBe(1n);
  });

  it('refuses an owner that is not an EVM address', async () => {
    const { pog } = setUp();
    expect(pog.isAddress(newHolder())).toBe(true);
    expect(pog.isAddress('UQAbc')).toBe(false);
    await expect(pog.mint({ tokenId: newTokenId(), owner: '0x12', metadataUrl: 'x' })).rejects.toThrow(
      /not an EVM address/,
    );
  });
}

describe('KhelPog on the in-process chain (tevm)', () => {
  let chain: EvmChain;
  let pog: PogChain;
  beforeAll(async () => {
    const env = loadEnv({ NODE_ENV: 'test' });
    chain = (await evmChain(env))!;
    pog = (await pogEvmChain(env))!;
    expect(await pogEvmChain(env)).toBe(pog);
  });

  it('is the dev deployer’s third deployment, minted by the dev deployer', async () => {
    expect(pog).toMatchObject({ kind: 'evm', engine: 'in-process', network: 'evm:31337' });
    expect(await read(chain, DEV_POG_CONTRACT, 'name')).toBe('Khel Proof of Gamer');
    expect(await read(chain, DEV_POG_CONTRACT, 'symbol')).toBe('POG');
    expect(await read(chain, DEV_POG_CONTRACT, 'minter')).toBe(DEV_DEPLOYER);
    expect(await read(chain, DEV_POG_CONTRACT, 'admin')).toBe(DEV_DEPLOYER);
  });

  behavesAsPogChain(() => ({ pog, chain, contract: DEV_POG_CONTRACT }));

  it('supports ERC-165, ERC-721, ERC-721 Metadata and ERC-5192, nothing else', async () => {
    const supports = (id: string) => read(chain, DEV_POG_CONTRACT, 'supportsInterface', [id]);
    for (const id of ['0x01ffc9a7', '0x80ac58cd', '0x5b5e139f', '0xb45a3c0e'])
      expect(await supports(id)).toBe(true);
    expect(await supports('0x780e9d63')).toBe(false); // ERC-721 Enumerable
    expect(await supports('0xffffffff')).toBe(false);
  });

  it('is soulbound: the holder cannot transfer, safe-transfer or approve (the chain refuses)', async () => {
    const tokenId = newTokenId();
    // A funded account, so its transactions reach the chain and are refused there.
    await pog.mint({ tokenId, owner: OTHER, metadataUrl: metadataUrl(tokenId) });
    const to = newHolder();
    const attempts: [string, unknown[]][] = [
      ['transferFrom', [OTHER, to, tokenId]],
      ['safeTransferFrom', [OTHER, to, tokenId]],
      ['safeTransferFrom', [OTHER, to, tokenId, '0x']],
      ['approve', [to, tokenId]],
      ['setApprovalForAll', [to, true]],
    ];
    for (const [fn, args] of attempts) {
      expect(await refusal(chain, DEV_POG_CONTRACT, OTHER, fn, args)).toBe('Soulbound');
      expect(await send(chain, DEV_POG_CONTRACT, OTHER, fn, args)).toBe('reverted');
    }
    expect(await read(chain, DEV_POG_CONTRACT, 'ownerOf', [tokenId])).toBe(OTHER);
    expect(await read(chain, DEV_POG_CONTRACT, 'balanceOf', [to])).toBe(0n);
    expect(await read(chain, DEV_POG_CONTRACT, 'isApprovedForAll', [OTHER, to])).toBe(false);
  });

  it('only the minter mints; only the admin changes the minter', async () => {
    const contract = await deployPog(chain);
    const tokenId = newTokenId();
    expect(await refusal(chain, contract, OTHER, 'mint', [OTHER, tokenId, 'x'])).toBe('NotMinter');
    expect(await refusal(chain, contract, OTHER, 'setMinter', [OTHER])).toBe('NotAdmin');
    expect(await send(chain, contract, DEV_DEPLOYER, 'setMinter', [OTHER])).toBe('success');
    expect(await read(chain, contract, 'minter')).toBe(OTHER);
    expect(await refusal(chain, contract, DEV_DEPLOYER, 'mint', [OTHER, tokenId, 'x'])).toBe('NotMinter');
    expect(await send(chain, contract, OTHER, 'mint', [OTHER, tokenId, 'x'])).toBe('success');
    expect(await read(chain, contract, 'ownerOf', [tokenId])).toBe(OTHER);
  });

  it('the contract itself refuses a taken token id, a second card for a holder and the zero address', async () => {
    const tokenId = newTokenId();
    const holder = newHolder();
    await pog.mint({ tokenId, owner: holder, metadataUrl: metadataUrl(tokenId) });
    const mint = (to: Address, id: bigint) =>
      refusal(chain, DEV_POG_CONTRACT, DEV_DEPLOYER, 'mint', [to, id, 'x']);
    expect(await mint(newHolder(), tokenId)).toBe('TokenExists');
    expect(await mint(holder, newTokenId())).toBe('HolderHasCard');
    expect(await mint(zeroAddress, newTokenId())).toBe('ZeroAddress');
    expect(await mint(newHolder(), newTokenId())).toBeNull();
  });

  it('is null in production without EVM_RPC_URL, and with EVM_RPC_URL but without the POG settings', async () => {
    expect(await pogEvmChain(loadEnv({ NODE_ENV: 'production' }))).toBeNull();
    expect(await pogEvmChain(loadEnv({ NODE_ENV: 'test', EVM_RPC_URL: 'http://127.0.0.1:9' }))).toBeNull();
  });
});

describe('KhelPog through EVM_RPC_URL (viem over HTTP JSON-RPC, POG_EVM_CONTRACT, POG_EVM_MINTER_KEY)', () => {
  let chain: EvmChain;
  let contract: Address;
  let rpc: ServedEvmRpc;
  let pog: PogChain;
  let sent = 0;
  let dropNextAnswer = false;
  const rpcPog = async (more: Record<string, string> = {}) =>
    (await pogEvmChain(loadEnv({ NODE_ENV: 'test', ...pogRpcEnv(rpc.url, contract), ...more })))!;

  beforeAll(async () => {
    chain = (await evmChain(loadEnv({ NODE_ENV: 'test' })))!;
    contract = await deployPog(chain);
    rpc = await serveEvmRpc(chain, {
      onSendRawTransaction: () => {
        sent++;
        if (dropNextAnswer) {
          dropNextAnswer = false;
          throw new Error('the sender is gone');
        }
      },
    });
    pog = await rpcPog({ EVM_EXPLORER_URL: 'https://explorer.example/tx/{txHash}' });
  });
  afterAll(() => rpc?.close());

  it('names the node and links the explorer', async () => {
    expect(pog).toMatchObject({ kind: 'evm', engine: new URL(rpc.url).host, network: 'evm:31337' });
    const tokenId = newTokenId();
    const receipt = await pog.mint({ tokenId, owner: newHolder(), metadataUrl: metadataUrl(tokenId) });
    expect(receipt.explorerUrl).toBe(`https://explorer.example/tx/${receipt.txHash}`);
  });

  behavesAsPogChain(() => ({ pog, chain, contract }));

  it('sends nothing for a token already minted', async () => {
    const tokenId = newTokenId();
    const first = await pog.mint({ tokenId, owner: newHolder(), metadataUrl: metadataUrl(tokenId) });
    const before = sent;
    expect(await pog.mint({ tokenId, owner: newHolder(), metadataUrl: metadataUrl(tokenId) })).toEqual(first);
    expect(sent).toBe(before);
  });

  it('two processes minting one token id at once: one token, both answer its transaction', async () => {
    const other = await rpcPog({ EVM_EXPLORER_URL: 'https://explorer.example/tx/{txHash}' });
    expect(other).not.toBe(pog);
    const tokenId = newTokenId();
    const holder = newHolder();
    const input = { tokenId, owner: holder, metadataUrl: metadataUrl(tokenId) };
    const [a, b] = await Promise.all([pog.mint(input), other.mint(input)]);
    expect(a).toEqual(b);
    expect(await read(chain, contract, 'balanceOf', [holder])).toBe(1n);
  });

  it('a mint whose answer never came back is found, not sent again, by the same process and by a restarted one', async () => {
    const tokenId = newTokenId();
    const holder = newHolder();
    const input = { tokenId, owner: holder, metadataUrl: metadataUrl(tokenId) };
    const before = sent;
    dropNextAnswer = true;
    // The node executed the transaction and dropped the connection: the send fails, the lookup finds it.
    const receipt = await pog.mint(input);
    expect(sent).toBe(before + 1);
    expect(receipt).toMatchObject({ tokenId, owner: holder });
    expect(await read(chain, contract, 'ownerOf', [tokenId])).toBe(holder);
    const restarted = await rpcPog({ EVM_EXPLORER_URL: 'https://explorer.example/tx/{txHash}' });
    expect(await restarted.mint(input)).toEqual(receipt);
    expect(await restarted.findMint(tokenId)).toEqual(receipt);
    expect(sent).toBe(before + 1);
  });

  it('is soulbound through the node too: the holder’s own transfer and approvals are refused', async () => {
    const tokenId = newTokenId();
    await pog.mint({ tokenId, owner: OTHER, metadataUrl: metadataUrl(tokenId) });
    const holder = createWalletClient({
      account: privateKeyToAccount(OTHER_KEY),
      chain: { ...hardhat, rpcUrls: { default: { http: [rpc.url] } } },
      transport: http(rpc.url, { retryCount: 0 }),
    });
    const to = newHolder();
    const before = sent;
    const tries = [
      () =>
        holder.writeContract({
          address: contract,
          abi: KhelPog.abi,
          functionName: 'transferFrom',
          args: [OTHER, to, tokenId],
        }),
      () =>
        holder.writeContract({
          address: contract,
          abi: KhelPog.abi,
          functionName: 'safeTransferFrom',
          args: [OTHER, to, tokenId],
        }),
      () =>
        holder.writeContract({
          address: contract,
          abi: KhelPog.abi,
          functionName: 'safeTransferFrom',
          args: [OTHER, to, tokenId, '0x'],
        }),
      () =>
        holder.writeContract({
          address: contract,
          abi: KhelPog.abi,
          functionName: 'approve',
          args: [to, tokenId],
        }),
      () =>
        holder.writeContract({
          address: contract,
          abi: KhelPog.abi,
          functionName: 'setApprovalForAll',
          args: [to, true],
        }),
    ];
    for (const attempt of tries) await expect(attempt()).rejects.toThrow();
    expect(sent).toBe(before);
    expect(await read(chain, contract, 'ownerOf', [tokenId])).toBe(OTHER);
  });

  it('refuses to mint when the node is on another chain than EVM_CHAIN_ID', async () => {
    const wrong = await rpcPog({ EVM_CHAIN_ID: '1' });
    const tokenId = newTokenId();
    await expect(wrong.mint({ tokenId, owner: newHolder(), metadataUrl: 'x' })).rejects.toThrow(
      /not EVM_CHAIN_ID 1/,
    );
    expect(await pog.findMint(tokenId)).toBeNull();
  });
});
