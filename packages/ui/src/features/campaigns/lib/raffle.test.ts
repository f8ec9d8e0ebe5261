import { describe, expect, it } from 'vitest';
import { checkRaffle, drawRaffle, isSortedNumerically, sha256Hex } from './raffle.ts';

// The worked example of docs/raffle.md.
const SEED = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';
const SEED_HASH = '6c86c6aac5fb24bcf5d9939cb7d7d5645ce39418f449e03b262dd4fa14b4b92b';
const ENTRANTS = ['3', '5', '8', '13', '21', '34', '55', '89'];
const raffle = (over: Record<string, unknown> = {}) => ({
  campaignId: '11111111-1111-4111-8111-111111111111',
  seedHash: SEED_HASH,
  seed: SEED,
  drawnAt: '2026-01-01T00:00:00.000Z',
  winners: 3,
  entrants: ENTRANTS,
  drawn: ['55', '3', '21'],
  algorithm: 'khel-raffle-v1',
  ...over,
});

describe('khel-raffle-v1 in the browser (Web Crypto)', () => {
  it('hashes the seed text and draws the worked example of docs/raffle.md', async () => {
    expect(await sha256Hex(SEED)).toBe(SEED_HASH);
    expect(await sha256Hex(`${SEED}:0`)).toBe(
      'e28db7887e863dfee458bb3c1ecb9a1482e71f4671593896ea227d0fb2a1c49e',
    );
    expect(await drawRaffle(SEED, ENTRANTS, 3)).toEqual(['55', '3', '21']);
  });

  it('everyone wins when there are fewer entrants than winners', async () => {
    const drawn = await drawRaffle(SEED, ['4', '7'], 5);
    expect([...drawn].sort()).toEqual(['4', '7']);
  });

  it('verifies a fair draw and refuses a changed seed, winner list or entrant order', async () => {
    expect(await checkRaffle(raffle())).toMatchObject({
      verified: true,
      winnersMatch: true,
      seedMatches: true,
    });
    const otherSeed = `${SEED.slice(0, -1)}e`;
    const changed = await checkRaffle(raffle({ seed: otherSeed }));
    expect(changed?.seedMatches).toBe(false);
    expect(changed?.verified).toBe(false);
    expect((await checkRaffle(raffle({ drawn: ['3', '55', '21'] })))?.winnersMatch).toBe(false);
    expect(isSortedNumerically(['9', '10'])).toBe(true);
    expect(isSortedNumerically(['10', '9'])).toBe(false);
    expect((await checkRaffle(raffle({ entrants: ['5', '3', ...ENTRANTS.slice(2)] })))?.verified).toBe(false);
    expect(await checkRaffle(raffle({ seed: null }))).toBeNull();
  });
});
