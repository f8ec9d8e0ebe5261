import { type Address, beginCell, type Transaction } from '@ton/core';
import { Blockchain, internal } from '@ton/sandbox';
import {
  inboundPage,
  readInbound,
  type SandboxTransfer,
  type TonDepositChain,
  type TonInbound,
} from './chain.ts';

/**
 * Khel's deposit wallet on TON's emulator (@ton/sandbox) in this process: a wallet made from a seed, as
 * the POG minter (modules/pog/chain/ton/sandbox-chain.ts), deployed at start. A gamer's payment reaches it
 * through `sandboxSend` (the sandbox route POST /api/sandbox/ton/transfers, which the e2e wallet calls):
 * the emulator runs the message as the chain would (bounce rules, the wallet's code), at the API's clock,
 * and the watcher reads the wallet's transactions from here as from toncenter. Memory only: a restart
 * starts a new chain (the credits are in the database, keyed by transaction hash).
 */
export const SANDBOX_DEPOSIT_NETWORK = 'ton:sandbox';
const DEPOSIT_WALLET_SEED = 'khel-ton-deposit';

export async function sandboxTonDepositChain(clock: () => Date): Promise<TonDepositChain> {
  const blockchain = await Blockchain.create();
  blockchain.now = Math.floor(clock().getTime() / 1000);
  const wallet = await blockchain.treasury(DEPOSIT_WALLET_SEED);
  const address: Address = wallet.address;
  /** The wallet's transactions, newest first. */
  const history: Transaction[] = [];

  let queue: Promise<unknown> = Promise.resolve();
  const send = async (input: SandboxTransfer): Promise<TonInbound | null> => {
    // The chain's time follows the API's clock (tests move it), never going back.
    blockchain.now = Math.max(blockchain.now ?? 0, Math.floor(clock().getTime() / 1000));
    const result = await blockchain.sendMessage(
      internal({
        from: input.from,
        to: input.to,
        value: input.value,
        body: input.body ?? beginCell().endCell(),
        bounce: input.bounce,
        bounced: input.bounced ?? false,
      }),
    );
    let mine: TonInbound | null = null;
    for (const tx of result.transactions) {
      const inbound = readInbound(tx);
      if (!inbound || tx.inMessage?.info.dest?.toString() !== address.toString()) continue;
      history.unshift(tx);
      mine ??= inbound;
    }
    return mine;
  };

  return {
    network: SANDBOX_DEPOSIT_NETWORK,
    address,
    async inbound({ limit, before }) {
      let start = 0;
      if (before) {
        const at = history.findIndex(
          (tx) => tx.lt === before.lt && tx.hash().toString('hex') === before.hash,
        );
        start = at < 0 ? history.length : at + 1;
      }
      return inboundPage(history.slice(start), limit);
    },
    // One message at a time, as the emulator runs them.
    sandboxSend(input) {
      const run = queue.then(() => send(input));
      queue = run.catch(() => {});
      return run;
    },
  };
}
