import { authRoutes, isSafeText, SANDBOX_BAD_CODE_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@khel/core/contract';
import {
  EMAIL_INVALID_MESSAGE,
  isValidE164,
  isValidEmail,
  PHONE_INVALID_MESSAGE,
} from '@khel/core/validation';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { mount } from '../../lib/route.ts';
import { sandboxPage } from '../../lib/sandbox-page.ts';
import { limitPerIp } from './auth-support.ts';
import { ownPageUrl } from './identity-providers.ts';

export const BAD_REDIRECT_MESSAGE = 'redirect_uri must be a page of a Khel site.';
export const BAD_CODE_MESSAGE = SANDBOX_BAD_CODE_MESSAGE;
const HOUR_MS = 60 * 60 * 1000;

/**
 * Sandbox providers' own pages and endpoints (DESIGN §8): they play WhatsApp and Google so a
 * newcomer can use those sign-ins locally. Outside production only; nothing here reaches the real
 * services, and every page says it is a sandbox.
 */

/** Only our own pages may receive codes and tokens (no open redirect). */
const ownRedirect = (c: Context<AppEnv>, raw: unknown) => ownPageUrl(c.get('deps').env, c.req.url, raw);

const stateOf = (raw: unknown) => (typeof raw === 'string' && raw.length <= 512 ? raw : '');

function page(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  redirect: URL | null,
  title: string,
  body: HtmlEscapedString | Promise<HtmlEscapedString>,
) {
  // The form's answer redirects to the (checked) redirect_uri.
  return sandboxPage(c, {
    status,
    title,
    body,
    badge: 'Sandbox: not the real service',
    formActionOrigin: redirect?.origin,
  });
}

const badRedirectPage = (c: Context<AppEnv>) =>
  page(c, 400, null, 'Cannot continue', html`<p class="error">${BAD_REDIRECT_MESSAGE}</p>`);

async function formOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  try {
    return (await c.req.parseBody()) as Record<string, unknown>;
  } catch {
    throw new AppError(400, 'The form could not be read.');
  }
}

function whatsappForm(c: Context<AppEnv>, redirect: URL, state: string, error?: string, phone = '') {
  return page(
    c,
    error ? 400 : 200,
    redirect,
    'Sign in with WhatsApp',
    html`<p>Khel asks WhatsApp to confirm your number. This sandbox records the WhatsApp message at
<code>/api/dev/outbox</code> instead of sending it.</p>
<form method="post">
<input type="hidden" name="redirect_uri" value="${redirect.href}">
<input type="hidden" name="state" value="${state}">
<label for="phone">Your WhatsApp number, with country code</label>
<input id="phone" name="phone" type="tel" autocomplete="tel" placeholder="+91 98765 43210" value="${phone}" required>
${error ? html`<p class="error">${error}</p>` : ''}
<button type="submit">Confirm in WhatsApp</button>
</form>`,
  );
}

function googleForm(c: Context<AppEnv>, redirect: URL, state: string, error?: string, email = '') {
  return page(
    c,
    error ? 400 : 200,
    redirect,
    'Sign in with Google',
    html`<p>Choose the Google account to sign in with. This sandbox signs an id token with its own
key; no Google account is used.</p>
<form method="post">
<input type="hidden" name="redirect_uri" value="${redirect.href}">
<input type="hidden" name="state" value="${state}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" placeholder="gamer@example.com" value="${email}" required>
<label for="name">Name (optional)</label>
<input id="name" name="name" type="text" maxlength="64" autocomplete="name">
${error ? html`<p class="error">${error}</p>` : ''}
<button type="submit">Continue</button>
</form>`,
  );
}

export function sandboxRouter() {
  const app = new Hono<AppEnv>();

  app.use('/sandbox/*', async (c, next) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    await next();
  });

  mountSandboxWhatsApp(app);
  mountSandboxGoogle(app);
  return app;
}

/** The WhatsApp sandbox: its consent page, the form's answer and the token exchange. */
function mountSandboxWhatsApp(app: Hono<AppEnv>): void {
  const whatsapp = (c: Context<AppEnv>) => {
    const provider = c.get('deps').identityProviders.sandboxWhatsApp;
    if (!provider) throw new AppError(404, 'Not found');
    return provider;
  };

  app.get('/sandbox/whatsapp/authorize', (c) => {
    whatsapp(c);
    const redirect = ownRedirect(c, c.req.query('redirect_uri'));
    if (!redirect) return badRedirectPage(c);
    return whatsappForm(c, redirect, stateOf(c.req.query('state')));
  });

  app.post('/sandbox/whatsapp/authorize', async (c) => {
    const provider = whatsapp(c);
    const form = await formOf(c);
    const redirect = ownRedirect(c, form.redirect_uri);
    if (!redirect) return badRedirectPage(c);
    const state = stateOf(form.state);
    const typed = typeof form.phone === 'string' ? form.phone.slice(0, 40) : '';
    const phone = typed.replace(/[\s().-]/g, '');
    if (!/^\+[1-9]\d{6,14}$/.test(phone) || !isValidE164(phone)) {
      return whatsappForm(c, redirect, state, PHONE_INVALID_MESSAGE, typed);
    }
    await limitPerIp(c, 'sandbox-whatsapp', 20, HOUR_MS);
    const { code } = await provider.authorize(phone.slice(1));
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('provider', 'whatsapp');
    if (state) redirect.searchParams.set('state', state);
    return c.redirect(redirect.href, 303);
  });

  mount(app, authRoutes.sandboxWhatsappToken, async ({ c, body }) => {
    const provider = whatsapp(c);
    await limitPerIp(c, 'sandbox-whatsapp-token', 60, 10 * 60 * 1000);
    const token = await provider.exchangeCode(body.code);
    if (!token) throw new AppError(400, BAD_CODE_MESSAGE, { reason: 'invalid_grant' });
    return {
      data: {
        access_token: token.accessToken,
        token_type: 'Bearer' as const,
        expires_in: token.expiresIn,
        waId: token.waId,
      },
    };
  });
}

/** The Google sandbox: its JWKS and consent page. */
function mountSandboxGoogle(app: Hono<AppEnv>): void {
  const google = (c: Context<AppEnv>) => {
    const provider = c.get('deps').identityProviders.sandboxGoogle;
    if (!provider) throw new AppError(404, 'Not found');
    return provider;
  };

  // A JWKS document, as Google publishes its keys (not an envelope: JWT libraries read it as is).
  app.get('/sandbox/google/jwks', (c) => c.json(google(c).jwks()));

  app.get('/sandbox/google/authorize', (c) => {
    google(c);
    const redirect = ownRedirect(c, c.req.query('redirect_uri'));
    if (!redirect) return badRedirectPage(c);
    return googleForm(c, redirect, stateOf(c.req.query('state')));
  });

  app.post('/sandbox/google/authorize', async (c) => {
    const provider = google(c);
    const form = await formOf(c);
    const redirect = ownRedirect(c, form.redirect_uri);
    if (!redirect) return badRedirectPage(c);
    const state = stateOf(form.state);
    const email = typeof form.email === 'string' ? form.email.trim().slice(0, 254) : '';
    if (!isValidEmail(email)) return googleForm(c, redirect, state, EMAIL_INVALID_MESSAGE, email);
    const name = typeof form.name === 'string' ? form.name.trim().slice(0, 64) : undefined;
    if (name && !isSafeText(name)) return googleForm(c, redirect, state, UNSAFE_TEXT_MESSAGE, email);
    await limitPerIp(c, 'sandbox-google', 60, HOUR_MS);
    const idToken = await provider.issueIdToken(email, name || undefined);
    // In the fragment, as Google's implicit flow does: the token never reaches a server log.
    const fragment = new URLSearchParams({
      provider: 'google',
      id_token: idToken,
      ...(state ? { state } : {}),
    });
    redirect.hash = fragment.toString();
    return c.redirect(redirect.href, 303);
  });
}
