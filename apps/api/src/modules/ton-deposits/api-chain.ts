import { Address, Cell, loadTransaction } from '@ton/core';
import { inboundPage, type TonDepositChain } from './chain.ts';

/**
 * Khel's deposit wallet on a real TON network, read through a toncenter v2-compatible API
 * (`getTransactions`: the account's transactions newest first, each with its BOC in `data`, paged by
 * `lt` + `hash`). Only reading: the wallet's address is all it needs (TON_DEPOSIT_ADDRESS), no key.
 */
export interface TonDepositApiConfig {
  url: string;
  apiKey?: string | undefined;
  network: 'mainnet' | 'testnet';
  address: string;
}

export async function tonApiDepositChain(
  config: TonDepositApiConfig,
  fetchFn: typeof fetch = fetch,
): Promise<TonDepositChain> {
  let address: Address;
  try {
    address = Address.parse(config.address);
  } catch {
    throw new Error('TON_DEPOSIT_ADDRESS is not a TON address');
  }
  const root = config.url.replace(/\/+$/, '');
  return {
    network: `ton:${config.network}`,
    address,
    async inbound({ limit, before }) {
      // toncenter answers the transaction named by lt + hash first: ask one more and drop it.
      const query = new URLSearchParams({
        address: address.toString(),
        limit: String(before ? limit + 1 : limit),
        archival: 'true',
      });
      if (before) {
        query.set('lt', before.lt.toString());
        query.set('hash', Buffer.from(before.hash, 'hex').toString('base64'));
      }
      const headers: Record<string, string> = { accept: 'application/json' };
      if (config.apiKey) headers['x-api-key'] = config.apiKey;
      const res = await fetchFn(`${root}/getTransactions?${query}`, {
        headers,
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await res.json().catch(() => null)) as {
        ok?: boolean;
        result?: { data: string }[];
        error?: string;
      } | null;
      if (!res.ok || !json?.ok || !Array.isArray(json.result)) {
        throw new Error(`TON API getTransactions failed: ${json?.error ?? `HTTP ${res.status}`}`);
      }
      const list = json.result.map((entry) => loadTransaction(Cell.fromBase64(entry.data).beginParse()));
      const fresh = before ? list.filter((tx) => tx.hash().toString('hex') !== before.hash) : list;
      return inboundPage(fresh, limit);
    },
  };
}
