import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { drawRaffle, newRaffleSeed, RAFFLE_ALGORITHM, raffleSeedHash, sortEntrants } from './raffle.ts';

/**
 * A second implementation of khel-raffle-v1, written from docs/raffle.md and sharing no code with
 * raffle.ts: Web Crypto instead of node:crypto, the hash reduced modulo (n − i) byte by byte with plain
 * numbers instead of one BigInt, and the shuffle kept as a map of swapped positions.
 */
async function independentDraw(seed: string, entrants: string[], winners: number): Promise<string[]> {
  const sorted = [...entrants].sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  const n = sorted.length;
  const moved = new Map<number, string>();
  const at = (k: number) => moved.get(k) ?? sorted[k]!;
  const out: string[] = [];
  for (let i = 0; i < Math.min(winners, n); i++) {
    const bytes = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${seed}:${i}`)),
    );
    const m = n - i;
    let r = 0;
    for (const b of bytes) r = (r * 256 + b) % m;
    const j = i + r;
    const picked = at(j);
    moved.set(j, at(i));
    out.push(picked);
  }
  return out;
}

async function independentHash(seed: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(seed));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const seeds = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const entrantLists = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000_000 }), { minLength: 0, maxLength: 200 })
  .map((ids) => sortEntrants(ids));

describe(RAFFLE_ALGORITHM, () => {
  it('an independent implementation recomputes the winners from the revealed seed and entrants', async () => {
    await fc.assert(
      fc.asyncProperty(seeds, entrantLists, fc.integer({ min: 1, max: 50 }), async (seed, entrants, w) => {
        const winners = drawRaffle(seed, entrants, w);
        expect(winners).toEqual(await independentDraw(seed, entrants, w));
        expect(raffleSeedHash(seed)).toBe(await independentHash(seed));
        expect(new Set(winners).size).toBe(winners.length);
        expect(winners.length).toBe(Math.min(w, entrants.length));
      }),
      { numRuns: 200 },
    );
  });

  it('changing the seed changes the winners', () => {
    const entrants = sortEntrants(Array.from({ length: 1000 }, (_, i) => i * 7 + 3));
    const seed = newRaffleSeed();
    const winners = drawRaffle(seed, entrants, 10);
    expect(drawRaffle(seed, entrants, 10)).toEqual(winners);
    for (let k = 0; k < 20; k++) expect(drawRaffle(newRaffleSeed(), entrants, 10)).not.toEqual(winners);
    // One hex digit changed is a different draw too.
    const flipped = (seed[0] === 'a' ? 'b' : 'a') + seed.slice(1);
    expect(drawRaffle(flipped, entrants, 10)).not.toEqual(winners);
  });

  it('with fewer entrants than winners everyone wins', () => {
    const seed = newRaffleSeed();
    const winners = drawRaffle(seed, ['4', '9', '12'], 5);
    expect([...winners].sort()).toEqual(['12', '4', '9']);
    expect(drawRaffle(seed, [], 5)).toEqual([]);
  });

  it('sorts entrants as numbers and refuses an unsorted list or a malformed seed', () => {
    expect(sortEntrants(['10', '9', 100, 2n])).toEqual(['2', '9', '10', '100']);
    const seed = newRaffleSeed();
    expect(seed).toMatch(/^[0-9a-f]{64}$/);
    expect(() => drawRaffle(seed, ['10', '9'], 1)).toThrow(RangeError);
    expect(() => drawRaffle('XYZ', ['1'], 1)).toThrow(RangeError);
  });

  it('gives the worked example of docs/raffle.md', async () => {
    const doc = readFileSync(new URL('../../../../../docs/raffle.md', import.meta.url), 'utf8');
    const seed = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
    const entrants = ['3', '5', '8', '13', '21', '34', '55', '89'];
    const winners = drawRaffle(seed, entrants, 3);
    expect(winners).toEqual(await independentDraw(seed, entrants, 3));
    expect(doc).toContain(seed);
    expect(doc).toContain(raffleSeedHash(seed));
    expect(doc).toContain(`winners, in draw order: ${winners.join(', ')}`);
  });
});
