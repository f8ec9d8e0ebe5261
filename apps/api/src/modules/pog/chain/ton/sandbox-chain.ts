import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type Address, contractAddress, toNano } from '@ton/core';
import { Blockchain, snapshotFromSerializable, snapshotToSerializable } from '@ton/sandbox';
import type { PogChain, PogMintInput, PogMintReceipt } from '../types.ts';
import {
  checkIndex,
  collectionStateInit,
  itemAddress,
  mintBody,
  mintReceipt,
  parseTonAddress,
  readItemDeploy,
  tonCodes,
} from './messages.ts';

/**
 * The POG collection on TON's emulator (@ton/sandbox) in this process: a treasury plays Khel's minter
 * wallet and deploys the collection at start. With a file, the emulator's state and the receipts are
 * saved there after each mint and loaded at start, so a restart keeps the cards.
 */
export const SANDBOX_NETWORK = 'ton:sandbox';
const MINTER_SEED = 'khel-pog-minter';
const FILE_VERSION = 1;

interface SavedReceipt {
  owner: string;
  txHash: string;
  block: string;
}

interface SavedChain {
  version: number;
  collection: string;
  receipts: Record<string, SavedReceipt>;
  snapshot: ReturnType<typeof snapshotToSerializable>;
}

export async function sandboxPogChain(options: {
  /** Where the chain is saved (DATA_DIR/chains/ton.json); null: memory only. */
  file: string | null;
  /** The collection's metadata URL (TEP-64 off-chain content), used when the collection is deployed. */
  collectionUrl: string;
}): Promise<PogChain> {
  let blockchain = await Blockchain.create();
  const receipts = new Map<bigint, PogMintReceipt>();
  let collection: Address | null = null;
  let loaded = false;
  const saved = options.file ? readSaved(options.file) : null;
  if (saved && options.file) {
    await blockchain.loadFrom(snapshotFromSerializable(saved.snapshot));
    const address = parseTonAddress(saved.collection)!;
    const account = (await blockchain.getContract(address)).accountState;
    if (account?.type === 'active' && account.state.code?.equals(tonCodes().collection)) {
      collection = address;
      loaded = true;
      for (const [index, r] of Object.entries(saved.receipts)) {
        receipts.set(BigInt(index), {
          chain: 'ton',
          network: SANDBOX_NETWORK,
          contract: address.toString({ bounceable: true }),
          tokenId: BigInt(index),
          explorerUrl: null,
          ...r,
        });
      }
    } else {
      // Saved by another build of the contracts: kept aside, and the emulator starts afresh.
      renameSync(options.file, `${options.file}.${Date.now()}.old`);
      blockchain = await Blockchain.create();
    }
  }
  const minter = await blockchain.treasury(MINTER_SEED);
  if (!collection) {
    const init = collectionStateInit(minter.address, options.collectionUrl);
    collection = contractAddress(0, init);
    await minter.send({ to: collection, value: toNano('1'), init });
    const account = (await blockchain.getContract(collection)).accountState;
    if (account?.type !== 'active')
      throw new Error('the POG collection could not be deployed on the emulator');
  }
  const deployed: Address = collection;

  const save = () => {
    if (!options.file) return;
    const data: SavedChain = {
      version: FILE_VERSION,
      collection: deployed.toRawString(),
      receipts: Object.fromEntries(
        [...receipts].map(([index, r]) => [
          index.toString(),
          { owner: r.owner, txHash: r.txHash, block: r.block },
        ]),
      ),
      // The state of every account; the transaction history is left out (the receipts are what we need).
      snapshot: snapshotToSerializable({ ...blockchain.snapshot(), transactions: [] }),
    };
    mkdirSync(dirname(options.file), { recursive: true });
    const tmp = `${options.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(data));
    renameSync(tmp, options.file);
  };
  // A new emulator is saved at once, so its collection keeps its address from the first start on.
  if (!loaded) save();

  async function mintNow(input: PogMintInput): Promise<PogMintReceipt> {
    const index = checkIndex(input.tokenId);
    const known = receipts.get(index);
    if (known) return known;
    const holder = parseTonAddress(input.owner);
    if (!holder) throw new Error('not a TON address');
    const item = itemAddress(deployed, index);
    const result = await minter.send({
      to: deployed,
      value: toNano('0.05'),
      body: mintBody({ index, holder, metadataUrl: input.metadataUrl }),
    });
    for (const tx of result.transactions) {
      if (tx.inMessage?.info.dest?.toString() !== item.toString()) continue;
      const deploy = readItemDeploy(tx, deployed);
      if (!deploy) continue;
      const receipt = mintReceipt({
        network: SANDBOX_NETWORK,
        collection: deployed,
        index,
        deploy,
        tx,
        testOnly: false,
        explorer: null,
      });
      receipts.set(index, receipt);
      save();
      return receipt;
    }
    const failed = result.transactions.find(
      (tx) => tx.description.type === 'generic' && tx.description.aborted,
    )?.description;
    const exitCode =
      failed?.type === 'generic' && failed.computePhase.type === 'vm' ? failed.computePhase.exitCode : null;
    throw new Error(`the POG mint of #${index} deployed no item on the emulator (exit code ${exitCode})`);
  }

  // One mint at a time: a second mint of an index waits for the first and answers its receipt.
  let queue: Promise<unknown> = Promise.resolve();
  return {
    kind: 'ton',
    engine: 'in-process',
    network: SANDBOX_NETWORK,
    isAddress: (owner) => parseTonAddress(owner) !== null,
    mint(input) {
      const run = queue.then(() => mintNow(input));
      queue = run.catch(() => {});
      return run;
    },
    async findMint(tokenId) {
      return receipts.get(tokenId) ?? null;
    },
  };
}

function readSaved(file: string): SavedChain | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const data = JSON.parse(text) as SavedChain;
    if (data.version === FILE_VERSION && parseTonAddress(data.collection)) return data;
  } catch {}
  renameSync(file, `${file}.${Date.now()}.old`);
  return null;
}
