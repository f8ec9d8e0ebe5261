import {
  API_BASE_PATH,
  authRoutes,
  TELEGRAM_AUTH_FAILED_MESSAGE,
  WHATSAPP_FAILED_MESSAGE,
  WHATSAPP_ID_MESSAGE,
} from '@khel/core/contract';
import { isValidE164 } from '@khel/core/validation';
import { connectTelegramChat } from '@khel/db';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { bearerToken, mount } from '../../lib/route.ts';
import {
  clearRefreshCookie,
  finishSignIn,
  limitPerIp,
  optionalBearerUser,
  readRefreshCookie,
  setRefreshCookie,
  signupCountryOf,
  sourceOf,
  validPhone,
} from './auth-support.ts';
import { linkIdentity, signInWithIdentity } from './identities.ts';
import { ownHostnames, siwePolicy, tonNetworks, tonPolicy, tonProofDomains } from './identity-providers.ts';
import { validateInitData } from './telegram-init-data.ts';
import { REFRESH_FAILED_MESSAGE } from './tokens.ts';
import {
  findOrCreateByPhone,
  findOrCreateByTelegram,
  getUserById,
  phoneIdentity,
  toIdentity,
} from './users.ts';
import { issueSiweNonce, issueTonPayload, verifySiwe, verifyTonProof } from './wallet-proofs.ts';

export { TELEGRAM_AUTH_FAILED_MESSAGE, WHATSAPP_FAILED_MESSAGE };

export const WHATSAPP_UNAVAILABLE_MESSAGE = 'WhatsApp sign-in is not available on this server.';
export const GOOGLE_UNCONFIGURED_MESSAGE = 'Google sign-in is not configured on this server.';
export const FOREIGN_HOST_MESSAGE = 'This sign-in did not start on a Khel site.';
export const PHONE_VERIFIED_MESSAGE = 'phone number successfully verified';

/** Nonces and payloads: 30 per address in 10 minutes is plenty for people, little for a script. */
const CHALLENGES_PER_IP = 30;
const CHALLENGE_WINDOW_MS = 10 * 60 * 1000;

/** The Telegram user of Mini App init data (`tma <initDataRaw>`), or 401. */
export function telegramUserOf(c: Context<AppEnv>, initDataRaw: string | undefined) {
  const { secrets, env, clock } = c.get('deps');
  if (!secrets.telegramBotToken)
    throw new AppError(503, 'Telegram sign-in is not configured on this server.');
  const result = initDataRaw
    ? validateInitData(initDataRaw, secrets.telegramBotToken, env.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS, clock())
    : ({ ok: false, reason: 'missing' } as const);
  if (!result.ok) {
    c.get('log').warn('telegram init data refused', { reason: result.reason });
    throw new AppError(401, TELEGRAM_AUTH_FAILED_MESSAGE, { reason: result.reason });
  }
  return result.user;
}

export function googleVerifierOf(c: Context<AppEnv>) {
  const google = c.get('deps').identityProviders.google;
  if (!google) throw new AppError(503, GOOGLE_UNCONFIGURED_MESSAGE);
  return google.verifier;
}

export function authRouter() {
  const app = new Hono<AppEnv>();

  mountPhoneRoutes(app);
  mountProviderSignInRoutes(app);
  mountWalletSignInRoutes(app);
  mountSessionRoutes(app);
  return app;
}

/** Phone sign-in by OTP: send, resend, verify (or link the phone to the signed-in account). */
function mountPhoneRoutes(app: Hono<AppEnv>): void {
  mount(app, authRoutes.register, async ({ c, body }) => ({
    data: await c.get('deps').otp.send(validPhone(body.phone), clientIp(c)),
    message: 'OTP sent',
  }));

  mount(app, authRoutes.resend, async ({ c, body }) => ({
    data: await c.get('deps').otp.send(validPhone(body.phone), clientIp(c)),
    message: 'OTP sent',
  }));

  mount(app, authRoutes.verify, async ({ c, body }) => {
    const deps = c.get('deps');
    const phone = validPhone(body.phone);
    // Signed in already (e.g. through Telegram): the phone joins that account instead of making another.
    const linkTo = await optionalBearerUser(c);
    await deps.otp.verify(phone, body.otp);
    const source = sourceOf(c, 'website');
    if (linkTo) {
      const user = await linkIdentity(deps.db, linkTo, phoneIdentity(phone), deps.clock());
      return { data: await finishSignIn(c, user, false, source), message: PHONE_VERIFIED_MESSAGE };
    }
    const { user, isNewUser } = await findOrCreateByPhone(deps.db, phone, deps.clock());
    return { data: await finishSignIn(c, user, isNewUser, source), message: 'Signed in' };
  });
}

/** Sign-in through Telegram, WhatsApp and Google. */
function mountProviderSignInRoutes(app: Hono<AppEnv>): void {
  mount(app, authRoutes.telegram, async ({ c }) => {
    const deps = c.get('deps');
    const match = /^tma (.+)$/.exec(c.req.header('authorization') ?? '');
    const tg = telegramUserOf(c, match?.[1]);
    const { user, isNewUser } = await findOrCreateByTelegram(
      deps.db,
      tg,
      deps.clock(),
      signupCountryOf(c, tg.languageCode),
    );
    // The bot may message them from now on: a chat they opened before (/start) or Telegram's allows_write_to_pm.
    await connectTelegramChat(deps.db, user.id, tg.id, { writeAllowed: tg.allowsWriteToPm });
    return { data: await finishSignIn(c, user, isNewUser, 'telegram'), message: 'Signed in' };
  });

  mount(app, authRoutes.whatsappLogin, async ({ c, query, body }) => {
    const deps = c.get('deps');
    const provider = deps.identityProviders.whatsapp;
    if (!provider) throw new AppError(503, WHATSAPP_UNAVAILABLE_MESSAGE);
    const phone = `+${body.waId}`;
    if (!isValidE164(phone)) {
      throw new AppError(400, WHATSAPP_ID_MESSAGE, {
        issues: [{ path: 'waId', message: WHATSAPP_ID_MESSAGE }],
      });
    }
    if (!ownHostnames(deps.env, c.req.url).has(body.hostname.toLowerCase())) {
      throw new AppError(400, FOREIGN_HOST_MESSAGE, {
        issues: [{ path: 'hostname', message: FOREIGN_HOST_MESSAGE }],
      });
    }
    const token = bearerToken(c);
    const grant = token ? await provider.redeemAccessToken(token) : null;
    if (!grant || grant.waId !== body.waId) {
      throw new AppError(401, WHATSAPP_FAILED_MESSAGE, { reason: grant ? 'wa-id-mismatch' : 'token' });
    }
    const { user, isNewUser } = await findOrCreateByPhone(deps.db, phone, deps.clock(), 'whatsapp');
    const source = sourceOf(c, 'website', query.source);
    return { data: await finishSignIn(c, user, isNewUser, source), message: 'Signed in', status: 201 };
  });

  mount(app, authRoutes.googleSignIn, async ({ c, body }) => {
    const deps = c.get('deps');
    const identity = await googleVerifierOf(c).verify(body.idToken);
    const { user, isNewUser } = await signInWithIdentity(deps.db, identity, deps.clock(), {
      signupCountry: signupCountryOf(c),
    });
    return { data: await finishSignIn(c, user, isNewUser, sourceOf(c, 'website')), message: 'Signed in' };
  });
}

/** Wallet sign-in: SIWE and TON proof, each a challenge then a signed answer. */
function mountWalletSignInRoutes(app: Hono<AppEnv>): void {
  mount(app, authRoutes.siweNonce, async ({ c }) => {
    const deps = c.get('deps');
    await limitPerIp(c, 'siwe-nonce', CHALLENGES_PER_IP, CHALLENGE_WINDOW_MS);
    const issued = await issueSiweNonce(deps.db, deps.clock());
    return { data: { ...issued, chainIds: deps.env.SIWE_CHAIN_IDS } };
  });

  mount(app, authRoutes.siweSignIn, async ({ c, body }) => {
    const deps = c.get('deps');
    const identity = await verifySiwe(
      deps.db,
      body.message,
      body.signature,
      siwePolicy(deps.env, deps.clock(), c.req.url),
    );
    const { user, isNewUser } = await signInWithIdentity(deps.db, identity, deps.clock(), {
      signupCountry: signupCountryOf(c),
    });
    return { data: await finishSignIn(c, user, isNewUser, sourceOf(c, 'website')), message: 'Signed in' };
  });

  mount(app, authRoutes.tonPayload, async ({ c }) => {
    const deps = c.get('deps');
    await limitPerIp(c, 'ton-payload', CHALLENGES_PER_IP, CHALLENGE_WINDOW_MS);
    return { data: await issueTonPayload(deps.db, deps.clock()) };
  });

  mount(app, authRoutes.tonSignIn, async ({ c, body }) => {
    const deps = c.get('deps');
    const identity = await verifyTonProof(deps.db, body, tonPolicy(deps.env, deps.clock(), c.req.url));
    const { user, isNewUser } = await signInWithIdentity(deps.db, identity, deps.clock(), {
      signupCountry: signupCountryOf(c),
    });
    return { data: await finishSignIn(c, user, isNewUser, sourceOf(c, 'telegram')), message: 'Signed in' };
  });
}

/** Which providers are on, token refresh and logout. */
function mountSessionRoutes(app: Hono<AppEnv>): void {
  mount(app, authRoutes.authProviders, async ({ c }) => {
    const { env, identityProviders: p } = c.get('deps');
    return {
      data: {
        google: {
          enabled: p.google !== null,
          mode: p.google?.mode ?? 'google',
          clientId: p.google?.clientId ?? null,
          sandboxAuthorizeUrl: p.sandboxGoogle ? `${API_BASE_PATH}/sandbox/google/authorize` : null,
        },
        whatsapp: {
          enabled: p.whatsapp !== null,
          mode: p.sandboxWhatsApp ? ('sandbox' as const) : ('none' as const),
          sandboxAuthorizeUrl: p.sandboxWhatsApp ? `${API_BASE_PATH}/sandbox/whatsapp/authorize` : null,
        },
        siwe: { chainIds: env.SIWE_CHAIN_IDS },
        ton: { domains: [...tonProofDomains(env, c.req.url)], networks: tonNetworks(env) },
      },
    };
  });

  mount(app, authRoutes.refresh, async ({ c, query }) => {
    const { tokens, db } = c.get('deps');
    const fromCookie = query.refresh_token === undefined;
    const token = query.refresh_token ?? readRefreshCookie(c);
    if (!token) throw new AppError(400, REFRESH_FAILED_MESSAGE, { reason: 'missing' });
    let pair: Awaited<ReturnType<typeof tokens.rotate>>;
    try {
      pair = await tokens.rotate(token, async (userId) => {
        const user = await getUserById(db, userId);
        return user && !user.deletedAt ? toIdentity(user) : null;
      });
    } catch (err) {
      if (fromCookie) clearRefreshCookie(c);
      throw err;
    }
    if (fromCookie || sourceOf(c, 'telegram', query.source) === 'website') {
      setRefreshCookie(c, pair.refreshToken);
    }
    return { data: pair, message: 'Token refreshed' };
  });

  mount(app, authRoutes.logout, async ({ c, body }) => {
    const cookie = readRefreshCookie(c);
    const { tokens } = c.get('deps');
    for (const token of new Set([body.refreshToken, cookie])) if (token) await tokens.revoke(token);
    // The access token's own session ends too, so a client that sends only its Bearer token is logged out.
    const bearer = bearerToken(c);
    const session = bearer ? await tokens.verifyAccess(bearer) : null;
    if (session) await tokens.revokeSession(session.sessionId);
    if (cookie) clearRefreshCookie(c);
    return { data: { loggedOut: true as const }, message: 'Logged out' };
  });
}
