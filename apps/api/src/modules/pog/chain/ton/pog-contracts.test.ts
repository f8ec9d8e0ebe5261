import { type Address, beginCell, contractAddress, TupleBuilder, toNano } from '@ton/core';
import {
  Blockchain,
  type BlockchainTransaction,
  type SandboxContract,
  type TreasuryContract,
} from '@ton/sandbox';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  collectionStateInit,
  destroyBody,
  getStaticDataBody,
  itemAddress,
  mintBody,
  proveOwnershipBody,
  readIndividualContent,
  readItemDeploy,
  requestOwnerBody,
  revokeBody,
  TON_EXIT,
  TON_OP,
  transferBody,
} from './messages.ts';

/** pog.tact's contracts on the emulator, message by message (TEP-62 / TEP-85 behaviour). */

const COLLECTION_URL = 'https://khel.example/api/pog/ton/collection.json';
const cardUrl = (n: bigint) => `https://khel.example/api/pog/cards/${n}.json`;

let chain: Blockchain;
let minter: SandboxContract<TreasuryContract>;
let holder: SandboxContract<TreasuryContract>;
let stranger: SandboxContract<TreasuryContract>;
let collection: Address;

function exitCodeOf(tx: BlockchainTransaction) {
  const d = tx.description;
  if (d.type !== 'generic' || d.computePhase.type !== 'vm') return null;
  return d.computePhase.exitCode;
}

function txTo(txs: BlockchainTransaction[], to: Address) {
  const found = txs.filter((t) => t.inMessage?.info.dest?.toString() === to.toString());
  expect(found.length).toBeGreaterThan(0);
  return found;
}

function bodyOp(tx: BlockchainTransaction) {
  const s = tx.inMessage?.body.beginParse();
  return s && s.remainingBits >= 32 ? s.loadUint(32) : null;
}

async function nftData(item: Address) {
  const r = (await chain.runGetMethod(item, 'get_nft_data')).stackReader;
  return {
    init: r.readBoolean(),
    index: r.readBigNumber(),
    collection: r.readAddress(),
    owner: r.readAddressOpt(),
    content: r.readCellOpt(),
  };
}

async function mint(index: bigint, to: Address, from = minter) {
  return from.send({
    to: collection,
    value: toNano('0.05'),
    body: mintBody({ index, holder: to, metadataUrl: cardUrl(index) }),
  });
}

beforeEach(async () => {
  chain = await Blockchain.create();
  minter = await chain.treasury('minter');
  holder = await chain.treasury('holder');
  stranger = await chain.treasury('stranger');
  const init = collectionStateInit(minter.address, COLLECTION_URL);
  collection = contractAddress(0, init);
  const deployed = await minter.send({ to: collection, value: toNano('0.2'), init });
  expect(deployed.transactions.some((t) => t.endStatus === 'active')).toBe(true);
});

describe('PogCollection', () => {
  it('answers TEP-62 collection getters', async () => {
    const r = (await chain.runGetMethod(collection, 'get_collection_data')).stackReader;
    expect(r.readBigNumber()).toBe(-1n);
    const content = r.readCell().beginParse();
    expect(content.loadUint(8)).toBe(1);
    expect(content.loadStringTail()).toBe(COLLECTION_URL);
    expect(r.readAddress().equals(minter.address)).toBe(true);

    const args = new TupleBuilder();
    args.writeNumber(7n);
    const byIndex = (await chain.runGetMethod(collection, 'get_nft_address_by_index', args.build()))
      .stackReader;
    expect(byIndex.readAddress().equals(itemAddress(collection, 7n))).toBe(true);

    const contentArgs = new TupleBuilder();
    contentArgs.writeNumber(7n);
    contentArgs.writeCell(beginCell().storeStringTail(cardUrl(7n)).endCell());
    const full = (await chain.runGetMethod(collection, 'get_nft_content', contentArgs.build())).stackReader
      .readCell()
      .beginParse();
    expect(full.loadUint(8)).toBe(1);
    expect(readIndividualContent(full.loadRef())).toBe(cardUrl(7n));
  });

  it('mints an item that shows its holder, index and content', async () => {
    const result = await mint(1n, holder.address);
    const item = itemAddress(collection, 1n);
    const deploy = txTo(result.transactions, item).find((t) => readItemDeploy(t, collection));
    expect(deploy).toBeDefined();
    expect(readItemDeploy(deploy!, collection)?.holder.equals(holder.address)).toBe(true);

    const data = await nftData(item);
    expect(data.init).toBe(true);
    expect(data.index).toBe(1n);
    expect(data.collection.equals(collection)).toBe(true);
    expect(data.owner?.equals(holder.address)).toBe(true);
    expect(readIndividualContent(data.content!)).toBe(cardUrl(1n));

    const authority = (await chain.runGetMethod(item, 'get_authority_address')).stackReader.readAddress();
    expect(authority.equals(minter.address)).toBe(true);
    expect((await chain.runGetMethod(item, 'get_revoked_time')).stackReader.readBigNumber()).toBe(0n);
    // The coins beyond the item's storage reserve go back to the minter as excesses.
    const back = txTo(result.transactions, minter.address).find((t) => bodyOp(t) === TON_OP.excesses);
    expect(back).toBeDefined();
    expect((await chain.getContract(item)).balance).toBeLessThanOrEqual(toNano('0.01'));
  });

  it('refuses a mint from anyone but its owner', async () => {
    const result = await mint(2n, stranger.address, stranger);
    const [tx] = txTo(result.transactions, collection);
    expect(exitCodeOf(tx!)).toBe(TON_EXIT.notCollectionOwner);
    const item = await chain.getContract(itemAddress(collection, 2n));
    expect(item.accountState?.type ?? 'uninit').not.toBe('active');
  });

  it('changes nothing when an index is minted again', async () => {
    await mint(3n, holder.address);
    const item = itemAddress(collection, 3n);
    const dataHash = async () => {
      const state = (await chain.getContract(item)).accountState;
      return state?.type === 'active' ? state.state.data?.hash().toString('hex') : null;
    };
    const before = await dataHash();
    expect(before).toBeTruthy();
    const again = await minter.send({
      to: collection,
      value: toNano('0.05'),
      body: mintBody({
        index: 3n,
        holder: stranger.address,
        metadataUrl: 'https://elsewhere.example/x.json',
      }),
    });
    const data = await nftData(item);
    expect(data.owner?.equals(holder.address)).toBe(true);
    expect(readIndividualContent(data.content!)).toBe(cardUrl(3n));
    expect(txTo(again.transactions, item).some((t) => readItemDeploy(t, collection))).toBe(false);
    expect(txTo(again.transactions, minter.address).some((t) => bodyOp(t) === TON_OP.excesses)).toBe(true);
    expect(await dataHash()).toBe(before);
  });
});

describe('PogItem (TEP-85)', () => {
  let item: Address;
  beforeEach(async () => {
    await mint(10n, holder.address);
    item = itemAddress(collection, 10n);
  });

  it('refuses a transfer: the transaction aborts and the holder stays', async () => {
    const result = await holder.send({
      to: item,
      value: toNano('0.05'),
      body: transferBody(stranger.address),
    });
    const [tx] = txTo(result.transactions, item);
    expect(exitCodeOf(tx!)).toBe(TON_EXIT.soulbound);
    expect(tx!.description.type === 'generic' && tx!.description.aborted).toBe(true);
    expect((await nftData(item)).owner?.equals(holder.address)).toBe(true);
  });

  it('proves ownership to dest for the holder only', async () => {
    const verifier = await chain.treasury('verifier');
    const payload = beginCell().storeUint(42, 16).endCell();
    const result = await holder.send({
      to: item,
      value: toNano('0.05'),
      body: proveOwnershipBody({
        queryId: 9n,
        dest: verifier.address,
        forwardPayload: payload,
        withContent: true,
      }),
    });
    const proof = txTo(result.transactions, verifier.address).find(
      (t) => bodyOp(t) === TON_OP.ownershipProof,
    );
    expect(proof).toBeDefined();
    const s = proof!.inMessage!.body.beginParse();
    s.skip(32);
    expect(s.loadUintBig(64)).toBe(9n);
    expect(s.loadUintBig(256)).toBe(10n);
    expect(s.loadAddress().equals(holder.address)).toBe(true);
    expect(s.loadRef().equals(payload)).toBe(true);
    expect(s.loadUintBig(64)).toBe(0n);
    expect(readIndividualContent(s.loadMaybeRef()!)).toBe(cardUrl(10n));
    expect(proof!.inMessage!.info.type === 'internal' && proof!.inMessage!.info.src.equals(item)).toBe(true);

    const refused = await stranger.send({
      to: item,
      value: toNano('0.05'),
      body: proveOwnershipBody({ dest: verifier.address, forwardPayload: payload, withContent: false }),
    });
    expect(exitCodeOf(txTo(refused.transactions, item)[0]!)).toBe(TON_EXIT.notHolder);
  });

  it('tells anyone who holds it (owner_info)', async () => {
    const verifier = await chain.treasury('verifier');
    const payload = beginCell().storeUint(7, 8).endCell();
    const result = await stranger.send({
      to: item,
      value: toNano('0.05'),
      body: requestOwnerBody({
        queryId: 5n,
        dest: verifier.address,
        forwardPayload: payload,
        withContent: false,
      }),
    });
    const info = txTo(result.transactions, verifier.address).find((t) => bodyOp(t) === TON_OP.ownerInfo);
    expect(info).toBeDefined();
    const s = info!.inMessage!.body.beginParse();
    s.skip(32);
    expect(s.loadUintBig(64)).toBe(5n);
    expect(s.loadUintBig(256)).toBe(10n);
    expect(s.loadAddress().equals(stranger.address)).toBe(true);
    expect(s.loadAddress().equals(holder.address)).toBe(true);
    expect(s.loadRef().equals(payload)).toBe(true);
    expect(s.loadUintBig(64)).toBe(0n);
    expect(s.loadMaybeRef()).toBeNull();
  });

  it('reports its static data (TEP-62)', async () => {
    const result = await stranger.send({ to: item, value: toNano('0.05'), body: getStaticDataBody(3n) });
    const report = txTo(result.transactions, stranger.address).find(
      (t) => bodyOp(t) === TON_OP.reportStaticData,
    );
    const s = report!.inMessage!.body.beginParse();
    s.skip(32);
    expect(s.loadUintBig(64)).toBe(3n);
    expect(s.loadUintBig(256)).toBe(10n);
    expect(s.loadAddress().equals(collection)).toBe(true);
  });

  it('is destroyed by its holder only: owner and authority become none, the balance goes back', async () => {
    const refused = await stranger.send({ to: item, value: toNano('0.05'), body: destroyBody() });
    expect(exitCodeOf(txTo(refused.transactions, item)[0]!)).toBe(TON_EXIT.notHolder);

    const result = await holder.send({ to: item, value: toNano('0.05'), body: destroyBody(4n) });
    expect(txTo(result.transactions, holder.address).some((t) => bodyOp(t) === TON_OP.excesses)).toBe(true);
    const data = await nftData(item);
    expect(data.init).toBe(true);
    expect(data.owner).toBeNull();
    expect(readIndividualContent(data.content!)).toBe(cardUrl(10n));
    expect((await chain.runGetMethod(item, 'get_authority_address')).stackReader.readAddressOpt()).toBeNull();
    expect((await chain.getContract(item)).balance).toBe(0n);
    // A destroyed card cannot be minted afresh.
    await mint(10n, stranger.address);
    expect((await nftData(item)).owner).toBeNull();
  });

  it('is revoked once, by its authority only', async () => {
    const refused = await holder.send({ to: item, value: toNano('0.05'), body: revokeBody() });
    expect(exitCodeOf(txTo(refused.transactions, item)[0]!)).toBe(TON_EXIT.notAuthority);

    chain.now = 1_800_000_000;
    await minter.send({ to: item, value: toNano('0.05'), body: revokeBody() });
    expect((await chain.runGetMethod(item, 'get_revoked_time')).stackReader.readNumber()).toBe(1_800_000_000);
    const again = await minter.send({ to: item, value: toNano('0.05'), body: revokeBody() });
    expect(exitCodeOf(txTo(again.transactions, item)[0]!)).toBe(TON_EXIT.alreadyRevoked);
  });
});
