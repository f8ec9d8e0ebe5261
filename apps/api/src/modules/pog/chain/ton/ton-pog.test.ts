import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Address } from '@ton/core';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../../env.ts';
import { pogTonChain } from './ton-pog.ts';

/** pogTonChain on the in-process emulator: what the POG module sees. */

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
function testEnv(vars: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'khel-pog-ton-'));
  dirs.push(dir);
  return loadEnv({ NODE_ENV: 'test', DATA_DIR: dir, ...vars });
}

const HOLDER_RAW = `0:${'ab'.repeat(32)}`;
const HOLDER = Address.parse(HOLDER_RAW);
const metadataUrl = (n: bigint) => `http://localhost:8080/api/pog/cards/${n}.json`;

describe('pogTonChain in process', () => {
  it('is the emulator outside production, none in production without TON_API_URL, made once per env', async () => {
    const env = testEnv();
    const chain = await pogTonChain(env);
    expect(chain).toMatchObject({ kind: 'ton', engine: 'in-process', network: 'ton:sandbox' });
    expect(await pogTonChain(env)).toBe(chain);
    expect(await pogTonChain(testEnv({ NODE_ENV: 'production' }))).toBeNull();
    await expect(pogTonChain(testEnv({ TON_API_URL: 'https://toncenter.example/api/v2' }))).rejects.toThrow(
      /POG_TON_COLLECTION, POG_TON_MINTER_MNEMONIC, TON_NETWORK missing/,
    );
  });

  it('accepts raw and user-friendly TON addresses only', async () => {
    const chain = (await pogTonChain(testEnv()))!;
    expect(chain.isAddress(HOLDER_RAW)).toBe(true);
    expect(chain.isAddress(HOLDER.toString({ bounceable: false }))).toBe(true);
    expect(chain.isAddress(HOLDER.toString({ bounceable: true, testOnly: true }))).toBe(true);
    expect(chain.isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false);
    expect(chain.isAddress('')).toBe(false);
    expect(chain.isAddress(`5:${'ab'.repeat(32)}`)).toBe(false);
  });

  it('mints once: findMint before and after, the same receipt for a second and for concurrent mints', async () => {
    const env = testEnv();
    const chain = (await pogTonChain(env))!;
    expect(await chain.findMint(1n)).toBeNull();

    const receipt = await chain.mint({ tokenId: 1n, owner: HOLDER_RAW, metadataUrl: metadataUrl(1n) });
    expect(receipt).toMatchObject({
      chain: 'ton',
      network: 'ton:sandbox',
      tokenId: 1n,
      owner: HOLDER.toString({ bounceable: false }),
      explorerUrl: null,
    });
    expect(receipt.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(receipt.block).toMatch(/^\d+$/);
    expect(Address.parse(receipt.contract).toString({ bounceable: true })).toBe(receipt.contract);
    expect(await chain.findMint(1n)).toEqual(receipt);

    // Again (another holder and URL change nothing): the first mint's receipt.
    const other = `0:${'cd'.repeat(32)}`;
    expect(
      await chain.mint({ tokenId: 1n, owner: other, metadataUrl: 'http://x.example/other.json' }),
    ).toEqual(receipt);

    const [a, b] = await Promise.all([
      chain.mint({ tokenId: 2n, owner: HOLDER_RAW, metadataUrl: metadataUrl(2n) }),
      chain.mint({ tokenId: 2n, owner: HOLDER_RAW, metadataUrl: metadataUrl(2n) }),
    ]);
    expect(a.txHash).toBe(b.txHash);
    expect(a).toEqual(b);
    expect(a.txHash).not.toBe(receipt.txHash);

    await expect(
      chain.mint({ tokenId: -1n, owner: HOLDER_RAW, metadataUrl: metadataUrl(3n) }),
    ).rejects.toThrow();
    await expect(chain.mint({ tokenId: 3n, owner: 'nope', metadataUrl: metadataUrl(3n) })).rejects.toThrow(
      /not a TON address/,
    );
    expect(await chain.findMint(3n)).toBeNull();
  });

  it('keeps the cards across a restart (DATA_DIR/chains/ton.json)', async () => {
    const env = testEnv();
    const first = (await pogTonChain(env))!;
    const receipt = await first.mint({ tokenId: 7n, owner: HOLDER_RAW, metadataUrl: metadataUrl(7n) });
    expect(existsSync(join(env.DATA_DIR, 'chains', 'ton.json'))).toBe(true);

    // A new process: another env object over the same DATA_DIR.
    const again = (await pogTonChain(loadEnv({ NODE_ENV: 'test', DATA_DIR: env.DATA_DIR })))!;
    expect(again).not.toBe(first);
    expect(await again.findMint(7n)).toEqual(receipt);
    expect(await again.mint({ tokenId: 7n, owner: HOLDER_RAW, metadataUrl: metadataUrl(7n) })).toEqual(
      receipt,
    );
    const next = await again.mint({ tokenId: 8n, owner: HOLDER_RAW, metadataUrl: metadataUrl(8n) });
    expect(next.contract).toBe(receipt.contract);
  });
});
