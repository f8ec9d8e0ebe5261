import type { Game } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { Link } from '../../../routing/index.ts';

/** A game of the catalogue: cover, name, genres and platforms, its live quests, and Play for browser games. */
export function GameCard({ game, onPlay }: { game: Game; onPlay?: ((game: Game) => void) | undefined }) {
  const { t, i18n } = useTranslation();
  const titleId = `game-${game.slug}`;
  return (
    <article className="game-card" aria-labelledby={titleId} data-slug={game.slug}>
      <div className="game-card__art">
        <img className="game-card__cover" src={game.coverUrl} alt="" loading="lazy" decoding="async" />
        {game.liveQuestCount > 0 && (
          <span className="game-card__quests">
            {t('quests.games.liveQuests', { count: game.liveQuestCount })}
          </span>
        )}
      </div>
      <div className="game-card__body">
        <h3 className="game-card__name" id={titleId}>
          {game.name}
        </h3>
        <p className="game-card__description">{localized(game, 'description', i18n.language)}</p>
        <ul className="game-card__tags" aria-label={t('quests.games.genre')}>
          {game.genres.slice(0, 3).map((g) => (
            <li key={g} className="game-tag">
              {g}
            </li>
          ))}
        </ul>
        <p className="game-card__platforms">{game.platforms.join(' · ')}</p>
        <div className="game-card__actions">
          {game.liveQuestCount > 0 && (
            <Link className="button button--secondary button--small" to={`/k-quest/?game=${game.slug}`}>
              {t('quests.games.quests')}
            </Link>
          )}
          {game.playUrl && onPlay && (
            <button
              type="button"
              className="button button--primary button--small"
              aria-label={`${t('quests.games.play')}: ${game.name}`}
              onClick={() => onPlay(game)}
            >
              ▶ {t('quests.games.play')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
