import type { Raffle } from '@khel/core/contract';

/**
 * "khel-raffle-v1" recomputed in the browser with Web Crypto (docs/raffle.md): anyone can check that
 * the revealed seed hashes to the commitment published at LIVE and that the draw on the published
 * entrants gives the published winners.
 */
export const RAFFLE_ALGORITHM = 'khel-raffle-v1';

/** SHA-256 of `text` as UTF-8, in lower-case hex. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The winners in draw order: a partial Fisher–Yates shuffle driven by SHA-256(seed + ":" + i). */
export async function drawRaffle(
  seed: string,
  entrants: readonly string[],
  winners: number,
): Promise<string[]> {
  const list = [...entrants];
  const n = list.length;
  const draws = Math.min(winners, n);
  for (let i = 0; i < draws; i++) {
    const h = BigInt(`0x${await sha256Hex(`${seed}:${i}`)}`);
    const j = i + Number(h % BigInt(n - i));
    [list[i], list[j]] = [list[j] as string, list[i] as string];
  }
  return list.slice(0, draws);
}

/** Entrants sorted ascending as numbers (`9` before `10`), as the draw publishes them. */
export function isSortedNumerically(ids: readonly string[]): boolean {
  try {
    return ids.every((id, i) => i === 0 || BigInt(ids[i - 1] as string) < BigInt(id));
  } catch {
    return false;
  }
}

export interface RaffleCheck {
  /** SHA-256(seed) equals the published seedHash. */
  seedMatches: boolean;
  /** The published entrants are sorted ascending as numbers. */
  entrantsSorted: boolean;
  /** The winners recomputed here, in draw order. */
  recomputed: string[];
  /** The recomputed winners are the published ones, in the same order. */
  winnersMatch: boolean;
  /** Everything above holds. */
  verified: boolean;
}

/** Checks a drawn raffle; null while the seed is not revealed (the draw has not happened). */
export async function checkRaffle(raffle: Raffle): Promise<RaffleCheck | null> {
  if (!raffle.seed) return null;
  const seedMatches = raffle.seedHash !== null && (await sha256Hex(raffle.seed)) === raffle.seedHash;
  const entrantsSorted = isSortedNumerically(raffle.entrants);
  const recomputed = await drawRaffle(raffle.seed, raffle.entrants, raffle.winners);
  const winnersMatch =
    recomputed.length === raffle.drawn.length && recomputed.every((id, i) => id === raffle.drawn[i]);
  return {
    seedMatches,
    entrantsSorted,
    recomputed,
    winnersMatch,
    verified: seedMatches && entrantsSorted && winnersMatch && raffle.algorithm === RAFFLE_ALGORITHM,
  };
}
