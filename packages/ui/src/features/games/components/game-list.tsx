import type { Game } from '@khel/core/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { GameCard } from './game-card.tsx';

/** A page of games as cards, with the loading, error (retry) and empty states. */
export function GameList({
  games,
  onPlay,
}: {
  games: UseQueryResult<{ games: Game[] }>;
  onPlay?: (game: Game) => void;
}) {
  const describeError = useErrorMessage();
  if (games.isPending) return <LoadingState skeletonLines={4} />;
  if (games.isError)
    return <ErrorState message={describeError(games.error)} onRetry={() => void games.refetch()} />;
  if (games.data.games.length === 0) return <EmptyState />;
  return (
    <ul className="game-grid">
      {games.data.games.map((game) => (
        <li key={game.id}>
          <GameCard game={game} onPlay={onPlay} />
        </li>
      ))}
    </ul>
  );
}
