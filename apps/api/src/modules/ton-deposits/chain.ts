import type { Address, Cell, Transaction } from '@ton/core';

/**
 * Khel's deposit wallet on a TON chain engine: the in-process emulator (@ton/sandbox) outside
 * production without TON_API_URL, else a toncenter v2-compatible API (TON_API_URL, TON_NETWORK,
 * TON_DEPOSIT_ADDRESS). Both hand the wallet's inbound transactions as @ton/core Transactions, read
 * here by one parser. @ton/core and @ton/sandbox load on the first call, never at start.
 */
export interface TonInbound {
  /** The transaction's hash, hex: the key of exactly-once crediting. */
  hash: string;
  lt: bigint;
  /** The chain's time of the transaction (a quote holds until its expiry by this time). */
  at: Date;
  /** Raw addresses (`0:<hex>`). */
  source: string;
  destination: string;
  /** Nanoton the message carried. */
  value: bigint;
  /** The text comment (op 0 + UTF-8), or null when the body is not one. */
  comment: string | null;
  /** A bounce, or a message whose value the wallet did not keep (its transaction aborted or bounced it back). */
  bounced: boolean;
}

export interface TonTxId {
  lt: bigint;
  hash: string;
}

export interface TonInboundPage {
  items: TonInbound[];
  next: TonTxId | null;
}

/** The page's inbound messages and the cursor after its last transaction. */
export function inboundPage(txs: Transaction[], limit: number): TonInboundPage {
  const page = txs.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(readInbound).filter((t): t is TonInbound => t !== null),
    next: last && page.length === limit ? { lt: last.lt, hash: last.hash().toString('hex') } : null,
  };
}

export interface TonDepositChain {
  readonly network: string;
  /** The deposit wallet. */
  readonly address: Address;
  /**
   * A page of the wallet's transactions, newest first: up to `limit` after `before` (exclusive), their
   * inbound internal messages in `items`, and where the next page starts (null at the first transaction).
   */
  inbound(options: { limit: number; before?: TonTxId | undefined }): Promise<TonInboundPage>;
  /** The emulator only: a wallet's message to `to`, as the gamer's wallet would send it (dev and tests). */
  sandboxSend?: (input: SandboxTransfer) => Promise<TonInbound | null>;
}

export interface SandboxTransfer {
  from: Address;
  to: Address;
  value: bigint;
  /** The message body (a comment cell), or none. */
  body: Cell | null;
  bounce: boolean;
  /** Sent as a bounce (a returned message), to test that one is never credited. */
  bounced?: boolean;
}

/** An inbound internal message of `tx`, or null (an external message: the wallet's own sends). */
export function readInbound(tx: Transaction): TonInbound | null {
  const msg = tx.inMessage;
  const info = msg?.info;
  if (!msg || info?.type !== 'internal') return null;
  const d = tx.description;
  const keptNothing = d.type === 'generic' && (d.aborted || (d.bouncePhase?.type ?? 'none') === 'ok');
  return {
    hash: tx.hash().toString('hex'),
    lt: tx.lt,
    at: new Date(tx.now * 1000),
    source: info.src.toRawString(),
    destination: info.dest.toRawString(),
    value: info.value.coins,
    comment: readComment(msg.body),
    bounced: info.bounced || keptNothing,
  };
}

/** A text comment: op 0 (32 zero bits), then the text as a snake of cells. */
export function readComment(body: Cell): string | null {
  try {
    const slice = body.beginParse();
    if (slice.remainingBits < 32 || slice.loadUint(32) !== 0) return null;
    return slice.loadStringTail();
  } catch {
    return null;
  }
}
