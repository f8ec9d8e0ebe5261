import { ShareToChatButton } from '../../../components/share-to-chat.tsx';
import '../klash.css';
import type { KlashBracket, KlashLeaderboard, KlashTournamentDetails } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { countedText } from '../../../lib/money-text.ts';
import type { PrimaryActionListener } from '../../../lib/primary-action.ts';
import { SCREEN_PATHS } from '../../../routes/route-table.ts';
import { Link, useParams } from '../../../routing/index.ts';
import { useBracket } from '../api/get-bracket.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';
import { useTournament } from '../api/get-tournament.ts';
import { bracketMatchesOf, coverOf, myEntryIdIn } from '../lib/klash-view.ts';
import { BracketPicture } from './bracket-picture.tsx';
import { LeaderboardPicture, type ScoreRowView } from './leaderboard-picture.tsx';
import { MatchCard } from './my-matches.tsx';
import { RegistrationPanel } from './registration-panel.tsx';
import { TimingLine, TournamentTags } from './tournament-card.tsx';

/** The schedule as a timeline: what has happened is ticked, what is happening glows. */
function Schedule({ tournament }: { tournament: KlashTournamentDetails }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const now = Date.now();
  const steps: { key: 'opens' | 'closes' | 'starts' | 'ends'; at: string }[] = [
    { key: 'opens', at: tournament.registrationOpensAt },
    { key: 'closes', at: tournament.registrationClosesAt },
    { key: 'starts', at: tournament.startsAt },
    ...(tournament.format === 'leaderboard' && tournament.endsAt
      ? [{ key: 'ends' as const, at: tournament.endsAt }]
      : []),
  ];
  const current = steps.findLastIndex((s) => Date.parse(s.at) <= now);
  return (
    <section className="klash-section" aria-labelledby="klash-schedule">
      <h2 className="klash-section__title" id="klash-schedule">
        📅 {t('klash.page.schedule')}
      </h2>
      <ol className="klash-timeline">
        {steps.map((step, i) => (
          <li
            key={step.key}
            className={`klash-timeline__step${i < current ? ' klash-timeline__step--done' : ''}${i === current ? ' klash-timeline__step--now' : ''}`}
          >
            <span className="klash-timeline__dot" aria-hidden="true" />
            <span className="klash-timeline__text">
              <strong>{t(`klash.schedule.${step.key}`)}</strong>
              <time dateTime={step.at}>{formatDate(step.at)}</time>
            </span>
          </li>
        ))}
      </ol>
      {tournament.format === 'bracket' && (
        <p className="klash-muted">{t('klash.schedule.matchTime', { count: tournament.matchMinutes })}</p>
      )}
    </section>
  );
}

/** Prizes by rank as medals (1st 1,200 K-Cash …) or by percentile band. */
function Prizes({ tournament }: { tournament: KlashTournamentDetails }) {
  const { t } = useTranslation();
  const { prizes } = tournament;
  return (
    <section className="klash-section" aria-labelledby="klash-prizes">
      <h2 className="klash-section__title" id="klash-prizes">
        🏆 {t('klash.page.prizes')}
      </h2>
      <p className="klash-prize">{t('klash.prizes.pool', { amount: countedText(tournament.prizePool) })}</p>
      <ol className="klash-prizes">
        {prizes.kind === 'rank'
          ? prizes.ranks.map((r) => (
              <li key={r.rank} className="klash-prizes__row">
                <span className={`klash-medal klash-medal--${Math.min(r.rank, 4)}`} aria-hidden="true">
                  {r.rank}
                </span>
                <span className="klash-prizes__label">{t('klash.prizes.rank', { rank: r.rank })}</span>
                <span className="klash-prizes__amount">{countedText(r.amount)}</span>
              </li>
            ))
          : prizes.bands.map((b, i) => (
              <li key={b.fromPercent} className="klash-prizes__row">
                <span className={`klash-medal klash-medal--${Math.min(i + 1, 4)}`} aria-hidden="true">
                  %
                </span>
                <span className="klash-prizes__label">
                  {t('klash.prizes.band', { from: b.fromPercent, to: b.toPercent })}
                  <br />
                  <small className="klash-muted">{t('klash.prizes.bandNote')}</small>
                </span>
                <span className="klash-prizes__amount">{countedText(b.amount)}</span>
              </li>
            ))}
      </ol>
      <p className="klash-muted">{t('klash.prizes.paidAs')}</p>
    </section>
  );
}

/** A finished tournament: the champion and, for a participant, their rank and prize with the way to collect it. */
function Results({ tournament }: { tournament: KlashTournamentDetails }) {
  const { t } = useTranslation();
  const mine = tournament.myRegistration;
  return (
    <section className="klash-result" aria-labelledby="klash-results" data-testid="klash-results">
      <span className="klash-result__rank" aria-hidden="true">
        🏆
      </span>
      <h2 className="klash-result__title" id="klash-results">
        {t('klash.page.champion')}: {tournament.winner?.name ?? '—'}
      </h2>
      {mine?.rank && <p>{t('klash.result.rank', { rank: mine.rank })}</p>}
      {mine?.prize ? (
        <>
          <p className="klash-prize">{t('klash.result.prize', { amount: countedText(mine.prize) })}</p>
          <p>{mine.prizePaid ? t('klash.result.paid') : t('klash.result.pending')}</p>
          <Link className="button button--primary" to={SCREEN_PATHS.collectEarnings}>
            {t('klash.result.collect')}
          </Link>
        </>
      ) : (
        mine && <p className="klash-muted">{t('klash.result.noPrize')}</p>
      )}
    </section>
  );
}

/** The bracket picture and, for a participant, their matches with Report result. */
function BracketSection({
  tournament,
  bracket,
}: {
  tournament: KlashTournamentDetails;
  bracket: KlashBracket;
}) {
  const { t } = useTranslation();
  const mine = bracket.rounds
    .flatMap((r) => r.matches)
    .filter((m) => m.mySide !== null && !m.sides.some((s) => s.isBye))
    .sort((a, b) => Number(a.state === 'settled') - Number(b.state === 'settled') || b.round - a.round);
  const canReport = tournament.myRegistration?.isCaptain ?? false;
  return (
    <>
      {tournament.status === 'live' && mine.length > 0 && (
        <section className="klash-section" aria-labelledby="klash-my-matches">
          <h2 className="klash-section__title" id="klash-my-matches">
            ⚔ {t('klash.page.myMatches')}
          </h2>
          <ul className="klash-matches">
            {mine.map((match) => (
              <li key={match.id}>
                <MatchCard
                  match={match}
                  canReport={canReport}
                  solo={tournament.mode === 'solo'}
                  rounds={bracket.roundCount}
                />
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="klash-section" aria-labelledby="klash-bracket">
        <h2 className="klash-section__title" id="klash-bracket">
          🗂 {t('klash.page.bracket')}
        </h2>
        <BracketPicture
          matches={bracketMatchesOf(bracket, t('klash.bracket.bye'))}
          myEntryId={myEntryIdIn(bracket)}
        />
        {bracket.roundCount > 1 && <p className="klash-muted">↔ {t('klash.bracket.scrollHint')}</p>}
      </section>
    </>
  );
}

/** The leaderboard picture; the reader's own rank under it when they are outside the rows shown. */
function LeaderboardSection({ board }: { board: KlashLeaderboard }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  const rows: ScoreRowView[] = board.rows.map((r) => ({
    entryId: r.entryId,
    rank: r.rank,
    name: r.name,
    avatarUrl: null,
    score: r.score,
    prize: r.prize ? countedText(r.prize) : null,
  }));
  const me = board.me;
  const meShown = me !== null && board.rows.some((r) => r.entryId === me.entryId);
  return (
    <section className="klash-section" aria-labelledby="klash-board">
      <h2 className="klash-section__title" id="klash-board">
        📊 {t('klash.page.leaderboard')}
        <span className="klash-muted">· {t('klash.board.total', { count: board.total })}</span>
      </h2>
      <LeaderboardPicture rows={rows} myEntryId={me?.entryId ?? null} live={board.status === 'live'} />
      {me && !meShown && (
        <p className="klash-fact">
          {t('klash.board.yourRank', { rank: me.rank, score: t('klash.board.points', { count: me.score }) })}
        </p>
      )}
      {board.updatedAt && (
        <p className="klash-muted">{t('klash.board.updated', { date: formatDate(board.updatedAt) })}</p>
      )}
    </section>
  );
}

function Standings({ tournament }: { tournament: KlashTournamentDetails }) {
  const describeError = useErrorMessage();
  const started = tournament.status === 'live' || tournament.status === 'completed';
  const live = tournament.status === 'live';
  const isBracket = tournament.format === 'bracket';
  const bracket = useBracket(tournament.id, { enabled: started && isBracket, live });
  const board = useLeaderboard(tournament.id, { enabled: started && !isBracket, live });
  if (!started) return null;
  const query = isBracket ? bracket : board;
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  return isBracket && bracket.data ? (
    <BracketSection tournament={tournament} bracket={bracket.data} />
  ) : board.data ? (
    <LeaderboardSection board={board.data} />
  ) : null;
}

/** The tournament's cover with its tags, title, game, timing and prize pool. */
function TournamentHero({ tournament }: { tournament: KlashTournamentDetails }) {
  const { t } = useTranslation();
  return (
    <header className="klash-detail__hero" style={{ backgroundImage: `url("${coverOf(tournament)}")` }}>
      <div className="klash-detail__tags">
        <TournamentTags tournament={tournament} />
        {tournament.status !== 'live' && (
          <span className="klash-tag">{t(`klash.status.${tournament.status}`)}</span>
        )}
      </div>
      <h1 className="page-title">{tournament.title}</h1>
      <ShareToChatButton kind="klash" item={tournament} />
      <span className="klash-card__facts">
        <span className="klash-fact">
          🎮 <strong>{tournament.game.name}</strong>
        </span>
        <TimingLine tournament={tournament} />
      </span>
      <div className="klash-prize">
        🏆 {countedText(tournament.prizePool)}
        <small>{t('klash.card.prizePool')}</small>
      </div>
    </header>
  );
}

/** How the bracket was seeded: the seed's hash before the draw, the seed after, and the algorithm. */
function Seeding({ tournament }: { tournament: KlashTournamentDetails }) {
  const { t } = useTranslation();
  if (!(tournament.seedHash || tournament.seed)) return null;
  return (
    <details className="klash-section">
      <summary className="klash-section__title">🎲 {t('klash.page.seeding')}</summary>
      {tournament.seedHash && (
        <p className="klash-muted klash-mono">{t('klash.page.seedHash', { hash: tournament.seedHash })}</p>
      )}
      {tournament.seed && (
        <p className="klash-muted klash-mono">{t('klash.page.seed', { seed: tournament.seed })}</p>
      )}
      <p className="klash-muted klash-mono">{tournament.seedingAlgorithm}</p>
    </details>
  );
}

/** A tournament's page, loaded. */
export function TournamentView({
  tournament,
  onPrimaryAction,
  onRegistered,
}: {
  tournament: KlashTournamentDetails;
  onPrimaryAction?: PrimaryActionListener | undefined;
  onRegistered?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  return (
    <article className="klash-detail" data-tournament={tournament.slug} data-status={tournament.status}>
      <TournamentHero tournament={tournament} />
      <div
        className={`klash-detail__layout${tournament.status === 'scheduled' || tournament.status === 'registration_open' ? ' klash-detail__layout--side-first' : ''}`}
      >
        <div className="klash-detail__main">
          {tournament.status === 'completed' && <Results tournament={tournament} />}
          {tournament.status === 'cancelled' && tournament.cancelReason && (
            <p className="klash-muted">{t('klash.page.cancelReason', { reason: tournament.cancelReason })}</p>
          )}
          <Standings tournament={tournament} />
          <section className="klash-section" aria-labelledby="klash-about">
            <h2 className="klash-section__title" id="klash-about">
              {t('klash.page.about')}
            </h2>
            <p className="klash-rules">{tournament.description}</p>
          </section>
          <section className="klash-section" aria-labelledby="klash-rules">
            <h2 className="klash-section__title" id="klash-rules">
              📜 {t('klash.page.rules')}
            </h2>
            <p className="klash-rules">{tournament.rules || t('klash.page.noRules')}</p>
          </section>
          <Seeding tournament={tournament} />
        </div>
        <aside className="klash-detail__side">
          {tournament.status !== 'completed' && (
            <RegistrationPanel
              tournament={tournament}
              onPrimaryAction={onPrimaryAction}
              onRegistered={onRegistered}
            />
          )}
          <Schedule tournament={tournament} />
          <Prizes tournament={tournament} />
        </aside>
      </div>
    </article>
  );
}

/**
 * /klash/<slug-or-id> (where startapp=klash_<slug-or-id> lands): the tournament's page, with
 * registration, the reader's matches, the bracket or the leaderboard, results and prizes.
 */
export function TournamentScreen({
  onPrimaryAction,
  onRegistered,
}: {
  /** The Mini App shows the main action (Register, Confirm) on Telegram's MainButton. */
  onPrimaryAction?: PrimaryActionListener;
  /** Told when a registration went through (the Mini App answers with a haptic). */
  onRegistered?: () => void;
} = {}) {
  useTextPart('klash');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const slug = useParams().tournament ?? '';
  const tournament = useTournament(slug);
  const notFound = isApiError(tournament.error) && tournament.error.status === 404;
  return (
    <Page title={tournament.data?.title ?? t('klash.title')}>
      <Link className="back-link" to="/klash">
        ← {t('klash.back')}
      </Link>
      {tournament.isPending ? (
        <LoadingState />
      ) : tournament.isError ? (
        <ErrorState
          message={notFound ? t('klash.page.notFound') : describeError(tournament.error)}
          {...(notFound ? {} : { onRetry: () => void tournament.refetch() })}
        />
      ) : (
        <TournamentView
          tournament={tournament.data}
          onPrimaryAction={onPrimaryAction}
          onRegistered={onRegistered}
        />
      )}
    </Page>
  );
}
