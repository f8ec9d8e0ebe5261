import { authRoutes } from '@khel/core/contract';
import { isValidE164, PHONE_INVALID_MESSAGE } from '@khel/core/validation';
import { Hono } from 'hono';
import { clientIp } from '../lib/client-ip.ts';
import type { AppEnv } from '../lib/context.ts';
import { AppError } from '../lib/http.ts';
import { mount } from '../lib/route.ts';
import { validateInitData } from '../services/telegram-init-data.ts';
import {
  findOrCreateByPhone,
  findOrCreateByTelegram,
  getUserById,
  toIdentity,
  toUserDto,
} from '../services/users.ts';

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
    const { otp, tokens, db } = c.get('deps');
    await otp.verify(validPhone(body.phone), body.otp);
    const { user, isNewUser } = await findOrCreateByPhone(db, body.phone);
    const issued = await tokens.issue(toIdentity(user), sourceOf(c.req.header('source'), 'website'));
    return { data: { ...issued, user: toUserDto(user), isNewUser }, message: 'Signed in' };
  });

  mount(app, authRoutes.telegram, async ({ c }) => {
    const { secrets, env, tokens, db, clock, log } = { ...c.get('deps'), log: c.get('log') };
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
    const issued = await tokens.issue(toIdentity(user), 'telegram');
    return { data: { ...issued, user: toUserDto(user), isNewUser }, message: 'Signed in' };
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
