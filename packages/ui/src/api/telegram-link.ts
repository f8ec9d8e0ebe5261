import { identityRoutes, type TelegramLink, type TelegramLinkStatus } from '@khel/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { unwrap } from '../lib/api-result.ts';
import { useApi } from '../providers/api-context.ts';
import { profileQueryKey } from './get-profile.ts';

/** Under `['social-auth']`, so a link done invalidates the sign-in methods' status with it. */
export const telegramLinkStatusQueryKey = ['social-auth', 'telegram-link'] as const;
/** How often the website asks whether the bot has completed the link. */
export const TELEGRAM_LINK_POLL_MS = 2_000;

/** POST /social-auth/telegram/link: a one-time `t.me/<bot>?start=link_<token>`. */
export function useStartTelegramLink() {
  const { client } = useApi();
  return useMutation({
    mutationFn: async (): Promise<TelegramLink> =>
      unwrap(await client.request(identityRoutes.telegramLinkStart)),
  });
}

/**
 * GET /social-auth/telegram/link for `link` (the one made here): polled while the bot has not completed it,
 * and asked again when the tab comes back into view. Once it is linked the account's methods and profile
 * are read again, so every screen sees Telegram linked.
 */
export function useTelegramLinkProgress(link: TelegramLink | undefined): TelegramLinkStatus['state'] | null {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: telegramLinkStatusQueryKey,
    queryFn: async ({ signal }) =>
      unwrap(await client.request(identityRoutes.telegramLinkStatus, { signal })),
    enabled: link !== undefined,
    refetchOnWindowFocus: 'always',
    refetchInterval: (query) => {
      const data = query.state.data;
      const mine = data && data.expiresAt === link?.expiresAt;
      return !mine || data.state === 'pending' ? TELEGRAM_LINK_POLL_MS : false;
    },
  });
  // An answer about an older link (made before this one) says nothing about this one yet.
  const state =
    link && status.data?.expiresAt === link.expiresAt ? status.data.state : link ? 'pending' : null;
  useEffect(() => {
    if (state !== 'linked') return;
    void queryClient.invalidateQueries({ queryKey: ['social-auth'] });
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
  }, [state, queryClient]);
  return state;
}
