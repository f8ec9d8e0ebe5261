import { DEMO_QUESTS, schema } from '@khel/db';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_CHAIN_ID, DEV_CONTRACTS } from '../../../lib/chain/evm.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test-support.ts';
import { signedInUser } from '../../profile/profile.test-support.ts';
import {
  expectOneRewardWhenValidatedAtOnce,
  newQuest,
  start,
  tasksOfQuest,
  validate,
} from '../quests.test-support.ts';
import {
  nftShortMessage,
  tokenShortMessage,
  WALLET_REQUIRED_MESSAGE,
  wrongChainMessage,
} from './hold-assets.ts';

const [CARD, THRONE] = DEV_CONTRACTS;
const newWallet = () => privateKeyToAddress(generatePrivateKey());

describe.each(DB_KINDS)('hold_token and hold_nft on %s (in-process EVM)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const mint = (contract: string, to: string, amount: bigint) =>
    ctx.json('/dev/chain/mint', { body: { contract, to, amount: amount.toString() } });

  /** A started quest of one hold task, and a user with `wallets` linked EVM wallets. */
  async function setUp(config: Record<string, unknown>, wallets = 1) {
    const q = await newQuest(ctx, [{ title: 'Hold', config }]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    const u = await signedInUser(ctx);
    const addresses = Array.from({ length: wallets }, newWallet);
    for (const address of addresses)
      await ctx.deps.db
        .insert(schema.identities)
        .values({ userId: u.user.id, provider: 'evm', subject: address });
    await start(ctx, u.auth, q.id);
    return { u, addresses, check: () => validate(ctx, u.auth, q.id, task!.id) };
  }
  const throne = (minAmount: string, chainId = DEV_CHAIN_ID) => ({
    type: 'hold_token',
    chainId,
    contract: THRONE.address,
    symbol: 'THRONE',
    decimals: 18,
    minAmount,
  });
  const cards = (minCount: number) => ({
    type: 'hold_nft',
    chainId: DEV_CHAIN_ID,
    contract: CARD.address,
    name: 'Colexion Card',
    minCount,
  });

  it('runs the demo quests’ contracts at their addresses on chain 31337', async () => {
    const chain = await ctx.json('/dev/chain');
    expect(chain.status).toBe(200);
    expect(chain.body.data).toMatchObject({ chainId: 31337, engine: 'in-process' });
    const demo = DEMO_QUESTS.flatMap((q) => q.tasks.map((t) => t.config)).filter(
      (c) => c.type === 'hold_token' || c.type === 'hold_nft',
    );
    expect(demo.length).toBeGreaterThan(0);
    for (const config of demo) {
      expect(config.chainId).toBe(31337);
      const contract = (chain.body.data.contracts as { address: string; kind: string }[]).find(
        (c) => c.address === config.contract,
      );
      expect(contract?.kind).toBe(config.type === 'hold_token' ? 'erc20' : 'erc721');
    }
  });

  it('hold_token: verifies a wallet that holds enough, not one that holds less', async () => {
    const poor = await setUp(throne('1500000000000000000'));
    expect((await poor.check()).body.data).toMatchObject({
      verified: false,
      message: tokenShortMessage('1.5', 'THRONE'),
    });
    await mint(THRONE.address, poor.addresses[0]!, 10n ** 18n);
    expect((await poor.check()).body.data.verified).toBe(false);
    const minted = await mint(THRONE.address, poor.addresses[0]!, 5n * 10n ** 17n);
    expect(minted.body.data).toMatchObject({ balance: '1500000000000000000' });
    expect((await poor.check()).body.data).toMatchObject({ verified: true, quest: { status: 'COMPLETED' } });
  });

  it('hold_token: adds up the balances of every linked wallet', async () => {
    const { addresses, check } = await setUp(throne('2000'), 2);
    await mint(THRONE.address, addresses[0]!, 1000n);
    expect((await check()).body.data.verified).toBe(false);
    await mint(THRONE.address, addresses[1]!, 1000n);
    expect((await check()).body.data.verified).toBe(true);
  });

  it('hold_nft: verifies a holder of enough NFTs', async () => {
    const { addresses, check } = await setUp(cards(2));
    expect((await check()).body.data).toMatchObject({
      verified: false,
      message: nftShortMessage(2, 'Colexion Card'),
    });
    await mint(CARD.address, addresses[0]!, 1n);
    expect((await check()).body.data.message).toBe(nftShortMessage(2, 'Colexion Card'));
    await mint(CARD.address, addresses[0]!, 1n);
    expect((await check()).body.data.verified).toBe(true);
  });

  it('asks for a linked wallet, and refuses a chain this server does not read', async () => {
    const none = await setUp(cards(1), 0);
    expect((await none.check()).body.data).toMatchObject({
      verified: false,
      message: WALLET_REQUIRED_MESSAGE,
    });
    const other = await setUp(throne('1', 1));
    expect((await other.check()).body.data).toMatchObject({ verified: false, message: wrongChainMessage(1) });
  });

  it('validated twice at once: one completion and one reward', async () => {
    const { u, addresses, check } = await setUp(cards(1));
    await mint(CARD.address, addresses[0]!, 1n);
    await expectOneRewardWhenValidatedAtOnce(ctx, u.user.id, check);
  });
});
