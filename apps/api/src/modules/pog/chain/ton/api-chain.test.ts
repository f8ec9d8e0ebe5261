import {
  Address,
  beginCell,
  Cell,
  contractAddress,
  internal,
  loadMessage,
  loadMessageRelaxed,
  type Transaction,
  type TupleItem,
  toNano,
} from '@ton/core';
import { mnemonicNew, mnemonicToPrivateKey, signVerify } from '@ton/crypto';
import { Blockchain, GetMethodError, type SandboxContract, type TreasuryContract } from '@ton/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import { readWalletPublicKey } from '../../../auth/ton-proof.ts';
import { deployPogTonCollection, MINT_VALUE, readStackEntry, tonApiPogChain } from './api-chain.ts';
import { collectionStateInit, itemAddress, mintBody, TON_OP } from './messages.ts';
import { DEFAULT_SUBWALLET_ID, WALLET_SEND_MODE, walletV4, walletV4Transfer } from './wallet-v4.ts';

/**
 * The TON API adapter. Its messages are checked cell by cell; then it mints for real on the emulator
 * through a fake toncenter v2 API (the endpoints it uses, answered from @ton/sandbox), so the signed
 * wallet message, the seqno, the polling and the receipt are those a real network would see.
 */

let words: string[];
let keys: { publicKey: Buffer; secretKey: Buffer };
beforeAll(async () => {
  words = await mnemonicNew(24);
  keys = await mnemonicToPrivateKey(words);
});

describe('the minter wallet (v4R2)', () => {
  it('is the standard v4R2 wallet: the code auth/ton-proof.ts knows, the key in its data', () => {
    const wallet = walletV4(keys.publicKey);
    const known = readWalletPublicKey(wallet.init);
    expect(known?.version).toBe('v4R2');
    expect(known?.publicKey.equals(keys.publicKey)).toBe(true);
    expect(wallet.address.equals(contractAddress(0, wallet.init))).toBe(true);
    expect(wallet.subwalletId).toBe(DEFAULT_SUBWALLET_ID);
  });

  it('signs an external message: subwallet, valid until, seqno, op 0, one mode-3 message', () => {
    const wallet = walletV4(keys.publicKey);
    const collection = Address.parse(`0:${'11'.repeat(32)}`);
    const holder = Address.parse(`0:${'22'.repeat(32)}`);
    const body = mintBody({ queryId: 5n, index: 12n, holder, metadataUrl: 'https://k.example/12.json' });
    const boc = walletV4Transfer({
      wallet,
      secretKey: keys.secretKey,
      seqno: 7,
      validUntil: 1_900_000_000,
      deploy: true,
      messages: [internal({ to: collection, value: MINT_VALUE, bounce: true, body })],
    });
    const message = loadMessage(boc.beginParse());
    expect(message.info.type).toBe('external-in');
    expect(message.info.dest?.toString()).toBe(wallet.address.toString());
    expect(message.init?.code?.equals(wallet.init.code!)).toBe(true);

    const s = message.body.beginParse();
    const signature = s.loadBuffer(64);
    const signedCell = s.asCell();
    expect(signVerify(signedCell.hash(), signature, keys.publicKey)).toBe(true);
    expect(s.loadUint(32)).toBe(DEFAULT_SUBWALLET_ID);
    expect(s.loadUint(32)).toBe(1_900_000_000);
    expect(s.loadUint(32)).toBe(7);
    expect(s.loadUint(8)).toBe(0);
    expect(s.loadUint(8)).toBe(WALLET_SEND_MODE);
    const inner = loadMessageRelaxed(s.loadRef().beginParse());
    expect(inner.info.type === 'internal' && inner.info.dest.equals(collection)).toBe(true);
    expect(inner.info.type === 'internal' && inner.info.value.coins).toBe(MINT_VALUE);
    expect(inner.body.equals(body)).toBe(true);
    expect(s.remainingRefs).toBe(0);

    const deployed = walletV4Transfer({
      wallet,
      secretKey: keys.secretKey,
      seqno: 8,
      validUntil: 1_900_000_000,
      deploy: false,
      messages: [internal({ to: collection, value: MINT_VALUE, bounce: true, body })],
    });
    expect(loadMessage(deployed.beginParse()).init).toBeFalsy();
  });
});

describe('toncenter stack entries', () => {
  it('reads numbers in hex (signed), cells, slices and null', () => {
    expect(readStackEntry(['num', '0x1f'])).toEqual({ type: 'int', value: 31n });
    expect(readStackEntry(['num', '-0x1'])).toEqual({ type: 'int', value: -1n });
    expect(readStackEntry(['num', '12'])).toEqual({ type: 'int', value: 12n });
    const cell = beginCell().storeUint(5, 8).endCell();
    const bytes = cell.toBoc().toString('base64');
    const read = readStackEntry(['cell', { bytes }]);
    expect(read.type === 'cell' && read.cell.equals(cell)).toBe(true);
    expect(readStackEntry(['slice', { bytes }]).type).toBe('slice');
    expect(readStackEntry(['null', null])).toEqual({ type: 'null' });
    expect(() => readStackEntry(['list', {}])).toThrow();
  });
});

/** The toncenter v2 methods the adapter calls, answered from an emulator. */
function fakeToncenter(chain: Blockchain) {
  const transactions: Transaction[] = [];
  const calls: string[] = [];
  const pending: Promise<void>[] = [];
  const answer = (result: unknown, status = 200) =>
    new Response(JSON.stringify(status === 200 ? { ok: true, result } : { ok: false, error: result }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const toEntry = (item: TupleItem): [string, unknown] => {
    if (item.type === 'int') {
      return ['num', item.value < 0n ? `-0x${(-item.value).toString(16)}` : `0x${item.value.toString(16)}`];
    }
    if (item.type === 'cell' || item.type === 'slice') {
      return [item.type, { bytes: item.cell.toBoc().toString('base64') }];
    }
    if (item.type === 'null') return ['null', null];
    throw new Error(`fake toncenter: no ${item.type}`);
  };
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input));
    const method = url.pathname.split('/').at(-1)!;
    calls.push(method);
    const body = init?.body ? JSON.parse(String(init.body)) : null;
    if (method === 'getAddressInformation') {
      const contract = await chain.getContract(Address.parse(url.searchParams.get('address')!));
      const state = contract.accountState;
      return answer({
        balance: contract.balance.toString(),
        state: state?.type === 'active' ? 'active' : state?.type === 'frozen' ? 'frozen' : 'uninitialized',
        code: state?.type === 'active' && state.state.code ? state.state.code.toBoc().toString('base64') : '',
      });
    }
    if (method === 'runGetMethod') {
      try {
        const r = await chain.runGetMethod(Address.parse(body.address), body.method, []);
        return answer({ exit_code: r.exitCode, stack: r.stack.map(toEntry) });
      } catch (error) {
        if (error instanceof GetMethodError) return answer({ exit_code: error.exitCode, stack: [] });
        return answer({ exit_code: -13, stack: [] });
      }
    }
    if (method === 'sendBoc') {
      const message = Cell.fromBase64(body.boc);
      // Accepted now, applied a moment later, as a network does.
      pending.push(
        new Promise<void>((resolve) => setTimeout(resolve, 30)).then(async () => {
          const result = await chain.sendMessage(message);
          transactions.push(...result.transactions);
        }),
      );
      return answer({ '@type': 'ok' });
    }
    if (method === 'getTransactions') {
      const address = Address.parse(url.searchParams.get('address')!);
      const own = transactions
        .filter((tx) => tx.address === BigInt(`0x${address.hash.toString('hex')}`))
        .sort((a, b) => (a.lt > b.lt ? -1 : 1));
      const lt = url.searchParams.get('lt');
      const start = lt ? own.findIndex((tx) => tx.lt.toString() === lt) : 0;
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return answer(
        own.slice(start, start + limit).map((tx) => ({
          transaction_id: { lt: tx.lt.toString(), hash: tx.hash().toString('base64') },
          data: tx.raw.toBoc().toString('base64'),
          utime: tx.now,
        })),
      );
    }
    return answer(`no method ${method}`, 404);
  }) as typeof fetch;
  return { fetch: fetchFn, calls, transactions, settled: () => Promise.all(pending) };
}

describe('tonApiPogChain against a toncenter API (emulated)', () => {
  let chain: Blockchain;
  let treasury: SandboxContract<TreasuryContract>;
  let collection: Address;
  const holder = Address.parse(`0:${'ab'.repeat(32)}`);
  const url = (n: bigint) => `https://khel.example/api/pog/cards/${n}.json`;
  const COLLECTION_URL = 'https://khel.example/api/pog/ton/collection.json';

  beforeAll(async () => {
    chain = await Blockchain.create();
    treasury = await chain.treasury('funder');
    const wallet = walletV4(keys.publicKey);
    // The minter wallet has coins but is not deployed: its first message (the collection's deployment)
    // carries its state init.
    await treasury.send({ to: wallet.address, value: toNano('10'), bounce: false });
    const api = fakeToncenter(chain);
    const deploy = () =>
      deployPogTonCollection(
        { url: 'https://toncenter.example/api/v2', network: 'testnet', mnemonic: words.join(' ') },
        COLLECTION_URL,
        { fetch: api.fetch, pollIntervalMs: 20 },
      );
    const address = await deploy();
    collection = Address.parse(address);
    expect(address).toBe(
      contractAddress(0, collectionStateInit(wallet.address, COLLECTION_URL)).toString({ testOnly: true }),
    );
    expect((await chain.getContract(wallet.address)).accountState?.type).toBe('active');
    expect((await chain.getContract(collection)).accountState?.type).toBe('active');
    // Deployed already: nothing sent.
    expect(await deploy()).toBe(address);
    expect(api.calls.filter((c) => c === 'sendBoc')).toHaveLength(1);
  });

  const config = () => ({
    url: 'https://toncenter.example/api/v2/',
    network: 'testnet' as const,
    collection: collection.toString(),
    mnemonic: words.join(' '),
  });

  it('mints through a signed wallet message and answers the deploying transaction; idempotent', async () => {
    const api = fakeToncenter(chain);
    const pog = await tonApiPogChain(config(), { fetch: api.fetch, pollIntervalMs: 20 });
    expect(pog).toMatchObject({ kind: 'ton', engine: 'toncenter.example', network: 'ton:testnet' });
    expect(await pog.findMint(1n)).toBeNull();

    const receipt = await pog.mint({ tokenId: 1n, owner: holder.toRawString(), metadataUrl: url(1n) });
    const item = itemAddress(collection, 1n);
    const deployTx = api.transactions.find((tx) => tx.hash().toString('hex') === receipt.txHash);
    expect(deployTx?.address).toBe(BigInt(`0x${item.hash.toString('hex')}`));
    expect(deployTx?.inMessage?.body.beginParse().loadUint(32)).toBe(TON_OP.itemInit);
    expect(receipt).toEqual({
      chain: 'ton',
      network: 'ton:testnet',
      contract: collection.toString({ bounceable: true, testOnly: true }),
      tokenId: 1n,
      owner: holder.toString({ bounceable: false, testOnly: true }),
      txHash: receipt.txHash,
      block: deployTx!.lt.toString(),
      explorerUrl: `https://testnet.tonviewer.com/transaction/${receipt.txHash}`,
    });
    expect(api.calls.filter((c) => c === 'sendBoc')).toHaveLength(1);

    expect(await pog.findMint(1n)).toEqual(receipt);
    expect(await pog.mint({ tokenId: 1n, owner: holder.toRawString(), metadataUrl: url(1n) })).toEqual(
      receipt,
    );
    expect(api.calls.filter((c) => c === 'sendBoc')).toHaveLength(1);

    // Two at once: one message (the wallet's next seqno), one receipt.
    const [a, b] = await Promise.all([
      pog.mint({ tokenId: 2n, owner: holder.toString(), metadataUrl: url(2n) }),
      pog.mint({ tokenId: 2n, owner: holder.toString(), metadataUrl: url(2n) }),
    ]);
    expect(a).toEqual(b);
    expect(a.txHash).not.toBe(receipt.txHash);
    expect(api.calls.filter((c) => c === 'sendBoc')).toHaveLength(2);
    await api.settled();

    // Another process over the same network finds the mint.
    const later = await tonApiPogChain(config(), { fetch: fakeToncenter(chain).fetch });
    // (its fake API has no transaction history: it cannot give the receipt, and says so)
    await expect(later.findMint(2n)).rejects.toThrow(/deploying transaction/);
    const sameApi = await tonApiPogChain(config(), { fetch: api.fetch });
    expect(await sameApi.findMint(2n)).toEqual(a);
  });

  it('refuses a collection the minter wallet does not own, and a bad mnemonic', async () => {
    const init = collectionStateInit(treasury.address, 'https://khel.example/other.json');
    const foreign = contractAddress(0, init);
    await treasury.send({ to: foreign, value: toNano('0.5'), init });
    const api = fakeToncenter(chain);
    const pog = await tonApiPogChain({ ...config(), collection: foreign.toString() }, { fetch: api.fetch });
    await expect(pog.findMint(1n)).rejects.toThrow(/belongs to/);
    await expect(pog.mint({ tokenId: 1n, owner: holder.toString(), metadataUrl: url(1n) })).rejects.toThrow(
      /belongs to/,
    );
    expect(api.calls).not.toContain('sendBoc');

    await expect(tonApiPogChain({ ...config(), mnemonic: 'not a mnemonic' })).rejects.toThrow(/24-word/);
    await expect(tonApiPogChain({ ...config(), collection: 'nope' })).rejects.toThrow(/not a TON address/);
  });
});
