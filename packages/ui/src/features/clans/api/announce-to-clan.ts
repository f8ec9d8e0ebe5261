import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

/** POST /platform-clans/me/announcements: every member gets it through the bot (their settings permitting). */
export async function announceToClan(client: ApiClient, text: string) {
  return unwrap(await client.request(clansRoutes.announceToClan, { body: { text } }));
}

export function useAnnounceToClan() {
  const { client } = useApi();
  return useMutation({ mutationFn: (text: string) => announceToClan(client, text) });
}
