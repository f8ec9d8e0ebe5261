import { createHash, randomBytes } from 'node:crypto';

/**
 * The verifiable raffle "khel-raffle-v1" (docs/raffle.md). At LIVE the campaign draws a secret
 * 32-byte seed and publishes seedHash = SHA-256 of the seed's hex text; at the draw it publishes the
 * seed and the entrants (public entry ids of FINISHED entries, sorted ascending as numbers), and anyone
 * can recompute the winners:
 *
 *   list = entrants
 *   for i in 0 .. min(W, n) − 1:
 *     h = SHA-256(seed + ":" + i) read as a 256-bit big-endian integer
 *     j = i + (h mod (n − i))
 *     swap list[i] and list[j]
 *   winners = list[0 .. min(W, n) − 1], in draw order
 */
export const RAFFLE_ALGORITHM = 'khel-raffle-v1';

const SEED_PATTERN = /^[0-9a-f]{64}$/;

const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A fresh secret seed: 32 random bytes as 64 lower-case hex characters. */
export function newRaffleSeed(): string {
  return randomBytes(32).toString('hex');
}

/** The commitment published at LIVE: SHA-256 (hex) of the seed's hex text as UTF-8. */
export function raffleSeedHash(seed: string): string {
  if (!SEED_PATTERN.test(seed)) throw new RangeError('A raffle seed is 64 lower-case hex characters');
  return sha256Hex(seed);
}

/** Entry ids as decimal strings, sorted ascending as numbers (not as text: "9" before "10"). */
export function sortEntrants(ids: readonly (string | number | bigint)[]): string[] {
  return ids
    .map((id) => BigInt(id))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map(String);
}

/**
 * The winners of a draw, in draw order (position 1 first): a partial Fisher–Yates shuffle of the
 * sorted entrants driven by SHA-256(seed + ":" + i). Fewer entrants than winners: everyone wins.
 */
export function drawRaffle(seed: string, entrants: readonly string[], winners: number): string[] {
  raffleSeedHash(seed);
  if (!Number.isSafeInteger(winners) || winners < 0) throw new RangeError('winners is a whole number');
  const list = sortEntrants(entrants);
  if (list.some((id, i) => id !== entrants[i])) throw new RangeError('Entrants must be sorted ascending');
  const n = list.length;
  const draws = Math.min(winners, n);
  for (let i = 0; i < draws; i++) {
    const h = BigInt(`0x${sha256Hex(`${seed}:${i}`)}`);
    const j = i + Number(h % BigInt(n - i));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  return list.slice(0, draws);
}
