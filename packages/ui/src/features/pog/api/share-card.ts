import type { ApiClient } from '@khel/core/client';
import { type PogShareChannel, pogRoutes } from '@khel/core/contract';
import { useMutation } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export type PogShareLanguage = 'en' | 'hi' | 'pt-BR';

/** POST /pog/share: the link, text and image to send on a channel (the intent address, null for `more`). */
export async function shareCard(client: ApiClient, channel: PogShareChannel, lang: PogShareLanguage) {
  return unwrap(await client.request(pogRoutes.pogShare, { body: { channel, lang } }));
}

export function useShareCard() {
  const { client } = useApi();
  return useMutation({
    mutationFn: ({ channel, lang }: { channel: PogShareChannel; lang: PogShareLanguage }) =>
      shareCard(client, channel, lang),
  });
}
