import { authRoutes } from '@khel/core/contract';
import { isValidE164, PHONE_INVALID_MESSAGE } from '@khel/core/validation';
import { Hono } from 'hono';
import { clientIp } from '../lib/client-ip.ts';
import type { AppEnv } from '../lib/context.ts';
import { AppError } from '../lib/http.ts';
import { mount } from '../lib/route.ts';
import { completeSignIn } from '../services/sign-in.ts';
import { validateInitData } from '../services/telegram-init-data.ts';
import { findOrCreateByPhone, findOrCreateByTelegram, getUserById, toIdentity } from '../services/users.ts';

export const TELEGRAM_AUTH_FAILED_MESSAGE = 'Telegram sign-in could not be verified.';

/** The contract checks the E.164 shape; here the number must also be valid for its country. */
function validPhone(phone: string): string {
  if (!isValidE164(phone)) {
    throw new AppError(400, PHONE_INVALID_MESSAGE, {
      issues: [{ path: 'phone', message: PHONE_INVALID_MESSAGE }],
    });
  }
  return phone;
}

const sourceOf = (header: string | undefined, fallback: 'website' | 'telegram') =>
  header === 'telegram' || header === 'website' ? header : fallback;

export function authRouter() {
  const app = new Hono<AppEnv>();

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
    await deps.otp.verify(validPhone(body.phone), body.otp);
    const { user, isNewUser } = await findOrCreateByPhone(deps.db, body.phone);
    const source = sourceOf(c.req.header('source'), 'website');
    return { data: await completeSignIn(deps, user, isNewUser, source), message: 'Signed in' };
  });

  mount(app, authRoutes.telegram, async ({ c }) => {
    const deps = c.get('deps');
    const { secrets, env, db, clock } = deps;
    const log = c.get('log');
    const match = /^tma (.+)$/.exec(c.req.header('authorization') ?? '');
    if (!secrets.telegramBotToken)
      throw new AppError(503, 'Telegram sign-in is not configured on this server.');
    const result = match
      ? validateInitData(match[1]!, secrets.telegramBotToken, env.TELEGRAM_INIT_DATA_MAX_AGE_SECONDS, clock())
      : ({ ok: false, reason: 'missing' } as const);
    if (!result.ok) {
      log.warn('telegram init data refused', { reason: result.reason });
      throw new AppError(401, TELEGRAM_AUTH_FAILED_MESSAGE, { reason: result.reason });
    }
    const { user, isNewUser } = await findOrCreateByTelegram(db, result.user);
    return { data: await completeSignIn(deps, user, isNewUser, 'telegram'), message: 'Signed in' };
  });

  mount(app, authRoutes.refresh, async ({ c, query }) => {
    const { tokens, db } = c.get('deps');
    const pair = await tokens.rotate(query.refresh_token, async (userId) => {
      const user = await getUserById(db, userId);
      return user ? toIdentity(user) : null;
    });
    return { data: pair, message: 'Token refreshed' };
  });

  mount(app, authRoutes.logout, async ({ c, body }) => {
    if (body.refreshToken) await c.get('deps').tokens.revoke(body.refreshToken);
    return { data: { loggedOut: true as const }, message: 'Logged out' };
  });

  return app;
}
