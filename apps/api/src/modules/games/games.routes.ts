import {
  GAME_GENRES,
  GAME_LOGIN_METHODS,
  GAME_NETWORKS,
  GAME_PLATFORMS,
  gamesRoutes,
} from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { gameFilters, gameMetadata, getGame, listGames } from './games.ts';

/** GET /game, /game/filter, /game/metadata, /game/login-method, /game/by-slug/:slug, /game-genre, /game-platform, /game-network. */
export function gamesRouter() {
  const app = new Hono<AppEnv>();
  mount(app, gamesRoutes.games, async ({ c, query }) => ({
    data: await listGames(c.get('deps').db, query, c.get('deps').clock()),
  }));
  mount(app, gamesRoutes.gameFilters, async ({ c }) => ({ data: await gameFilters(c.get('deps').db) }));
  mount(app, gamesRoutes.gameMetadata, async ({ c }) => ({ data: await gameMetadata(c.get('deps').db) }));
  mount(app, gamesRoutes.gameLoginMethods, async () => ({ data: { loginMethods: [...GAME_LOGIN_METHODS] } }));
  mount(app, gamesRoutes.gameGenres, async () => ({ data: { genres: [...GAME_GENRES] } }));
  mount(app, gamesRoutes.gamePlatforms, async () => ({ data: { platforms: [...GAME_PLATFORMS] } }));
  mount(app, gamesRoutes.gameNetworks, async () => ({ data: { networks: [...GAME_NETWORKS] } }));
  mount(app, gamesRoutes.game, async ({ c, params }) => ({
    data: await getGame(c.get('deps').db, params.slug, c.get('deps').clock()),
  }));
  return app;
}
