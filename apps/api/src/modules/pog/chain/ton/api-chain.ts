import {
  type Address,
  Cell,
  contractAddress,
  internal,
  loadTransaction,
  type MessageRelaxed,
  type Transaction,
  type TupleItem,
  TupleReader,
  toNano,
} from '@ton/core';
import { mnemonicToPrivateKey, mnemonicValidate } from '@ton/crypto';
import type { PogChain, PogMintInput, PogMintReceipt } from '../types.ts';
import {
  checkIndex,
  collectionStateInit,
  type ItemInit,
  itemAddress,
  mintBody,
  mintReceipt,
  parseTonAddress,
  readItemDeploy,
  tonCodes,
} from './messages.ts';
import { walletV4, walletV4Transfer } from './wallet-v4.ts';

/**
 * The POG collection on a real TON network, through a toncenter v2-compatible HTTP API (fetch and
 * @ton/core only). The minter wallet (v4R2, from its mnemonic) owns the collection: a mint is an
 * external message signed here that makes the wallet send PogMint to the collection; then the item's
 * get_nft_data is polled until it is initialised, and its deploying transaction is the receipt.
 */
export interface TonApiConfig {
  /** The API root, e.g. https://toncenter.com/api/v2 (methods are appended: /runGetMethod, …). */
  url: string;
  apiKey?: string | undefined;
  network: 'mainnet' | 'testnet';
  collection: string;
  mnemonic: string;
}

export interface TonApiOptions {
  fetch?: typeof fetch;
  /** Between two looks at the item while a mint settles (default 3 s). */
  pollIntervalMs?: number;
  /** How long a mint may take to settle before it fails (default 3 minutes). */
  settleTimeoutMs?: number;
  /** How long the wallet accepts the signed message (default 2 minutes). */
  validForSeconds?: number;
  now?: () => number;
}

/** Coins sent with a mint: the item keeps 0.01 TON for its storage and the rest comes back. */
export const MINT_VALUE = toNano('0.05');

export async function tonApiPogChain(config: TonApiConfig, options: TonApiOptions = {}): Promise<PogChain> {
  const collection = parseTonAddress(config.collection);
  if (!collection) throw new Error('POG_TON_COLLECTION is not a TON address');
  const minter = await openMinter(config, options);
  const { api, wallet } = minter;
  const network = `ton:${config.network}`;
  const testOnly = config.network === 'testnet';
  const explorer = (hash: string) => `https://${testOnly ? 'testnet.' : ''}tonviewer.com/transaction/${hash}`;

  // Once: the collection is a PogCollection of this build, owned by the minter wallet.
  let checked: Promise<void> | null = null;
  const check = () => {
    checked ??= (async () => {
      const info = await api.addressInformation(collection);
      if (info.state !== 'active') throw new Error('POG_TON_COLLECTION is not deployed on the network');
      if (!info.code?.equals(tonCodes().collection)) {
        throw new Error('POG_TON_COLLECTION is not a PogCollection of these contracts (its code differs)');
      }
      const data = await api.runGetMethod(collection, 'get_collection_data');
      data.readBigNumber();
      data.readCell();
      const owner = data.readAddress();
      if (!owner.equals(wallet.address)) {
        throw new Error(
          `POG_TON_COLLECTION belongs to ${owner.toString()}, not to the POG_TON_MINTER_MNEMONIC wallet ${wallet.address.toString()}`,
        );
      }
    })();
    checked.catch(() => {
      checked = null;
    });
    return checked;
  };

  async function findMint(tokenId: bigint): Promise<PogMintReceipt | null> {
    await check();
    const index = checkIndex(tokenId);
    const item = itemAddress(collection!, index);
    const info = await api.addressInformation(item);
    if (info.state !== 'active') return null;
    const data = await api.runGetMethod(item, 'get_nft_data');
    if (!data.readBoolean()) return null;
    // Initialised: its deploying transaction is among its first ones (newest first, so read to the end).
    let found: { tx: Transaction; deploy: ItemInit } | null = null;
    for await (const tx of api.transactions(item)) {
      const deploy = readItemDeploy(tx, collection!);
      if (deploy) found = { tx, deploy };
    }
    if (!found) {
      throw new Error(`POG item #${index} is minted but the TON API did not give its deploying transaction`);
    }
    return mintReceipt({ network, collection: collection!, index, testOnly, explorer, ...found });
  }

  async function mintNow(input: PogMintInput): Promise<PogMintReceipt> {
    const index = checkIndex(input.tokenId);
    const holder = parseTonAddress(input.owner);
    if (!holder) throw new Error('not a TON address');
    const existing = await findMint(index);
    if (existing) return existing;
    const sent = await minter.send(
      internal({
        to: collection!,
        value: MINT_VALUE,
        bounce: true,
        body: mintBody({ queryId: BigInt(Date.now()), index, holder, metadataUrl: input.metadataUrl }),
      }),
    );
    return minter.settle(sent, `the mint of POG #${index}`, () => findMint(index));
  }

  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'ton',
    engine: new URL(config.url).host,
    network,
    isAddress: (owner) => parseTonAddress(owner) !== null,
    mint(input) {
      const run = queue.then(() => mintNow(input));
      queue = run.catch(() => {});
      return run;
    },
    findMint,
  };
}

/**
 * Deploys the PogCollection owned by the minter wallet, with `collectionUrl` as its metadata (TEP-64
 * off-chain), unless it is there already; answers its address (POG_TON_COLLECTION). The wallet pays
 * `value` (0.1 TON by default), which stays on the collection for its storage.
 */
export async function deployPogTonCollection(
  config: Omit<TonApiConfig, 'collection'>,
  collectionUrl: string,
  options: TonApiOptions & { value?: bigint } = {},
): Promise<string> {
  const minter = await openMinter(config, options);
  const init = collectionStateInit(minter.wallet.address, collectionUrl);
  const address = contractAddress(0, init);
  const friendly = address.toString({ bounceable: true, testOnly: config.network === 'testnet' });
  const isActive = async () =>
    (await minter.api.addressInformation(address)).state === 'active' ? true : null;
  if (await isActive()) return friendly;
  const sent = await minter.send(
    internal({ to: address, value: options.value ?? toNano('0.1'), bounce: false, init }),
  );
  await minter.settle(sent, 'the collection deployment', isActive);
  return friendly;
}

/** The minter wallet on the API: sends one message at a seqno, and waits for what it should bring about. */
async function openMinter(config: Pick<TonApiConfig, 'url' | 'apiKey' | 'mnemonic'>, options: TonApiOptions) {
  const words = config.mnemonic.trim().split(/\s+/);
  if (words.length !== 24 || !(await mnemonicValidate(words))) {
    throw new Error('POG_TON_MINTER_MNEMONIC is not a valid 24-word TON mnemonic');
  }
  const keys = await mnemonicToPrivateKey(words);
  const wallet = walletV4(keys.publicKey);
  const api = new TonApi(config.url, config.apiKey, options.fetch ?? fetch);
  const pollMs = options.pollIntervalMs ?? 3_000;
  const settleMs = options.settleTimeoutMs ?? 180_000;
  const validFor = options.validForSeconds ?? 120;
  const now = options.now ?? (() => Date.now());

  async function walletState() {
    const info = await api.addressInformation(wallet.address);
    if (info.state !== 'active') return { seqno: 0, deployed: false };
    const seqno = await api.runGetMethod(wallet.address, 'seqno');
    return { seqno: seqno.readNumber(), deployed: true };
  }

  return {
    api,
    wallet,
    async send(message: MessageRelaxed) {
      const { seqno, deployed } = await walletState();
      const validUntil = Math.floor(now() / 1000) + validFor;
      await api.sendBoc(
        walletV4Transfer({
          wallet,
          secretKey: keys.secretKey,
          seqno,
          validUntil,
          deploy: !deployed,
          messages: [message],
        }),
      );
      return { seqno, validUntil };
    },
    /** Polls `look` until it answers; fails when the wallet let the message expire, or after the settle timeout. */
    async settle<T>(
      sent: { seqno: number; validUntil: number },
      what: string,
      look: () => Promise<T | null>,
    ) {
      const deadline = now() + settleMs;
      while (now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        const found = await look().catch(() => null);
        if (found) return found;
        if (Math.floor(now() / 1000) > sent.validUntil + 30) {
          const after = await walletState().catch(() => null);
          if (after && after.seqno <= sent.seqno) {
            throw new Error(`the minter wallet did not take ${what} before it expired`);
          }
        }
      }
      throw new Error(
        `${what} was sent but has not happened after ${Math.round(settleMs / 1000)} s (is the minter wallet funded?)`,
      );
    },
  };
}

type StackEntry = [string, unknown];

/** The few toncenter v2 methods the chain uses. */
export class TonApi {
  private readonly root: string;
  constructor(
    url: string,
    private readonly apiKey: string | undefined,
    private readonly fetchFn: typeof fetch,
  ) {
    this.root = url.replace(/\/+$/, '');
  }

  private async call<T>(method: string, query: Record<string, string> | null, body?: unknown): Promise<T> {
    const url = `${this.root}/${method}${query ? `?${new URLSearchParams(query)}` : ''}`;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey) headers['x-api-key'] = this.apiKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    for (let attempt = 0; ; attempt++) {
      const res = await this.fetchFn(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
      // Rate limited or briefly down: wait and try again a few times.
      if ((res.status === 429 || res.status >= 500) && attempt < 4) {
        await new Promise((resolve) => setTimeout(resolve, 1_000 * (attempt + 1)));
        continue;
      }
      const json = (await res.json().catch(() => null)) as {
        ok?: boolean;
        result?: T;
        error?: string;
      } | null;
      if (!res.ok || !json?.ok) {
        throw new Error(`TON API ${method} failed: ${json?.error ?? `HTTP ${res.status}`}`);
      }
      return json.result as T;
    }
  }

  async addressInformation(address: Address): Promise<{ state: string; code: Cell | null }> {
    const r = await this.call<{ state: string; code?: string }>('getAddressInformation', {
      address: address.toString(),
    });
    return { state: r.state, code: r.code ? Cell.fromBase64(r.code) : null };
  }

  async runGetMethod(address: Address, method: string, stack: StackEntry[] = []): Promise<TupleReader> {
    const r = await this.call<{ exit_code: number; stack: StackEntry[] }>('runGetMethod', null, {
      address: address.toString(),
      method,
      stack,
    });
    if (r.exit_code !== 0 && r.exit_code !== 1) {
      throw new Error(`TON get method ${method} exited with ${r.exit_code}`);
    }
    return new TupleReader(r.stack.map(readStackEntry));
  }

  async sendBoc(message: Cell): Promise<void> {
    await this.call('sendBoc', null, { boc: message.toBoc().toString('base64') });
  }

  /** The account's transactions, newest first, page by page to the first one. */
  async *transactions(address: Address, pageSize = 50, maxPages = 40): AsyncGenerator<Transaction> {
    let from: { lt: string; hash: string } | null = null;
    for (let page = 0; page < maxPages; page++) {
      const query: Record<string, string> = {
        address: address.toString(),
        limit: String(pageSize),
        archival: 'true',
      };
      if (from) Object.assign(query, from);
      const list = await this.call<{ data: string; transaction_id: { lt: string; hash: string } }[]>(
        'getTransactions',
        query,
      );
      // A page after the first starts with the transaction it was asked from.
      const fresh = from ? list.slice(1) : list;
      for (const entry of fresh) yield loadTransaction(Cell.fromBase64(entry.data).beginParse());
      const last = list.at(-1);
      if (!last || list.length < pageSize) return;
      from = { lt: last.transaction_id.lt, hash: last.transaction_id.hash };
    }
    throw new Error(`${address.toString()} has more transactions than the POG chain reads`);
  }
}

/** A toncenter stack entry: ['num', '0x…' | '-0x…'], ['cell' | 'slice', { bytes }], ['null', …]. */
export function readStackEntry([type, value]: StackEntry): TupleItem {
  if (type === 'num') {
    const text = String(value);
    const negative = text.startsWith('-');
    const n = BigInt(negative ? text.slice(1) : text);
    return { type: 'int', value: negative ? -n : n };
  }
  if (type === 'cell' || type === 'slice' || type === 'builder') {
    const bytes = (value as { bytes: string }).bytes;
    return { type: type === 'cell' ? 'cell' : 'slice', cell: Cell.fromBase64(bytes) };
  }
  if (type === 'null') return { type: 'null' };
  throw new Error(`unexpected TON stack entry ${type}`);
}
