import { API_BASE_PATH, SOCIAL_LINK_PROVIDERS, type SocialLinkProvider } from '@khel/core/contract';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { AppEnv } from '../../../lib/context.ts';
import { AppError } from '../../../lib/http.ts';
import { sandboxPage } from '../../../lib/sandbox-page.ts';
import { limitPerIp } from '../../auth/index.ts';
import {
  DISCORD_ID_PATTERN,
  DISCORD_USERNAME_PATTERN,
  isSteamId64,
  type LinkedAccount,
  OPENID_NS,
  X_HANDLE_PATTERN,
  X_USER_ID_PATTERN,
} from './link-providers.ts';
import { MAX_STATE_LENGTH } from './link-state.ts';
import { SANDBOX_LINK_CLIENT_ID, SandboxLinkAdapter } from './sandbox-link.ts';

const HOUR_MS = 60 * 60 * 1000;
const PLATFORM: Record<SocialLinkProvider, string> = { twitter: 'X', discord: 'Discord', steam: 'Steam' };

export const X_ID_MESSAGE = 'An X user id is a number (up to 20 digits).';
export const X_HANDLE_MESSAGE = 'An X handle is 1 to 15 letters, digits or _.';
export const DISCORD_ID_MESSAGE = 'A Discord user id is a snowflake: 17 to 20 digits.';
export const DISCORD_USERNAME_MESSAGE =
  'A Discord username is 2 to 32 of a–z, 0–9, _ and . (never two periods in a row).';
export const STEAM_ID_MESSAGE = 'A SteamID64 is 17 digits starting with 7656119.';

/** The request the platform's page was opened with, checked as the platform checks it. */
interface AuthorizeParams {
  redirectUri: string;
  state: string;
  codeChallenge?: string;
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** X and Discord refuse a redirect_uri that is not registered: ours is the callback path; X requires PKCE S256. */
function oauthParams(provider: SocialLinkProvider, p: Record<string, unknown>): AuthorizeParams | string {
  if (str(p.response_type) !== 'code') return 'response_type must be code.';
  if (str(p.client_id) !== SANDBOX_LINK_CLIENT_ID) return 'Unknown client_id.';
  const redirectUri = str(p.redirect_uri);
  if (redirectUri !== `${API_BASE_PATH}/social-auth/${provider}/callback`)
    return 'redirect_uri is not registered for this app.';
  const state = str(p.state);
  if (!state || state.length > MAX_STATE_LENGTH) return 'state is required.';
  if (provider === 'discord') return { redirectUri, state };
  const codeChallenge = str(p.code_challenge);
  if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge) || str(p.code_challenge_method) !== 'S256')
    return 'code_challenge (S256) is required.';
  return { redirectUri, state, codeChallenge };
}

/** Steam's checkid_setup: return_to must be our callback, carrying its state. */
function openIdParams(p: Record<string, unknown>): AuthorizeParams | string {
  if (str(p['openid.ns']) !== OPENID_NS || str(p['openid.mode']) !== 'checkid_setup')
    return 'Not an OpenID 2.0 checkid_setup request.';
  const returnTo = str(p['openid.return_to']);
  const prefix = `${API_BASE_PATH}/social-auth/steam/callback?state=`;
  const state = returnTo.startsWith(prefix) ? returnTo.slice(prefix.length) : '';
  if (!state || state.length > MAX_STATE_LENGTH || !/^[A-Za-z0-9_-]+$/.test(state))
    return 'openid.return_to must be this app’s callback.';
  return { redirectUri: returnTo, state };
}

const paramsOf = (provider: SocialLinkProvider, p: Record<string, unknown>) =>
  provider === 'steam' ? openIdParams(p) : oauthParams(provider, p);

/** The hidden fields that carry the request through the form. */
function hiddenFields(provider: SocialLinkProvider, p: AuthorizeParams) {
  if (provider === 'steam')
    return html`<input type="hidden" name="openid.ns" value="${OPENID_NS}">
<input type="hidden" name="openid.mode" value="checkid_setup">
<input type="hidden" name="openid.return_to" value="${p.redirectUri}">`;
  return html`<input type="hidden" name="response_type" value="code">
<input type="hidden" name="client_id" value="${SANDBOX_LINK_CLIENT_ID}">
<input type="hidden" name="redirect_uri" value="${p.redirectUri}">
<input type="hidden" name="state" value="${p.state}">
${p.codeChallenge ? html`<input type="hidden" name="code_challenge" value="${p.codeChallenge}"><input type="hidden" name="code_challenge_method" value="S256">` : ''}`;
}

function accountFields(provider: SocialLinkProvider, typed: Record<string, string>) {
  if (provider === 'twitter')
    return html`<label for="id">X user id (numeric)</label>
<input id="id" name="id" inputmode="numeric" placeholder="1790000000000000001" value="${typed.id ?? ''}" required>
<label for="handle">Handle</label>
<input id="handle" name="handle" placeholder="@khelgamer" value="${typed.handle ?? ''}" required>`;
  if (provider === 'discord')
    return html`<label for="id">Discord user id (snowflake)</label>
<input id="id" name="id" inputmode="numeric" placeholder="80351110224678912" value="${typed.id ?? ''}" required>
<label for="username">Username</label>
<input id="username" name="username" placeholder="khel.gamer" value="${typed.username ?? ''}" required>`;
  return html`<label for="id">SteamID64</label>
<input id="id" name="id" inputmode="numeric" placeholder="76561197960287930" value="${typed.id ?? ''}" required>`;
}

function form(
  c: Context<AppEnv>,
  provider: SocialLinkProvider,
  p: AuthorizeParams,
  error?: string,
  typed: Record<string, string> = {},
) {
  const platform = PLATFORM[provider];
  return sandboxPage(c, {
    status: error ? 400 : 200,
    title: `Link your ${platform} account`,
    badge: `Sandbox: not the real ${platform}`,
    body: html`<p>Khel asks ${platform} which account is yours. Type the account this sandbox should
vouch for; no ${platform} account is used.</p>
<form method="post">
${hiddenFields(provider, p)}
${accountFields(provider, typed)}
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
<button type="submit" name="decision" value="approve">Authorize Khel</button>
<button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</form>`,
  });
}

const errorPage = (c: Context<AppEnv>, provider: SocialLinkProvider, message: string) =>
  sandboxPage(c, {
    status: 400,
    title: 'Cannot continue',
    badge: `Sandbox: not the real ${PLATFORM[provider]}`,
    body: html`<p class="error">${message}</p>`,
  });

/** The account typed on the page, in the platform's real formats, or what is wrong with it. */
function accountOf(provider: SocialLinkProvider, f: Record<string, string>): LinkedAccount | string {
  const id = f.id ?? '';
  if (provider === 'twitter') {
    if (!X_USER_ID_PATTERN.test(id)) return X_ID_MESSAGE;
    const handle = (f.handle ?? '').replace(/^@/, '');
    if (!X_HANDLE_PATTERN.test(handle)) return X_HANDLE_MESSAGE;
    return { subject: id, details: { username: handle } };
  }
  if (provider === 'discord') {
    if (!DISCORD_ID_PATTERN.test(id)) return DISCORD_ID_MESSAGE;
    const username = f.username ?? '';
    if (!DISCORD_USERNAME_PATTERN.test(username)) return DISCORD_USERNAME_MESSAGE;
    return { subject: id, details: { username } };
  }
  return isSteamId64(id) ? { subject: id, details: {} } : STEAM_ID_MESSAGE;
}

/**
 * The sandbox X, Discord and Steam pages (outside production only): GET shows the platform's consent
 * page for the request it was opened with (checked as the platform checks it), POST approves or
 * cancels and sends the browser back to the callback with a code (X, Discord) or an OpenID assertion
 * (Steam), or with the refusal (error=access_denied; openid.mode=cancel).
 */
export function sandboxLinkRouter() {
  const app = new Hono<AppEnv>();

  const sandbox = (c: Context<AppEnv>) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    const provider = c.req.param('provider') as SocialLinkProvider;
    if (!SOCIAL_LINK_PROVIDERS.includes(provider)) throw new AppError(404, 'Not found');
    const adapter = c.get('deps').socialLink[provider];
    if (!(adapter instanceof SandboxLinkAdapter)) throw new AppError(404, 'Not found');
    return { provider, adapter };
  };

  app.get('/sandbox/social/:provider/authorize', (c) => {
    const { provider } = sandbox(c);
    const p = paramsOf(provider, c.req.query());
    return typeof p === 'string' ? errorPage(c, provider, p) : form(c, provider, p);
  });

  app.post('/sandbox/social/:provider/authorize', async (c) => {
    const { provider, adapter } = sandbox(c);
    let raw: Record<string, unknown>;
    try {
      raw = (await c.req.parseBody()) as Record<string, unknown>;
    } catch {
      throw new AppError(400, 'The form could not be read.');
    }
    const p = paramsOf(provider, raw);
    if (typeof p === 'string') return errorPage(c, provider, p);
    const typed = Object.fromEntries(
      ['id', 'handle', 'username'].map((k) => [k, str(raw[k]).trim().slice(0, 64)]),
    );
    const back = new URL(p.redirectUri, 'http://khel.invalid');
    if (str(raw.decision) === 'deny') {
      if (provider === 'steam') back.searchParams.set('openid.mode', 'cancel');
      else {
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('state', p.state);
      }
      return c.redirect(`${back.pathname}${back.search}`, 303);
    }
    const account = accountOf(provider, typed);
    if (typeof account === 'string') return form(c, provider, p, account, typed);
    await limitPerIp(c, `sandbox-link-${provider}`, 60, HOUR_MS);
    if (provider === 'steam') {
      for (const [k, v] of await adapter.steamAssertion(account.subject, p.redirectUri))
        back.searchParams.set(k, v);
    } else {
      const { code } = await adapter.approve(account, {
        redirectUri: p.redirectUri,
        ...(p.codeChallenge ? { codeChallenge: p.codeChallenge } : {}),
      });
      back.searchParams.set('code', code);
      back.searchParams.set('state', p.state);
    }
    return c.redirect(`${back.pathname}${back.search}`, 303);
  });

  return app;
}
