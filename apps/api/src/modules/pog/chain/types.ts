/**
 * What the POG module needs of a chain: mint a soulbound card once, and find a mint that already
 * happened (a mint job cut short between the chain and the database finds its token on the next run
 * instead of minting a second). Two kinds: the website's EVM chain (ERC-721 + ERC-5192) and the Mini
 * App's TON chain (TEP-85 SBT items of a TEP-62 collection). Each has an in-process engine (the
 * default outside production) and an adapter for a real network chosen by environment.
 */
export type PogChainKind = 'evm' | 'ton';

export interface PogMintReceipt {
  chain: PogChainKind;
  /** 'evm:<chainId>' or 'ton:<sandbox|mainnet|testnet>'. */
  network: string;
  /** The collection / contract address (EVM checksummed hex, TON user-friendly). */
  contract: string;
  tokenId: bigint;
  /** Who holds the card: the EVM address or TON address (user-friendly, bounceable=false). */
  owner: string;
  /** The transaction that minted it: EVM 0x-hash, TON transaction hash (hex). */
  txHash: string;
  /** Block number (EVM) or logical time (TON) of that transaction, as text. */
  block: string;
  /** Explorer page of the transaction, when the network has one (null in process). */
  explorerUrl: string | null;
}

export interface PogMintInput {
  tokenId: bigint;
  /** EVM address or TON address (any form) of the holder. */
  owner: string;
  /** The card's metadata address (tokenURI / individual content). */
  metadataUrl: string;
}

export interface PogChain {
  kind: PogChainKind;
  /** 'in-process' or the host of the RPC / TON API. */
  engine: string;
  network: string;
  /** True when `owner` is an address this chain can hold a card for. */
  isAddress(owner: string): boolean;
  /**
   * Mints `tokenId` to `owner` unless it is already minted, and answers the mint's receipt either way.
   * Safe to call twice, at once or after a crash: the contract refuses a second token with the same id
   * (and a second card for the same owner), and the loser answers the winner's receipt.
   */
  mint(input: PogMintInput): Promise<PogMintReceipt>;
  /** The mint of `tokenId` when it happened on this chain, else null. */
  findMint(tokenId: bigint): Promise<PogMintReceipt | null>;
}
