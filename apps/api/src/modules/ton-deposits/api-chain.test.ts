import { Address, beginCell, storeTransaction, type Transaction } from '@ton/core';
import { Blockchain, internal } from '@ton/sandbox';
import { describe, expect, it } from 'vitest';
import { tonApiDepositChain } from './api-chain.ts';
import type { TonInbound, TonTxId } from './chain.ts';

const comment = (text: string) => beginCell().storeUint(0, 32).storeStringTail(text).endCell();

/**
 * A toncenter v2 getTransactions over real transactions of the emulator: newest first, `limit` of them,
 * starting AT the transaction named by lt + hash (base64) when given, each with its BOC in `data`.
 */
function fakeToncenter(address: Address, txs: Transaction[], seen: URL[]) {
  const newestFirst = [...txs].reverse();
  return (async (input: string | URL | Request) => {
    const url = new URL(String(input));
    seen.push(url);
    expect(url.pathname).toBe('/api/v2/getTransactions');
    expect(Address.parse(url.searchParams.get('address')!).equals(address)).toBe(true);
    const limit = Number(url.searchParams.get('limit'));
    const lt = url.searchParams.get('lt');
    const hash = url.searchParams.get('hash');
    let start = 0;
    if (lt && hash)
      start = newestFirst.findIndex((tx) => tx.lt.toString() === lt && tx.hash().toString('base64') === hash);
    const result = newestFirst.slice(start, start + limit).map((tx) => ({
      data: beginCell().store(storeTransaction(tx)).endCell().toBoc().toString('base64'),
      transaction_id: { lt: tx.lt.toString(), hash: tx.hash().toString('base64') },
    }));
    return new Response(JSON.stringify({ ok: true, result }), { status: 200 });
  }) as typeof fetch;
}

describe('the deposit wallet through a toncenter v2 API', () => {
  it('pages the wallet’s inbound transactions newest first and reads their memo, value and bounce', async () => {
    const blockchain = await Blockchain.create();
    const wallet = await blockchain.treasury('khel-ton-deposit-test');
    const txs: Transaction[] = [];
    for (let i = 0; i < 7; i++) {
      const result = await blockchain.sendMessage(
        internal({
          from: new Address(0, Buffer.alloc(32, i + 1)),
          to: wallet.address,
          value: BigInt(i + 1) * 100_000_000n,
          body: comment(`KHEL-000${i}-AAAA`),
          bounced: i === 6,
        }),
      );
      txs.push(
        ...result.transactions.filter(
          (tx) => tx.inMessage?.info.dest?.toString() === wallet.address.toString(),
        ),
      );
    }
    const seen: URL[] = [];
    const chain = await tonApiDepositChain(
      { url: 'https://toncenter.test/api/v2/', network: 'testnet', address: wallet.address.toString() },
      fakeToncenter(wallet.address, txs, seen),
    );
    expect(chain.network).toBe('ton:testnet');

    const all: TonInbound[] = [];
    let before: TonTxId | undefined;
    for (;;) {
      const page = await chain.inbound({ limit: 3, ...(before ? { before } : {}) });
      all.push(...page.items);
      if (!page.next) break;
      before = page.next;
    }
    expect(all.map((t) => t.comment)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `KHEL-000${i}-AAAA`));
    expect(all.map((t) => t.value)).toEqual([7, 6, 5, 4, 3, 2, 1].map((n) => BigInt(n) * 100_000_000n));
    expect(all.map((t) => t.bounced)).toEqual([true, false, false, false, false, false, false]);
    expect(all[0]!.hash).toBe(txs[6]!.hash().toString('hex'));
    expect(all.every((t) => t.destination === wallet.address.toRawString())).toBe(true);
    // After the first page, each asks one more from the last one seen (toncenter answers it first).
    expect(seen[1]!.searchParams.get('limit')).toBe('4');
    expect(seen[1]!.searchParams.get('hash')).toBe(txs[4]!.hash().toString('base64'));
  });

  it('refuses an address that is not one, and a failed answer', async () => {
    await expect(
      tonApiDepositChain({ url: 'https://toncenter.test/api/v2', network: 'mainnet', address: 'nope' }),
    ).rejects.toThrow('TON_DEPOSIT_ADDRESS');
    const chain = await tonApiDepositChain(
      {
        url: 'https://toncenter.test/api/v2',
        network: 'mainnet',
        address: new Address(0, Buffer.alloc(32)).toString(),
      },
      (async () =>
        new Response(JSON.stringify({ ok: false, error: 'rate limited' }), { status: 429 })) as typeof fetch,
    );
    await expect(chain.inbound({ limit: 5 })).rejects.toThrow('rate limited');
  });
});
