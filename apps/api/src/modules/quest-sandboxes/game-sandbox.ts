import type { AppDeps } from '../../lib/context.ts';

/**
 * The sandbox partner game server (DESIGN §8): what the demo quests' game_api endpoints
 * (https://games.khel.local/<game>/players) answer outside production. It knows, for every game, the
 * players SANDBOX_DEMO_PLAYERS lists and those a developer adds (POST /api/dev/games/<game>/players);
 * they live in this process's memory, so a restart forgets the added ones. It is a sandbox: no
 * partner's data is involved.
 */
export const SANDBOX_GAME_HOST = 'games.khel.local';

/** Player ids every sandbox game knows from the start (a user id and a username of each form). */
export const SANDBOX_DEMO_PLAYERS = ['1000001', '1000002', 'khel_player'] as const;

const players = new WeakMap<AppDeps, Map<string, Set<string>>>();

function gamePlayers(deps: AppDeps, game: string): Set<string> {
  let games = players.get(deps);
  if (!games) {
    games = new Map();
    players.set(deps, games);
  }
  let known = games.get(game);
  if (!known) {
    known = new Set(SANDBOX_DEMO_PLAYERS);
    games.set(game, known);
  }
  return known;
}

export const sandboxKnowsPlayer = (deps: AppDeps, game: string, playerId: string) =>
  gamePlayers(deps, game).has(playerId);

export function addSandboxPlayer(deps: AppDeps, game: string, playerId: string): void {
  gamePlayers(deps, game).add(playerId);
}

/** Whether game_api endpoints on SANDBOX_GAME_HOST are answered by the sandbox (never in production). */
export const gameSandboxEnabled = (deps: AppDeps) =>
  deps.env.NODE_ENV !== 'production' && (deps.env.GAME_API_SANDBOX ?? true);

/**
 * What the sandbox answers for `GET https://games.khel.local/<game>/players?playerId=…`, as the HTTP
 * status a partner would: 200 a known player, 400 an unknown one, 404 any other path.
 */
export function sandboxGameStatus(deps: AppDeps, url: URL): number {
  const game = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)\/players\/?$/.exec(url.pathname)?.[1];
  const playerId = url.searchParams.get('playerId');
  if (!game) return 404;
  return playerId && sandboxKnowsPlayer(deps, game, playerId) ? 200 : 400;
}
