// @khel/ui/games: the games catalogue (/games/), the Rkade (/rkade) and every request of the games
// capability (list, filters, metadata, genres, platforms, networks, login methods, one game).
export { CATALOGUE_STALE_MS, gameQueryKey, gamesQueryKey, gamesRootKey } from './api/game-keys.ts';
export { getGame, useGame } from './api/get-game.ts';
export { getGameFilters, useGameFilters } from './api/get-game-filters.ts';
export { getGameGenres, useGameGenres } from './api/get-game-genres.ts';
export { getGameLoginMethods, useGameLoginMethods } from './api/get-game-login-methods.ts';
export { getGameMetadata, useGameMetadata } from './api/get-game-metadata.ts';
export { getGameNetworks, useGameNetworks } from './api/get-game-networks.ts';
export { getGamePlatforms, useGamePlatforms } from './api/get-game-platforms.ts';
export { type GamesQuery, getGames, useGames } from './api/get-games.ts';
export { GameCard } from './components/game-card.tsx';
export { GamesScreen } from './components/games-screen.tsx';
export { gameFrameSrc, RkadeScreen } from './components/rkade-screen.tsx';
export { leaveGameTarget, RKADE_PLAY_STATE } from './lib/leave-game.ts';
