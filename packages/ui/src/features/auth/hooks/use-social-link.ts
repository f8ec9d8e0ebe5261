import type { SocialLinkProvider } from '@khel/core/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import { socialAuthStatusQueryKey } from '../api/social-auth-status.ts';
import { startSocialLink } from '../api/social-link.ts';
import {
  type SocialLinkOutcome,
  searchWithoutOutcome,
  socialLinkOutcome,
} from '../lib/social-link-outcome.ts';
import { useSignInOptions } from '../sign-in-options.tsx';

/**
 * Linking X, Discord and Steam: `start` asks the API for the platform's page and leaves for it (a
 * full-page redirect; the Mini App opens it with Telegram's openLink). Back on this page, the
 * callback's outcome in the address is handed to `onOutcome` once and removed from the address.
 * When the page opened elsewhere (the Mini App), the linked methods are fetched again each time the
 * app comes back to the front, since the link happened in the other browser.
 */
export function useSocialLink(handlers: {
  onOutcome: (outcome: SocialLinkOutcome) => void;
  onError: (error: unknown) => void;
}) {
  const { client } = useApi();
  const { openExternalPage } = useSignInOptions();
  const queryClient = useQueryClient();
  const [openedElsewhere, setOpenedElsewhere] = useState(false);
  const [leavingFor, setLeavingFor] = useState<SocialLinkProvider | null>(null);
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    const outcome = socialLinkOutcome(window.location.search);
    if (!outcome) return;
    const { pathname, search, hash } = window.location;
    window.history.replaceState(
      window.history.state,
      '',
      `${pathname}${searchWithoutOutcome(search)}${hash}`,
    );
    latest.current.onOutcome(outcome);
  }, []);

  useEffect(() => {
    if (!openedElsewhere) return;
    const refresh = () => {
      if (document.visibilityState === 'visible')
        void queryClient.invalidateQueries({ queryKey: socialAuthStatusQueryKey });
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [openedElsewhere, queryClient]);

  const start = async (provider: SocialLinkProvider) => {
    setLeavingFor(provider);
    try {
      const page = new URL(await startSocialLink(client, provider), window.location.href).href;
      if (openExternalPage) {
        openExternalPage(page);
        setOpenedElsewhere(true);
        setLeavingFor(null);
      } else window.location.assign(page);
    } catch (error) {
      setLeavingFor(null);
      latest.current.onError(error);
    }
  };

  return { start: (provider: SocialLinkProvider) => void start(provider), leavingFor };
}
