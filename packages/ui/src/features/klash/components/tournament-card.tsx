import type { KlashTournament } from '@khel/core/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { countedText } from '../../../lib/money-text.ts';
import { Link } from '../../../routing/index.ts';
import { useNow } from '../hooks/use-now.ts';
import { cardTiming, coverOf, filledShare } from '../lib/klash-view.ts';
import { Countdown } from './countdown.tsx';

/** Format and mode as tags ("Bracket", "Teams of 4"). */
export function TournamentTags({ tournament }: { tournament: KlashTournament }) {
  const { t } = useTranslation();
  return (
    <>
      {tournament.status === 'live' && (
        <span className="klash-tag klash-tag--live">● {t('klash.status.live')}</span>
      )}
      <span className="klash-tag">{t(`klash.format.${tournament.format}`)}</span>
      <span className="klash-tag">
        {tournament.mode === 'solo'
          ? t('klash.mode.solo')
          : t('klash.mode.team', { count: tournament.teamSize })}
      </span>
    </>
  );
}

/** Spots taken as a bar, with "N spots left" (or Full). */
export function SlotsBar({ tournament }: { tournament: KlashTournament }) {
  const { t } = useTranslation();
  const full = tournament.spotsLeft === 0;
  return (
    <div className={`klash-slots${full ? ' klash-slots--full' : ''}`}>
      <span className="klash-slots__bar" style={{ '--filled': filledShare(tournament) } as CSSProperties}>
        <span className="klash-slots__fill" />
      </span>
      <span>
        {t('klash.card.registered', { count: tournament.registeredCount, capacity: tournament.capacity })}
        {' · '}
        <strong>
          {full ? t('klash.card.full') : t('klash.card.spotsLeft', { count: tournament.spotsLeft })}
        </strong>
      </span>
    </div>
  );
}

/** The entry fee: "Free entry" or its amount in K-Cash. */
export function feeText(tournament: Pick<KlashTournament, 'entryFee'>, free: string): string {
  return BigInt(tournament.entryFee.amount) === 0n ? free : countedText(tournament.entryFee);
}

/** When it matters next, ticking: "Registration closes in 2h 10m", "Live now", "Ended 3/Dec/26, …". */
export function TimingLine({ tournament }: { tournament: KlashTournament }) {
  const { t } = useTranslation();
  const now = useNow(30_000);
  const formatDate = useFormatDateTime();
  const timing = cardTiming(tournament, now);
  if (timing.key === 'liveNow' || timing.key === 'cancelled')
    return <span className="klash-fact">{t(`klash.card.${timing.key}`)}</span>;
  if (timing.key === 'endedOn')
    return <span className="klash-fact">{t('klash.card.endedOn', { date: formatDate(timing.at) })}</span>;
  const [before, after] = t(`klash.card.${timing.key}`, { time: '\u0000' }).split('\u0000');
  return (
    <span className="klash-fact">
      ⏱ {before}
      <Countdown to={timing.at} />
      {after}
    </span>
  );
}

/** A tournament in the list: game art, tags, title, prize pool, fee, the clock and the slots bar. */
export function TournamentCard({ tournament }: { tournament: KlashTournament }) {
  const { t } = useTranslation();
  return (
    <article className="klash-card" data-tournament={tournament.slug}>
      <div className="klash-card__art" style={{ backgroundImage: `url("${coverOf(tournament)}")` }}>
        <div className="klash-card__tags">
          <TournamentTags tournament={tournament} />
        </div>
        <span className="klash-card__game">🎮 {tournament.game.name}</span>
      </div>
      <div className="klash-card__body">
        <h3 className="klash-card__title">
          <Link className="card-link" to={`/klash/${tournament.slug}`}>
            {tournament.title}
          </Link>
        </h3>
        <div className="klash-prize">
          🏆 {countedText(tournament.prizePool)}
          <small>{t('klash.card.prizePool')}</small>
        </div>
        <div className="klash-card__facts">
          <span className="klash-fact">
            🎟 <strong>{feeText(tournament, t('klash.card.free'))}</strong>
          </span>
          <TimingLine tournament={tournament} />
        </div>
        {(tournament.status === 'scheduled' || tournament.status === 'registration_open') && (
          <SlotsBar tournament={tournament} />
        )}
      </div>
    </article>
  );
}

/**
 * The list's room while it loads: one card (as tall as a card). More would hold room the list rarely fills, and
 * the page's footer would then move up into view when a short list comes (issue 25, layout shift); a longer
 * list only pushes what is below the first screen.
 */
export function TournamentSkeletons({ count = 1 }: { count?: number }) {
  return (
    <ul className="klash-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <li key={i} className="klash-skeleton" />
      ))}
    </ul>
  );
}
