import type { ApiClient } from '@khel/core/client';
import { thirdPartyClientsRoutes } from '@khel/core/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { unwrap } from '../../../lib/api-result.ts';
import { type QuestSignIn, tabStorage, takeQuestSignIn } from '../../../lib/quest-sign-in.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { useLocation } from '../../../routing/index.ts';
import { uiStore } from '../../../stores/ui-store.ts';
import { communityClientOf } from '../lib/community-flow.ts';

/** GET /third-party-client/redirect-url: where the community client takes the user back to. */
export async function getThirdPartyRedirectUrl(
  client: ApiClient,
  query: { clientId: string; questId: string },
): Promise<string> {
  return unwrap(await client.request(thirdPartyClientsRoutes.thirdPartyRedirectUrl, { query })).redirectUrl;
}

const leave = (url: string) => window.location.assign(url);

export interface CommunityFlowEnv {
  client: ApiClient;
  questId: string;
  /** The page's address (`search` with `clientId`, `pathname` the marker must name). */
  pathname: string;
  search: string;
  /** Reads and forgets the sign-in marker of this page (`takeQuestSignIn`). */
  takeMarker: () => QuestSignIn | null;
  go: (url: string) => void;
  fail: () => void;
}

/**
 * SPEC §2 community-gaming flow: on a quests page whose address carries `clientId=<id>`, right after
 * the phone sign-in refreshed it, the user goes to the client's URL for the quest; a failure calls
 * `fail` (the 'API failure! Please try again' alert, SPEC §8). Resolves once done; false when there
 * was nothing to do.
 */
export async function followCommunityFlow(env: CommunityFlowEnv): Promise<boolean> {
  const clientId = communityClientOf(env.search, env.takeMarker);
  if (!clientId) return false;
  try {
    env.go(await getThirdPartyRedirectUrl(env.client, { clientId, questId: env.questId }));
  } catch {
    env.fail();
  }
  return true;
}

/** `followCommunityFlow` for the signed-in user on this page, once the quest's id is known. */
export function useCommunityRedirect(questId: string | undefined, go: (url: string) => void = leave): void {
  const { client } = useApi();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const signedIn = useIsSignedIn();
  useEffect(() => {
    if (!signedIn || !questId) return;
    void followCommunityFlow({
      client,
      questId,
      pathname,
      search,
      takeMarker: () => takeQuestSignIn(tabStorage(), pathname, Date.now()),
      go,
      fail: () => uiStore.getState().showAlert(t('states.apiFailure'), { tone: 'error' }),
    });
  }, [signedIn, questId, search, pathname, client, go, t]);
}
