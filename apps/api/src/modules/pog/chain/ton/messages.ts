import { Address, beginCell, Cell, contractAddress, type StateInit, type Transaction } from '@ton/core';
import type { PogMintReceipt } from '../types.ts';
import { PogCollectionCode, PogItemCode } from './artifacts.ts';

/**
 * The cells of pog.tact's contracts and messages, built with @ton/core (the layouts Tact gives the
 * contract parameters and messages of pog.tact; the tests check them against the compiled contracts).
 */

/** Message op codes: Khel's own mint (to the collection) and item init (collection → item), TEP-62, TEP-85. */
export const TON_OP = {
  mint: 0x504f474d,
  itemInit: 0x504f4749,
  transfer: 0x5fcc3d14,
  getStaticData: 0x2fcb26a2,
  reportStaticData: 0x8b771735,
  excesses: 0xd53276db,
  proveOwnership: 0x04ded148,
  ownershipProof: 0x0524c7ae,
  requestOwner: 0xd0c3bfea,
  ownerInfo: 0x0dd607e3,
  destroy: 0x1f04537a,
  revoke: 0x6f89f5e3,
} as const;

/** Exit codes pog.tact throws. */
export const TON_EXIT = {
  notCollectionOwner: 401,
  notCollection: 402,
  notHolder: 403,
  notAuthority: 404,
  alreadyRevoked: 405,
  notInitialised: 406,
  soulbound: 407,
} as const;

let codes: { collection: Cell; item: Cell } | null = null;
export function tonCodes() {
  codes ??= { collection: Cell.fromBase64(PogCollectionCode), item: Cell.fromBase64(PogItemCode) };
  return codes;
}

/** TEP-64 off-chain content: 0x01, then the URL (snake). */
export function offchainContent(url: string): Cell {
  return beginCell().storeUint(1, 8).storeStringTail(url).endCell();
}

/** An item's individual content: its metadata URL (snake); get_nft_content prefixes it with 0x01. */
export function individualContent(url: string): Cell {
  return beginCell().storeStringTail(url).endCell();
}

export function readIndividualContent(cell: Cell): string {
  return cell.beginParse().loadStringTail();
}

/** PogCollection(owner, collectionContent). */
export function collectionStateInit(owner: Address, collectionUrl: string): StateInit {
  const data = beginCell().storeAddress(owner).storeRef(offchainContent(collectionUrl)).endCell();
  return { code: tonCodes().collection, data };
}

/** PogItem(collection, index, owner: null, authority: null, content: null, revokedAt: 0), as the collection deploys it. */
export function itemStateInit(collection: Address, index: bigint): StateInit {
  const data = beginCell()
    .storeAddress(collection)
    .storeUint(index, 256)
    .storeAddress(null)
    .storeRef(beginCell().storeAddress(null).storeBit(false).storeUint(0, 64))
    .endCell();
  return { code: tonCodes().item, data };
}

export function itemAddress(collection: Address, index: bigint): Address {
  return contractAddress(collection.workChain, itemStateInit(collection, index));
}

/** Largest index an item can have (uint256). */
export const MAX_ITEM_INDEX = (1n << 256n) - 1n;

export function checkIndex(tokenId: bigint): bigint {
  if (tokenId < 0n || tokenId > MAX_ITEM_INDEX) throw new Error('a TON POG token id is a uint256');
  return tokenId;
}

/** PogMint: the collection's owner asks for item #index, held by holder, with its metadata URL. */
export function mintBody(args: {
  queryId?: bigint;
  index: bigint;
  holder: Address;
  metadataUrl: string;
}): Cell {
  return beginCell()
    .storeUint(TON_OP.mint, 32)
    .storeUint(args.queryId ?? 0n, 64)
    .storeUint(args.index, 256)
    .storeAddress(args.holder)
    .storeRef(individualContent(args.metadataUrl))
    .endCell();
}

export interface ItemInit {
  queryId: bigint;
  holder: Address;
  authority: Address;
  excessesTo: Address;
  metadataUrl: string;
}

/** The collection's PogItemInit message, or null for any other body. */
export function parseItemInit(body: Cell): ItemInit | null {
  try {
    const s = body.beginParse();
    if (s.loadUint(32) !== TON_OP.itemInit) return null;
    return {
      queryId: s.loadUintBig(64),
      holder: s.loadAddress(),
      authority: s.loadAddress(),
      excessesTo: s.loadAddress(),
      metadataUrl: readIndividualContent(s.loadRef()),
    };
  } catch {
    return null;
  }
}

/**
 * The item's deploying transaction: the collection's PogItemInit turned the account active and the
 * transaction went through. Answers what the mint said, else null.
 */
export function readItemDeploy(tx: Transaction, collection: Address): ItemInit | null {
  const d = tx.description;
  if (d.type !== 'generic' || d.aborted) return null;
  if (d.computePhase.type !== 'vm' || !d.computePhase.success) return null;
  if (tx.oldStatus === 'active' || tx.endStatus !== 'active') return null;
  const msg = tx.inMessage;
  if (msg?.info.type !== 'internal' || !msg.info.src.equals(collection)) return null;
  return parseItemInit(msg.body);
}

// ---- TEP-62 / TEP-85 bodies (what holders, authorities and other contracts send an item) ----

export function transferBody(newOwner: Address, queryId = 0n): Cell {
  return beginCell()
    .storeUint(TON_OP.transfer, 32)
    .storeUint(queryId, 64)
    .storeAddress(newOwner)
    .storeAddress(newOwner)
    .storeBit(false)
    .storeCoins(0n)
    .storeBit(false)
    .endCell();
}

export function proveOwnershipBody(args: {
  queryId?: bigint;
  dest: Address;
  forwardPayload: Cell;
  withContent: boolean;
}): Cell {
  return beginCell()
    .storeUint(TON_OP.proveOwnership, 32)
    .storeUint(args.queryId ?? 0n, 64)
    .storeAddress(args.dest)
    .storeRef(args.forwardPayload)
    .storeBit(args.withContent)
    .endCell();
}

export function requestOwnerBody(args: {
  queryId?: bigint;
  dest: Address;
  forwardPayload: Cell;
  withContent: boolean;
}): Cell {
  return beginCell()
    .storeUint(TON_OP.requestOwner, 32)
    .storeUint(args.queryId ?? 0n, 64)
    .storeAddress(args.dest)
    .storeRef(args.forwardPayload)
    .storeBit(args.withContent)
    .endCell();
}

export function destroyBody(queryId = 0n): Cell {
  return beginCell().storeUint(TON_OP.destroy, 32).storeUint(queryId, 64).endCell();
}

export function revokeBody(queryId = 0n): Cell {
  return beginCell().storeUint(TON_OP.revoke, 32).storeUint(queryId, 64).endCell();
}

export function getStaticDataBody(queryId = 0n): Cell {
  return beginCell().storeUint(TON_OP.getStaticData, 32).storeUint(queryId, 64).endCell();
}

/** The receipt of the transaction that deployed item #index (see readItemDeploy). */
export function mintReceipt(args: {
  network: string;
  collection: Address;
  index: bigint;
  deploy: ItemInit;
  tx: Transaction;
  testOnly: boolean;
  explorer: ((txHash: string) => string) | null;
}): PogMintReceipt {
  const txHash = args.tx.hash().toString('hex');
  return {
    chain: 'ton',
    network: args.network,
    contract: args.collection.toString({ bounceable: true, testOnly: args.testOnly }),
    tokenId: args.index,
    owner: args.deploy.holder.toString({ bounceable: false, testOnly: args.testOnly }),
    txHash,
    block: args.tx.lt.toString(),
    explorerUrl: args.explorer ? args.explorer(txHash) : null,
  };
}

/** A TON address in raw (0:…) or user-friendly form, on the basechain or the masterchain; else null. */
export function parseTonAddress(text: string): Address | null {
  const trimmed = text.trim();
  if (!Address.isRaw(trimmed) && !Address.isFriendly(trimmed)) return null;
  try {
    const address = Address.parse(trimmed);
    return address.workChain === 0 || address.workChain === -1 ? address : null;
  } catch {
    return null;
  }
}
