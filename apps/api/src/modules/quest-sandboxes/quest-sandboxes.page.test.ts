import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEV_CONTRACTS } from '../../lib/chain/evm.ts';
import { createTestContext, type TestContext } from '../../test-support.ts';

describe('the quest sandboxes page', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = async (fields: Record<string, string>) => {
    const res = await ctx.app.request('/dev/quest-sandboxes', {
      method: 'POST',
      body: new URLSearchParams(fields),
    });
    return { status: res.status, text: await res.text() };
  };

  it('shows both forms and the chain', async () => {
    const res = await ctx.app.request('/dev/quest-sandboxes');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('Add a game player');
    expect(text).toContain('chain 31337 (in-process)');
    expect(text).toContain(DEV_CONTRACTS[1].address);
  });

  it('adds a player the sandbox partner game then knows', async () => {
    expect((await ctx.json('/dev/games/runes/players?playerId=page_player')).status).toBe(400);
    const added = await post({ form: 'player', game: 'runes', playerId: 'page_player' });
    expect(added.status).toBe(200);
    expect(added.text).toContain('runes knows page_player');
    expect((await ctx.json('/dev/games/runes/players?playerId=page_player')).status).toBe(200);
  });

  it('mints test tokens, and says what is wrong with a bad form', async () => {
    const to = privateKeyToAddress(generatePrivateKey());
    const minted = await post({ form: 'mint', contract: DEV_CONTRACTS[0].address, to, amount: '3' });
    expect(minted.status).toBe(200);
    expect(minted.text).toContain(`${to} now holds 3 of Colexion Card`);
    const bad = await post({ form: 'mint', contract: DEV_CONTRACTS[0].address, to: '0x12', amount: '3' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Use a 0x address of 40 hex digits');
    const game = await post({ form: 'player', game: 'Not A Slug', playerId: 'x' });
    expect(game.status).toBe(400);
  });
});
