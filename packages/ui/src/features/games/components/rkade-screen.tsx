import '../games.css';
import type { Game } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Page } from '../../../components/page.tsx';
import { useDisplayFlags } from '../../../hooks/use-display-flags.ts';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useLocation, useNavigate } from '../../../routing/index.ts';
import { useGames } from '../api/get-games.ts';
import { leaveGameTarget, RKADE_PLAY_STATE } from '../lib/leave-game.ts';
import { GameList } from './game-list.tsx';

/** A browser game's address in the frame, with the page's SPEC §2 display flags passed on. */
export function gameFrameSrc(playUrl: string, flags: { showHeader: boolean; showFooter: boolean }): string {
  const url = new URL(playUrl, 'https://khel.invalid');
  if (!flags.showHeader) url.searchParams.set('header', 'false');
  if (!flags.showFooter) url.searchParams.set('footer', 'false');
  return /^https?:\/\//i.test(playUrl) ? url.toString() : `${url.pathname}${url.search}`;
}

/**
 * /rkade: the browser games (GET /game?playable=true); `?play=<slug>` opens one in a frame on this
 * page. The page honours the display flags (no header or footer, embedded), and passes them on.
 * A game opened from the list is one step of the history; closing it goes back that step (leaveGameTarget),
 * as the Mini App's back button does, so "back" never opens a game closed before.
 */
export function RkadeScreen() {
  useTextPart('quests');
  const { t } = useTranslation();
  const flags = useDisplayFlags();
  const [params] = useQueryParams();
  const { pathname, search, state } = useLocation();
  const navigate = useNavigate();
  const games = useGames({ playable: 'true' });
  const playing = games.data?.games.find((g) => g.slug === params.get('play') && g.playUrl);
  const play = (game: Game | null) => {
    if (!game) {
      const target = leaveGameTarget(pathname, search, state);
      if (target === -1) navigate(-1);
      else navigate(target, { replace: true });
      return;
    }
    const next = new URLSearchParams(params);
    next.set('play', game.slug);
    navigate(`${pathname}?${next.toString()}`, { state: RKADE_PLAY_STATE });
  };

  return (
    <Page title={playing ? playing.name : t('quests.rkade.title')}>
      {playing?.playUrl ? (
        <section
          className={`rkade-player${flags.embedded ? ' rkade-player--embedded' : ''}`}
          aria-label={playing.name}
        >
          <div className="rkade-player__bar">
            <h1 className="rkade-player__title">{t('quests.rkade.playing', { name: playing.name })}</h1>
            <Button variant="secondary" size="small" onClick={() => play(null)}>
              ✕ {t('quests.rkade.close')}
            </Button>
          </div>
          <iframe
            className="rkade-player__frame"
            title={t('quests.rkade.frameTitle', { name: playing.name })}
            src={gameFrameSrc(playing.playUrl, flags)}
            sandbox="allow-scripts allow-same-origin"
            allow="fullscreen; autoplay"
            referrerPolicy="strict-origin-when-cross-origin"
          />
        </section>
      ) : (
        <>
          <h1 className="page-title">{t('quests.rkade.title')}</h1>
          <p className="games-intro">{t('quests.rkade.intro')}</p>
          <GameList games={games} onPlay={play} />
        </>
      )}
    </Page>
  );
}
