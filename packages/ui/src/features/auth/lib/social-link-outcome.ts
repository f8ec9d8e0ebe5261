import {
  SOCIAL_LINK_ERRORS,
  SOCIAL_LINK_PROVIDERS,
  type SocialLinkError,
  type SocialLinkProvider,
} from '@khel/core/contract';

/** What GET /social-auth/:provider/callback said on the page it sent the browser back to. */
export interface SocialLinkOutcome {
  provider: SocialLinkProvider;
  /** null: linked. */
  error: SocialLinkError | null;
}

const OUTCOME_KEYS = ['linked', 'link_error', 'provider'];

const isProvider = (v: string | null): v is SocialLinkProvider =>
  (SOCIAL_LINK_PROVIDERS as readonly (string | null)[]).includes(v);

/** The outcome in a query string (`?linked=twitter`, `?link_error=expired&provider=twitter`), or null. */
export function socialLinkOutcome(search: string): SocialLinkOutcome | null {
  const params = new URLSearchParams(search);
  const linked = params.get('linked');
  if (isProvider(linked)) return { provider: linked, error: null };
  const provider = params.get('provider');
  const error = params.get('link_error');
  if (!isProvider(provider) || !error) return null;
  return {
    provider,
    error: (SOCIAL_LINK_ERRORS as readonly string[]).includes(error) ? (error as SocialLinkError) : 'failed',
  };
}

/** The query string without the outcome (so a reload does not say it again). */
export function searchWithoutOutcome(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of OUTCOME_KEYS) params.delete(key);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
