import type { SocialLinkProvider } from '@khel/core/contract';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
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
 */
export function useSocialLink(handlers: {
  onOutcome: (outcome: SocialLinkOutcome) => void;
  onError: (error: unknown) => void;
}) {
  const { client } = useApi();
  const { openExternalPage } = useSignInOptions();
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

  const start = async (provider: SocialLinkProvider) => {
    setLeavingFor(provider);
    try {
      const page = new URL(await startSocialLink(client, provider), window.location.href).href;
      if (openExternalPage) {
        openExternalPage(page);
        setLeavingFor(null);
      } else window.location.assign(page);
    } catch (error) {
      setLeavingFor(null);
      latest.current.onError(error);
    }
  };

  return { start: (provider: SocialLinkProvider) => void start(provider), leavingFor };
}
