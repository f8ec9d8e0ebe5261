import type { ApiClient } from '@khel/core/client';
import { type PogCard, type PogFeedPage, pogRoutes } from '@khel/core/contract';
import { type InfiniteData, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { pogFeedsKey, pogRootKey } from './pog-keys.ts';

/** POST /pog/posts/:cardId/like (like) or DELETE (take it back). */
export async function setCardLike(client: ApiClient, cardId: string, like: boolean) {
  const route = like ? pogRoutes.pogLike : pogRoutes.pogUnlike;
  return unwrap(await client.request(route, { params: { cardId } }));
}

type Like = { cardId: string; likes: number; likedByMe: boolean };

function patchCard(card: PogCard, like: Like): PogCard {
  return card.id === like.cardId ? { ...card, likes: like.likes, likedByMe: like.likedByMe } : card;
}

/** Writes a like into every cached feed page and showcase card that shows the card. */
function patchCaches(queryClient: QueryClient, like: Like) {
  const patchPage = (page: PogFeedPage): PogFeedPage => ({
    ...page,
    cards: page.cards.map((c) => patchCard(c, like)),
  });
  // Feed caches hold one page (the strips) or the pages of "Load more" (the tabs).
  queryClient.setQueriesData<PogFeedPage | InfiniteData<PogFeedPage>>({ queryKey: pogFeedsKey }, (data) => {
    if (!data) return data;
    if ('pages' in data) return { ...data, pages: data.pages.map(patchPage) };
    return patchPage(data);
  });
  queryClient.setQueriesData<PogCard>({ queryKey: [...pogRootKey, 'showcase'] }, (card) =>
    card ? patchCard(card, like) : card,
  );
}

/**
 * Likes or unlikes at once on screen (optimistic), then keeps the server's count; a failed call
 * puts the card back as it was.
 */
export function useCardLike() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ card, like }: { card: PogCard; like: boolean }) => setCardLike(client, card.id, like),
    onMutate: async ({ card, like }) => {
      await queryClient.cancelQueries({ queryKey: pogFeedsKey });
      const before: Like = { cardId: card.id, likes: card.likes, likedByMe: card.likedByMe };
      const delta = like === card.likedByMe ? 0 : like ? 1 : -1;
      patchCaches(queryClient, { cardId: card.id, likes: Math.max(0, card.likes + delta), likedByMe: like });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context) patchCaches(queryClient, context.before);
    },
    onSuccess: (answer) => patchCaches(queryClient, answer),
  });
}
