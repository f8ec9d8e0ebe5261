import '../pog.css';
import { POG_LEADERBOARD_TABS, type PogLeaderboardTab } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { type PogLeaderboard, usePogLeaderboard } from '../api/get-pog-leaderboard.ts';
import { showcasePath } from '../lib/pog-view.ts';
import { cardLookOf, PogAvatar } from './pog-card.tsx';

type ClanEntry = PogLeaderboard['clans'][number];
type MemberEntry = PogLeaderboard['members'][number];

/** A clan's logo or its initials. */
function ClanLogo({ entry }: { entry: ClanEntry }) {
  const initials = entry.clanName
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return entry.clanLogo ? (
    <img className="pog-clan-logo" src={entry.clanLogo} alt="" loading="lazy" />
  ) : (
    <span className="pog-clan-logo pog-clan-logo--empty" aria-hidden="true">
      {initials}
    </span>
  );
}

const MEDALS = ['🥇', '🥈', '🥉'] as const;

/** The top three on steps (2nd, 1st, 3rd from the left). */
function Podium<T>({ top, render }: { top: T[]; render: (entry: T, place: number) => React.ReactNode }) {
  const order = [1, 0, 2].filter((i) => i < top.length);
  return (
    <ol className="pog-podium">
      {order.map((i) => (
        <li key={i} className={`pog-podium__place pog-podium__place--${i + 1}`} value={i + 1}>
          <span className="pog-podium__medal" aria-hidden="true">
            {MEDALS[i]}
          </span>
          {render(top[i] as T, i + 1)}
          <span className="pog-podium__step">{i + 1}</span>
        </li>
      ))}
    </ol>
  );
}

function ClanBoard({ board }: { board: PogLeaderboard }) {
  const { t } = useTranslation();
  if (board.clans.length === 0) return <EmptyState />;
  const mine = board.myClan?.clanId ?? null;
  const top = board.clans.slice(0, 3);
  const rest = board.clans.slice(3);
  const mineShown = board.clans.some((c) => c.clanId === mine);
  const row = (e: ClanEntry) => (
    <li key={e.clanId} className={`pog-row${e.clanId === mine ? ' pog-row--mine' : ''}`}>
      <span className="pog-row__rank">#{numberText(e.rank)}</span>
      <ClanLogo entry={e} />
      <span className="pog-row__name">
        <strong>{e.clanName}</strong>
        <span>
          {t('pog.leaderboard.minted', { minted: e.minted, members: e.memberCount })}
          {e.clanId === mine && <em className="pog-row__tag"> · {t('pog.leaderboard.mine')}</em>}
        </span>
      </span>
      <span className="pog-row__points">{t('pog.leaderboard.points', { count: e.pogScore })}</span>
    </li>
  );
  return (
    <>
      <Podium
        top={top}
        render={(e) => (
          <div className={`pog-podium__who${e.clanId === mine ? ' pog-podium__who--mine' : ''}`}>
            <ClanLogo entry={e} />
            <strong>{e.clanName}</strong>
            <span>{t('pog.leaderboard.points', { count: e.pogScore })}</span>
          </div>
        )}
      />
      {rest.length > 0 && <ol className="pog-rows">{rest.map(row)}</ol>}
      {board.myClan && !mineShown && (
        <>
          <p className="pog-gap">{t('pog.leaderboard.yourPlace', { rank: board.myClan.rank })}</p>
          <ol className="pog-rows">{row(board.myClan)}</ol>
        </>
      )}
    </>
  );
}

function MemberBoard({ board }: { board: PogLeaderboard }) {
  const { t } = useTranslation();
  if (board.members.length === 0) return <EmptyState />;
  const top = board.members.slice(0, 3);
  const rest = board.members.slice(3);
  const row = (e: MemberEntry) => (
    <li key={e.card.id} className="pog-row" data-variant={e.card.variant}>
      <span className="pog-row__rank">#{numberText(e.rank)}</span>
      <PogAvatar look={cardLookOf(e.card)} className="pog-row__avatar" />
      <span className="pog-row__name">
        <Link to={showcasePath(e.card.name)}>
          <strong>{e.card.name}</strong>
        </Link>
        <span>{t(`pog.variant.${e.card.variant}`)}</span>
      </span>
      <span className="pog-row__points">{t('pog.leaderboard.points', { count: e.card.total })}</span>
    </li>
  );
  return (
    <>
      <Podium
        top={top}
        render={(e) => (
          <Link className="pog-podium__who" to={showcasePath(e.card.name)} data-variant={e.card.variant}>
            <PogAvatar look={cardLookOf(e.card)} className="pog-podium__avatar" />
            <strong>{e.card.name}</strong>
            <span>{t('pog.leaderboard.points', { count: e.card.total })}</span>
          </Link>
        )}
      />
      {rest.length > 0 && <ol className="pog-rows">{rest.map(row)}</ol>}
    </>
  );
}

/** One tab's board, or its loading, error and empty states. */
export function PogBoard({ tab, signedIn }: { tab: PogLeaderboardTab; signedIn: boolean }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const openModal = useUiStore((s) => s.openModal);
  const board = usePogLeaderboard(tab);
  if (tab === 'my-clan' && !signedIn)
    return (
      <EmptyState
        message={t('pog.leaderboard.signIn')}
        action={
          <Button variant="primary" onClick={() => openModal('login')}>
            {t('pog.signIn')}
          </Button>
        }
      />
    );
  if (board.isPending) return <LoadingState skeletonLines={5} />;
  if (board.isError)
    return <ErrorState message={describeError(board.error)} onRetry={() => void board.refetch()} />;
  if (tab === 'my-clan' && !board.data.myClan && board.data.members.length === 0)
    return (
      <EmptyState
        message={t('pog.leaderboard.noClan')}
        action={
          <Link className="button button--secondary" to="/discover-clan">
            {t('pog.home.findClan')}
          </Link>
        }
      />
    );
  return tab === 'global-clans' ? <ClanBoard board={board.data} /> : <MemberBoard board={board.data} />;
}

/** /pog/leaderboard: tabs Global Clans and My Clan (SPEC §2): the podium, rows after, my clan marked. */
export function PogLeaderboardScreen({
  initialTab = 'global-clans',
  ...props
}: {
  initialTab?: PogLeaderboardTab;
  signedIn?: boolean;
} = {}) {
  useTextPart('pog');
  const { t } = useTranslation();
  const session = useIsSignedIn();
  const signedIn = props.signedIn ?? session;
  const [tab, setTab] = useState<PogLeaderboardTab>(initialTab);
  return (
    <Page title={t('pog.leaderboard.title')} width="medium">
      <header className="pog-board-head">
        <Link className="pog-back" to="/pog">
          ← {t('pog.title')}
        </Link>
        <h1 className="page-title">🏆 {t('pog.leaderboard.title')}</h1>
        <p className="pog-muted">{t('pog.leaderboard.lead')}</p>
      </header>
      <div className="pog-tabs" role="tablist" aria-label={t('pog.leaderboard.title')}>
        {POG_LEADERBOARD_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            className="pog-tab"
            aria-selected={id === tab}
            onClick={() => setTab(id)}
          >
            {t(`pog.leaderboard.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="pog-board">
        <PogBoard tab={tab} signedIn={signedIn} />
      </div>
    </Page>
  );
}
