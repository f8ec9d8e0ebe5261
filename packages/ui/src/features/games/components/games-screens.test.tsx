import type { Game } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { gameFiltersQueryKey, gamesQueryKey } from '../api/game-keys.ts';
import { GamesScreen } from './games-screen.tsx';
import { gameFrameSrc, RkadeScreen } from './rkade-screen.tsx';

const BOWLING: Game = {
  id: '44444444-4444-4444-8444-444444444444',
  slug: 'bullie-bowling',
  name: 'Bullie Bowling',
  description: 'Ten-pin bowling in the Bullieverse.',
  genres: ['Sports', 'Casual'],
  platforms: ['Browser', 'Windows'],
  networks: ['Polygon'],
  loginMethods: ['email'],
  coverUrl: '/art/games/bullie-bowling.svg',
  playUrl: '/rkade/bowling/',
  hubSlug: 'bullieverse',
  liveQuestCount: 2,
  translations: { 'pt-BR': { description: 'Boliche de dez pinos no Bullieverse.' } },
};
const page = (games: Game[]) => ({
  page: 1,
  limit: 100,
  total: games.length,
  offset: 0,
  isLastCard: true,
  games,
});
const FILTERS = {
  genres: [
    { value: 'Sports', count: 3 },
    { value: 'MOBA', count: 0 },
  ],
  platforms: [{ value: 'Browser', count: 4 }],
  networks: [{ value: 'Polygon', count: 4 }],
};

describe('/games/', () => {
  it('lists games with cover, genres, platforms, live quests and the filters that have games', () => {
    const html = renderScreen(<GamesScreen />, {
      at: '/games/',
      queries: [
        [gamesQueryKey({}), page([BOWLING])],
        [gameFiltersQueryKey, FILTERS],
      ],
    });
    const plain = text(html);
    expect(html).toContain('src="/art/games/bullie-bowling.svg"');
    expect(plain).toContain('Bullie Bowling');
    expect(plain).toContain('Live quests: 2');
    expect(plain).toContain('Sports (3)');
    expect(plain).not.toContain('MOBA (0)');
    expect(html).toContain('href="/k-quest/?game=bullie-bowling"');
  });

  it('empty, in Portuguese', () => {
    const plain = text(
      renderScreen(<GamesScreen />, {
        at: '/games/?genre=Sports',
        language: 'pt-BR',
        queries: [[gamesQueryKey({ genre: 'Sports' }), page([])]],
      }),
    );
    expect(plain).toContain('Jogos');
    expect(plain).toContain('Parece que ainda não há nada aqui');
  });
});

describe('/rkade', () => {
  it('lists browser games with Play; ?play=<slug> shows the game in a frame', () => {
    const list = renderScreen(<RkadeScreen />, {
      at: '/rkade',
      queries: [[gamesQueryKey({ playable: 'true' }), page([BOWLING])]],
    });
    expect(text(list)).toContain('Play');
    const pt = renderScreen(<RkadeScreen />, {
      at: '/rkade',
      language: 'pt-BR',
      queries: [[gamesQueryKey({ playable: 'true' }), page([BOWLING])]],
    });
    expect(text(pt)).toContain('Boliche de dez pinos no Bullieverse.');
    const playing = renderScreen(<RkadeScreen />, {
      at: '/rkade?play=bullie-bowling&header=false',
      language: 'hi',
      queries: [[gamesQueryKey({ playable: 'true' }), page([BOWLING])]],
    });
    expect(playing).toMatch(/<iframe[^>]*src="\/rkade\/bowling\/\?header=false"/);
    expect(text(playing)).toContain('गेम बंद करें');
  });

  it('passes the display flags on to the game', () => {
    expect(gameFrameSrc('/rkade/racer/', { showHeader: true, showFooter: true })).toBe('/rkade/racer/');
    expect(gameFrameSrc('/rkade/racer/', { showHeader: false, showFooter: false })).toBe(
      '/rkade/racer/?header=false&footer=false',
    );
  });
});
