import { createHash } from 'node:crypto';
import type { AppDeps } from '../../lib/context.ts';

/**
 * The game API a tournament's results come from (DESIGN §8): leaderboard scores and, for disputed
 * bracket matches, the game's own record of who won. Behind this interface so production can plug in a
 * partner's API; outside production the sandbox below answers (GAME_API_SANDBOX, on by default there).
 */
export interface KlashGameApi {
  readonly name: string;
  /** Each entry's best score in the game between `from` and `to` (entries with no run yet are left out). */
  scores(input: {
    gameSlug: string;
    tournamentId: string;
    entryIds: readonly string[];
    from: Date;
    to: Date;
  }): Promise<{ entryId: string; score: number }[]>;
  /** The entry the game recorded as the match's winner, or null when it has no record. */
  matchWinner(input: {
    gameSlug: string;
    matchId: string;
    entryA: string;
    entryB: string;
  }): Promise<string | null>;
}

/** How often a sandbox player plays a run during a leaderboard tournament. */
export const SANDBOX_RUN_EVERY_MS = 20 * 60 * 1000;
const SANDBOX_MAX_SCORE = 10_000;

/**
 * The sandbox game server: every registered entry plays one run every 20 minutes from the start, each
 * run's score drawn from SHA-256(tournament:entry:run), so the board fills in over the 24 hours the way a
 * real one would, the same in every process, and never counts a run before the start or after the end.
 * Match results are known only for matches a developer recorded (`recordMatchWinner`).
 */
export class SandboxKlashGameApi implements KlashGameApi {
  readonly name = 'sandbox';
  private readonly winners = new Map<string, string>();

  async scores(input: { tournamentId: string; entryIds: readonly string[]; from: Date; to: Date }) {
    const runs = Math.floor((input.to.getTime() - input.from.getTime()) / SANDBOX_RUN_EVERY_MS);
    if (runs < 1) return [];
    return input.entryIds.map((entryId) => {
      let best = 0;
      for (let run = 0; run < Math.min(runs, 200); run++)
        best = Math.max(best, sandboxRunScore(input.tournamentId, entryId, run));
      return { entryId, score: best };
    });
  }

  async matchWinner(input: { matchId: string; entryA: string; entryB: string }) {
    const winner = this.winners.get(input.matchId);
    return winner === input.entryA || winner === input.entryB ? winner : null;
  }

  recordMatchWinner(matchId: string, entryId: string) {
    this.winners.set(matchId, entryId);
  }
}

export function sandboxRunScore(tournamentId: string, entryId: string, run: number): number {
  const digest = createHash('sha256').update(`${tournamentId}:${entryId}:${run}`).digest();
  return digest.readUInt32BE(0) % SANDBOX_MAX_SCORE;
}

/** Production without a partner API: no automatic scores or results (operators record them). */
export class NoKlashGameApi implements KlashGameApi {
  readonly name = 'none';
  async scores() {
    return [];
  }
  async matchWinner() {
    return null;
  }
}

export function createKlashGameApi(env: AppDeps['env']): KlashGameApi {
  const sandbox = env.NODE_ENV !== 'production' && (env.GAME_API_SANDBOX ?? true);
  return sandbox ? new SandboxKlashGameApi() : new NoKlashGameApi();
}
