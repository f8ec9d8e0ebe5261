import {
  API_BASE_PATH,
  identityRoutes,
  linkUnavailableMessage,
  SOCIAL_LINK_PROVIDERS,
  type SocialLinkError,
  type SocialLinkProvider,
} from '@khel/core/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppEnv } from '../../../lib/context.ts';
import { AppError } from '../../../lib/http.ts';
import { publicOrigin } from '../../../lib/public-origin.ts';
import { mount } from '../../../lib/route.ts';
import { limitOrRefuse, linkIdentity } from '../../auth/index.ts';
import { LinkProviderError, type SocialLinkAdapter } from './link-providers.ts';
import {
  codeChallengeOf,
  codeVerifierOf,
  issueLinkState,
  type LinkState,
  readLinkState,
  spendLinkState,
} from './link-state.ts';

export { linkUnavailableMessage };

export const DEFAULT_RETURN_TO = '/profile/';
const HOUR_MS = 60 * 60 * 1000;
/** Links a user may start in an hour (per account, not per IP: many players share a carrier's address). */
export const LINK_STARTS_PER_HOUR = 20;

/**
 * Where the platform sends the browser back. The sandbox's page is ours, so a path keeps the browser on
 * whichever of our origins it is on (a Vite dev server, a test server); a real platform needs the
 * absolute URL registered with it. Steam's return_to carries the state (OpenID has none of its own).
 */
function callbackUrl(
  c: Context<AppEnv>,
  provider: SocialLinkProvider,
  adapter: SocialLinkAdapter,
  state: string,
) {
  const base = `${adapter.name === 'sandbox' ? '' : publicOrigin(c.get('deps').env)}${API_BASE_PATH}/social-auth/${provider}/callback`;
  return provider === 'steam' ? `${base}?state=${state}` : base;
}

const adapterOf = (c: Context<AppEnv>, provider: SocialLinkProvider) => c.get('deps').socialLink[provider];

/** A path that stays on this site once resolved (`/a/..//evil.example` would not). */
export const isOwnPath = (path: string) => {
  const url = new URL(path, 'http://khel.invalid');
  return url.origin === 'http://khel.invalid' && !url.pathname.startsWith('//');
};

/** The page to go back to, with the outcome: `linked=<provider>`, or `link_error=<reason>&provider=<provider>`. */
function backTo(
  c: Context<AppEnv>,
  returnTo: string,
  provider: SocialLinkProvider,
  error: SocialLinkError | null,
) {
  let url = new URL(returnTo, 'http://khel.invalid');
  // Dot segments can resolve to '//host' (a scheme-relative address): never anywhere but a path of ours.
  if (url.pathname.startsWith('//') || url.origin !== 'http://khel.invalid')
    url = new URL(DEFAULT_RETURN_TO, 'http://khel.invalid');
  if (error) {
    url.searchParams.set('link_error', error);
    url.searchParams.set('provider', provider);
  } else url.searchParams.set('linked', provider);
  // A path of ours (RETURN_TO_PATTERN was checked at the start): the browser stays on this origin.
  return c.redirect(`${url.pathname}${url.search}`, 303);
}

/**
 * Linking X, Discord and Steam (README.md): POST /social-auth/:provider/start issues a sealed,
 * single-use state bound to the signed-in user and answers the platform's page; the platform sends the
 * browser to GET /social-auth/:provider/callback, which spends the state, asks the platform who it
 * vouched for and links that account (refused when another Khel account has it), then redirects.
 */
export function socialLinkRouter() {
  const app = new Hono<AppEnv>();

  mountLinkStart(app);
  mountLinkCallback(app);
  return app;
}

/** Starts a link: checks the return path and the rate limit, then sends the user to the platform. */
function mountLinkStart(app: Hono<AppEnv>): void {
  mount(app, identityRoutes.socialLinkStart, async ({ c, params, body }) => {
    const deps = c.get('deps');
    const provider = params.provider;
    if (body.returnTo && !isOwnPath(body.returnTo))
      throw new AppError(400, 'returnTo must be a path of this site.');
    const adapter = adapterOf(c, provider);
    if (!adapter) throw new AppError(503, linkUnavailableMessage(provider), { reason: 'unavailable' });
    await limitOrRefuse(c, `social-link-start:user:${c.get('userId')}`, LINK_STARTS_PER_HOUR, HOUR_MS);
    const { state, nonce } = await issueLinkState(
      deps.db,
      deps.secrets.socialLinkKey,
      { userId: c.get('userId'), provider, returnTo: body.returnTo ?? DEFAULT_RETURN_TO },
      deps.clock(),
    );
    const authorizeUrl = adapter.authorizeUrl({
      state,
      codeChallenge: codeChallengeOf(codeVerifierOf(deps.secrets.socialLinkKey, nonce)),
      callbackUrl: callbackUrl(c, provider, adapter, state),
      realm: publicOrigin(c.get('deps').env),
    });
    return { data: { authorizeUrl } };
  });
}

/** The platform's callback: verifies the grant, links the account, then redirects. */
function mountLinkCallback(app: Hono<AppEnv>): void {
  // The platform's redirect (a browser navigation, no bearer token): answered with a redirect, not an envelope.
  app.get('/social-auth/:provider/callback', async (c) => {
    const deps = c.get('deps');
    const provider = c.req.param('provider') as SocialLinkProvider;
    if (!SOCIAL_LINK_PROVIDERS.includes(provider)) throw new AppError(404, 'Not found');
    const query = c.req.query();
    const state: LinkState | null = readLinkState(deps.secrets.socialLinkKey, query.state);
    if (!state || state.provider !== provider) {
      // Not a state of ours: nothing says where the user came from, so the profile.
      return backTo(c, DEFAULT_RETURN_TO, provider, 'expired');
    }
    if (!(await spendLinkState(deps.db, state, deps.clock())))
      return backTo(c, state.returnTo, provider, 'expired');
    const adapter = adapterOf(c, provider);
    if (!adapter) return backTo(c, state.returnTo, provider, 'failed');
    let account: Awaited<ReturnType<SocialLinkAdapter['complete']>>;
    try {
      account = await adapter.complete({
        query,
        codeVerifier: codeVerifierOf(deps.secrets.socialLinkKey, state.nonce),
        callbackUrl: callbackUrl(c, provider, adapter, query.state!),
      });
    } catch (err) {
      if (!(err instanceof LinkProviderError)) throw err;
      deps.logger.warn('social link refused', { provider, adapter: adapter.name, reason: err.message });
      return backTo(c, state.returnTo, provider, err.reason);
    }
    try {
      await linkIdentity(deps.db, state.userId, { provider, ...account }, deps.clock());
    } catch (err) {
      if (err instanceof AppError && err.status === 409)
        return backTo(c, state.returnTo, provider, 'already-linked');
      if (err instanceof AppError && err.status === 401) return backTo(c, state.returnTo, provider, 'failed');
      throw err;
    }
    return backTo(c, state.returnTo, provider, null);
  });
}
