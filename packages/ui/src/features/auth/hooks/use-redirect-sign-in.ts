import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import { authProvidersQueryOptions } from '../api/auth-providers.ts';
import {
  browserSessionStorage,
  isRedirectAvailable,
  type RedirectIntent,
  type RedirectProvider,
  savePending,
  startRedirect,
} from '../lib/redirect-sign-in.ts';
import { useSignInOptions } from '../sign-in-options.tsx';

/**
 * WhatsApp one-time login and Google: which of them the server offers (GET /authentication/providers)
 * and a `start` that remembers the attempt and leaves for the provider's page.
 */
export function useRedirectSignIn() {
  const { client } = useApi();
  const { redirectSignIn } = useSignInOptions();
  const providers = useQuery({ ...authProvidersQueryOptions(client), enabled: redirectSignIn === true });
  const [leavingFor, setLeavingFor] = useState<RedirectProvider | null>(null);

  const available = (provider: RedirectProvider) =>
    redirectSignIn === true && isRedirectAvailable(provider, providers.data);

  const start = (provider: RedirectProvider, intent: RedirectIntent) => {
    if (!providers.data || !available(provider)) return;
    const { url, pending } = startRedirect({
      provider,
      intent,
      providers: providers.data,
      location: window.location,
    });
    savePending(browserSessionStorage(), pending);
    setLeavingFor(provider);
    window.location.assign(url);
  };

  return {
    available,
    start,
    leavingFor,
    loading: redirectSignIn === true && providers.isPending,
    /** The server's list has come (not an error): `available` is its answer, not a guess. */
    loaded: redirectSignIn === true && providers.isSuccess,
  };
}
