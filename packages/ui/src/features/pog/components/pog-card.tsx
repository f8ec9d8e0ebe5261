import {
  POG_SCORE_CATEGORIES,
  POG_SCORE_MAX,
  type PogCard,
  type PogScores,
  type PogVariant,
} from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../lib/display-locale.ts';
import { Link } from '../../../routing/index.ts';
import { showcasePath } from '../lib/pog-view.ts';
import { LikeButton } from './like-button.tsx';

/** What a card face needs: a feed card, a dashboard's card or the mint flow's preview. */
export interface CardLook {
  name: string;
  variant: PogVariant;
  total: number;
  scores: PogScores;
  avatarUrl: string | null;
  rank?: number | null;
  theme?: string | null;
  images?: { front: string; back: string } | null;
}

export const cardLookOf = (card: PogCard): CardLook => ({
  name: card.name,
  variant: card.variant,
  total: card.total,
  scores: card.scores,
  avatarUrl: card.avatarUrl,
  rank: card.rank,
  theme: card.theme,
  images: card.images,
});

/** The avatar, or the name's first letter on the variant's colours while there is none. */
export function PogAvatar({ look, className = '' }: { look: CardLook; className?: string }) {
  const { t } = useTranslation();
  const [broken, setBroken] = useState(false);
  if (look.avatarUrl && !broken)
    return (
      <img
        className={`pog-avatar ${className}`}
        src={look.avatarUrl}
        alt={t('pog.card.avatarOf', { name: look.name })}
        loading="lazy"
        decoding="async"
        onError={() => setBroken(true)}
      />
    );
  return (
    <span className={`pog-avatar pog-avatar--empty ${className}`} aria-hidden="true">
      {look.name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** The card's front as our own frame: variant colours, avatar, name, score and rank. */
function FrontFace({ look }: { look: CardLook }) {
  const { t } = useTranslation();
  return (
    <div className="pog-face pog-face--front">
      <div className="pog-face__top">
        <span className="pog-variant">{t(`pog.variant.${look.variant}`)}</span>
        <span className="pog-face__total">
          <span className="visually-hidden">{t('pog.score.total')} </span>
          {look.total}
        </span>
      </div>
      <div className="pog-face__art">
        <PogAvatar look={look} />
      </div>
      <div className="pog-face__plate">
        <strong className="pog-face__name">{look.name}</strong>
        <span className="pog-face__meta">
          {look.rank ? t('pog.card.rank', { rank: look.rank }) : t('pog.card.soulbound')}
        </span>
      </div>
    </div>
  );
}

/** The card's back: the five scores as bars. */
function BackFace({ look }: { look: CardLook }) {
  const { t } = useTranslation();
  return (
    <div className="pog-face pog-face--back">
      <p className="pog-face__back-title">POG</p>
      <ScoreBars scores={look.scores} compact />
      <p className="pog-face__back-total">
        {t('pog.score.total')} <strong>{numberText(look.total)}</strong>
      </p>
      <p className="pog-face__back-name">{look.name}</p>
    </div>
  );
}

/** A server-rendered face laid over ours once it has loaded (ours shows while it loads or if it fails). */
function ServerImage({ src, alt }: { src: string | undefined; alt: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  if (!src || state === 'failed') return null;
  return (
    <img
      className={`pog-face__image${state === 'ready' ? ' pog-face__image--ready' : ''}`}
      src={src}
      alt={alt}
      decoding="async"
      onLoad={() => setState('ready')}
      onError={() => setState('failed')}
    />
  );
}

/**
 * A card big, with front and back (flip on tap): the server's card images where they are ready, our
 * own frame in the variant's colours (Common steel, Rare blue, Epic purple, Legendary gold) meanwhile.
 */
export function PogCardBig({ look, flippable = true }: { look: CardLook; flippable?: boolean }) {
  const { t } = useTranslation();
  const [flipped, setFlipped] = useState(false);
  const faces = (
    <>
      <div className="pog-card__side pog-card__side--front" aria-hidden={flipped}>
        <FrontFace look={look} />
        <ServerImage src={look.images?.front} alt={t('pog.card.front')} />
      </div>
      <div className="pog-card__side pog-card__side--back" aria-hidden={!flipped}>
        <BackFace look={look} />
        <ServerImage src={look.images?.back} alt={t('pog.card.back')} />
      </div>
    </>
  );
  return (
    <div className="pog-card-stage">
      <div
        className={`pog-card pog-card--big${flipped ? ' pog-card--flipped' : ''}`}
        data-variant={look.variant}
      >
        <div className="pog-card__inner">{faces}</div>
      </div>
      {flippable && (
        <button
          type="button"
          className="pog-flip"
          aria-pressed={flipped}
          onClick={() => setFlipped((f) => !f)}
        >
          ⟲ {t('pog.card.flip')} · {flipped ? t('pog.card.back') : t('pog.card.front')}
        </button>
      )}
    </div>
  );
}

/** A card in a feed or list: its front, a link to the showcase and the like button. */
export function PogCardTile({ card, onNeedSignIn }: { card: PogCard; onNeedSignIn?: () => void }) {
  const { t } = useTranslation();
  const look = cardLookOf(card);
  return (
    <article className="pog-tile" data-variant={card.variant}>
      <Link
        className="pog-tile__link"
        to={showcasePath(card.name)}
        aria-label={t('pog.card.open', { name: card.name })}
      >
        <div className="pog-card pog-card--tile" data-variant={card.variant}>
          <FrontFace look={look} />
        </div>
      </Link>
      <div className="pog-tile__foot">
        <span className="pog-tile__clan">{card.clan?.name ?? t(`pog.variant.${card.variant}`)}</span>
        <LikeButton card={card} {...(onNeedSignIn ? { onNeedSignIn } : {})} />
      </div>
    </article>
  );
}

/** The five scores as labelled bars (0..1000 each). */
export function ScoreBars({ scores, compact = false }: { scores: PogScores; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className={`pog-bars${compact ? ' pog-bars--compact' : ''}`}>
      {POG_SCORE_CATEGORIES.map((category) => (
        <li key={category} className="pog-bars__row" data-score={category}>
          <span className="pog-bars__label">{t(`pog.score.${category}`)}</span>
          <span className="pog-bars__track" aria-hidden="true">
            <span
              className="pog-bars__fill"
              style={{ width: `${Math.round((scores[category] / POG_SCORE_MAX) * 100)}%` }}
            />
          </span>
          <span className="pog-bars__value">
            {scores[category]}
            <span className="visually-hidden"> / {POG_SCORE_MAX}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
