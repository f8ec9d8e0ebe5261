/**
 * Reading a provider's answer from the address. Kept apart from redirect-sign-in.ts because the
 * app shell checks every page load with `hasRedirectCallback`, so this is in the first download.
 */

export type RedirectProvider = 'whatsapp' | 'google';

export type RedirectCallback =
  | { provider: 'whatsapp'; code: string; state: string | null }
  | { provider: 'google'; idToken: string; state: string | null }
  | { provider: RedirectProvider | null; error: string; state: string | null };

function providerOf(value: string | null): RedirectProvider | null {
  return value === 'whatsapp' || value === 'google' ? value : null;
}

/**
 * What a provider sent back: WhatsApp puts `code` and `provider` in the query (SPEC §2), Google the
 * id token in the fragment (`#id_token=…`, so it never reaches a server log). Null on other pages.
 */
export function readRedirectCallback(location: { search: string; hash: string }): RedirectCallback | null {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const idToken = fragment.get('id_token');
  if (idToken) return { provider: 'google', idToken, state: fragment.get('state') };
  const fragmentError = fragment.get('error');
  if (fragmentError && fragment.has('state')) {
    return {
      provider: providerOf(fragment.get('provider')),
      error: fragmentError,
      state: fragment.get('state'),
    };
  }
  const provider = providerOf(query.get('provider'));
  if (!provider) return null;
  const code = query.get('code');
  if (provider === 'whatsapp' && code) return { provider, code, state: query.get('state') };
  return { provider, error: query.get('error') ?? 'missing_code', state: query.get('state') };
}

/** A cheap check the app shell makes on every load, before loading the code that handles it. */
export function hasRedirectCallback(location: { search: string; hash: string }): boolean {
  return readRedirectCallback(location) !== null;
}
