import type { ApiClient } from '@khel/core/client';
import { type ClanBoard, type ClanMemberBoard, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { asReader } from './as-reader.ts';
import { clanBoardQueryKey } from './clan-keys.ts';

/** GET /leaderboards/clan: the top 100 clans and the reader's clan. */
export async function getGlobalClanBoard(
  client: ApiClient,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<ClanBoard> {
  return unwrap(
    await client.request(asReader(clansRoutes.clanLeaderboard, signedIn), signal ? { signal } : {}),
  );
}

/** GET /leaderboards/partner-clan/:hubSlug: a partner's clans board. */
export async function getPartnerClanBoard(
  client: ApiClient,
  hubSlug: string,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<ClanBoard> {
  return unwrap(
    await client.request(asReader(clansRoutes.partnerClanLeaderboard, signedIn), {
      params: { hubSlug },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** GET /leaderboards/clan/me: my clan's members by points, the top 100 and me. */
export async function getMyClanBoard(client: ApiClient, signal?: AbortSignal): Promise<ClanMemberBoard> {
  return unwrap(await client.request(clansRoutes.myClanLeaderboard, signal ? { signal } : {}));
}

export function useGlobalClanBoard({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: clanBoardQueryKey('global'),
    queryFn: ({ signal }) => getGlobalClanBoard(client, signedIn, signal),
    enabled,
  });
}

export function usePartnerClanBoard(hubSlug: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: clanBoardQueryKey(`partner:${hubSlug}`),
    queryFn: ({ signal }) => getPartnerClanBoard(client, hubSlug, signedIn, signal),
    enabled,
  });
}

export function useMyClanBoard({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanBoardQueryKey('me'),
    queryFn: ({ signal }) => getMyClanBoard(client, signal),
    enabled,
  });
}
