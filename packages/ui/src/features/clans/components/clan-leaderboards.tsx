import type { ClanBoard, ClanBoardEntry, ClanMemberBoard } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { useGlobalClanBoard, useMyClanBoard, usePartnerClanBoard } from '../api/get-clan-boards.ts';
import { Avatar, TierBadge } from './clan-bits.tsx';

export const CLAN_BOARD_TABS = ['global', 'partner', 'mine'] as const;
export type ClanBoardTab = (typeof CLAN_BOARD_TABS)[number];
/** The partner hubs with a clans board (K-Quest's partner pages). */
export const PARTNER_HUBS = ['bullieverse', 'colexion', 'dark-throne'] as const;

function ClanRows({ entries, mineId }: { entries: ClanBoardEntry[]; mineId: string | null }) {
  const { t } = useTranslation();
  return (
    <ol className="board-list">
      {entries.map((e) => (
        <li key={e.clanId} className={`board-row${e.clanId === mineId ? ' board-row--mine' : ''}`}>
          <span className="board-row__rank">#{numberText(e.rank)}</span>
          <Avatar src={e.clanLogo} name={e.clanName} size="small" shape="shield" />
          <span className="board-row__name">
            <span className="board-row__label">{e.clanName}</span>
            <TierBadge tier={e.tier} size="mini" />
          </span>
          <span className="board-row__points">{t('clans.page.points', { count: e.score })}</span>
        </li>
      ))}
    </ol>
  );
}

function ClanBoardView({ board }: { board: ClanBoard }) {
  const { t } = useTranslation();
  if (board.top.length === 0) return <EmptyState />;
  const mineInTop = board.mine && board.top.some((e) => e.clanId === board.mine?.clanId);
  return (
    <>
      <ClanRows entries={board.top} mineId={board.mine?.clanId ?? null} />
      {board.mine && !mineInTop && (
        <>
          <p className="board-gap">{t('clans.my.myRank', { rank: board.mine.rank })}</p>
          <ClanRows entries={[board.mine]} mineId={board.mine.clanId} />
        </>
      )}
    </>
  );
}

function MemberBoardView({ board, meId }: { board: ClanMemberBoard; meId: string | null }) {
  const { t } = useTranslation();
  if (board.top.length === 0) return <EmptyState />;
  const rows = [...board.top];
  const mineInTop = board.mine && rows.some((r) => r.userId === board.mine?.userId);
  const mine = board.mine?.userId ?? meId;
  const row = (r: ClanMemberBoard['top'][number]) => (
    <li key={r.userId} className={`board-row${r.userId === mine ? ' board-row--mine' : ''}`}>
      <span className="board-row__rank">#{numberText(r.rank)}</span>
      <Avatar src={r.avatarUrl} name={r.displayName} size="small" />
      <span className="board-row__name">{r.displayName}</span>
      <span className="board-row__points">{t('clans.page.points', { count: r.points })}</span>
    </li>
  );
  return (
    <>
      <ol className="board-list">{rows.map(row)}</ol>
      {board.mine && !mineInTop && (
        <>
          <p className="board-gap">{t('clans.my.myPlace', { rank: board.mine.rank })}</p>
          <ol className="board-list">{row(board.mine)}</ol>
        </>
      )}
    </>
  );
}

function Loaded<T>({
  query,
  children,
}: {
  query: {
    isPending: boolean;
    isError: boolean;
    error: unknown;
    data: T | undefined;
    refetch: () => unknown;
  };
  children: (data: T) => React.ReactNode;
}) {
  const describeError = useErrorMessage();
  if (query.isPending) return <LoadingState skeletonLines={4} />;
  if (query.isError || query.data === undefined)
    return <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}

/** Leaderboard tabs Global clans / Partner clan / My clan: each the top 100 and my place. */
export function ClanLeaderboards({ initialTab = 'global' }: { initialTab?: ClanBoardTab }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<ClanBoardTab>(initialTab);
  const [hub, setHub] = useState<(typeof PARTNER_HUBS)[number]>(PARTNER_HUBS[0]);
  const global = useGlobalClanBoard({ enabled: tab === 'global' });
  const partner = usePartnerClanBoard(hub, { enabled: tab === 'partner' });
  const mine = useMyClanBoard({ enabled: tab === 'mine' });
  return (
    <section className="card clan-section" aria-labelledby="clan-boards">
      <h2 className="clan-section__title" id="clan-boards">
        {t('clans.my.boards')}
      </h2>
      <div className="chips chips--scroll" role="tablist" aria-label={t('clans.my.boards')}>
        {CLAN_BOARD_TABS.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            className="chip"
            aria-selected={id === tab}
            aria-current={id === tab ? 'page' : undefined}
            onClick={() => setTab(id)}
          >
            {t(`clans.my.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'global' && <Loaded query={global}>{(board) => <ClanBoardView board={board} />}</Loaded>}
        {tab === 'partner' && (
          <>
            <div
              className="chips chips--scroll clan-hubs"
              role="toolbar"
              aria-label={t('clans.my.partnerPick')}
            >
              {PARTNER_HUBS.map((h) => (
                <button
                  key={h}
                  type="button"
                  className="chip chip--small"
                  aria-pressed={h === hub}
                  onClick={() => setHub(h)}
                >
                  {t(`clans.my.hubs.${h}`)}
                </button>
              ))}
            </div>
            <Loaded query={partner}>{(board) => <ClanBoardView board={board} />}</Loaded>
          </>
        )}
        {tab === 'mine' && (
          <Loaded query={mine}>{(board) => <MemberBoardView board={board} meId={null} />}</Loaded>
        )}
      </div>
    </section>
  );
}
