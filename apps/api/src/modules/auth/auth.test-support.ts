import type { AuthResult } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { lastOtp, signInitData, type TestContext } from '../../test-support.ts';

let counter = 0;
/** A fresh valid Indian mobile number (10 digits from 6–9) per call. */
export const freshPhone = () =>
  `+9198${String(Date.now() % 100_000).padStart(5, '0')}${String(counter++ % 1000).padStart(3, '0')}`;
/** A fresh Telegram user id per call. */
export const freshTelegramId = () => 800_000_000 + (Date.now() % 100_000) * 100 + (counter++ % 100);

let ipCounter = 0;
/** Each call from its own address, so per-IP limits stay out of the way unless a test wants them. */
export const freshIp = () => `198.18.${Math.floor(ipCounter / 250) % 250}.${(ipCounter++ % 250) + 1}`;

export const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

export async function sendCode(
  ctx: TestContext,
  path: string,
  phone: string,
  headers: Record<string, string> = {},
) {
  const res = await ctx.json(path, {
    body: { phone },
    headers: { 'x-forwarded-for': freshIp(), ...headers },
  });
  expect(res.status, res.body.message).toBe(200);
  return lastOtp(ctx, phone);
}

/** Phone OTP sign-in through the API; the token set. */
export async function phoneSignIn(ctx: TestContext, phone = freshPhone()): Promise<AuthResult> {
  const otp = await sendCode(ctx, '/authentication/register', phone);
  const res = await ctx.json('/authentication/verify', { body: { phone, otp } });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data;
}

/** Mini App sign-in with init data signed for the test bot token. */
export async function telegramSignIn(ctx: TestContext, id = freshTelegramId(), firstName = 'Kiran') {
  const raw = signInitData({ id, first_name: firstName, username: `tg_${id}` }, ctx.now());
  const res = await ctx.json('/authentication/telegram', {
    method: 'POST',
    headers: { authorization: `tma ${raw}` },
  });
  expect(res.status, res.body.message).toBe(200);
  return res.body.data as AuthResult;
}

export async function identitiesOf(ctx: TestContext, userId: string) {
  const rows = await ctx.deps.db.select().from(schema.identities).where(eq(schema.identities.userId, userId));
  return rows.map((r) => `${r.provider}:${r.subject}`).sort();
}

/** Everything sign-in and linking may write, to check that a refused request wrote nothing. */
export async function snapshot(ctx: TestContext) {
  const db = ctx.deps.db;
  const users = await db
    .select({
      id: schema.users.id,
      phone: schema.users.phoneNumber,
      telegram: schema.users.telegramId,
      email: schema.users.email,
    })
    .from(schema.users);
  const identities = await db
    .select({ user: schema.identities.userId, p: schema.identities.provider, s: schema.identities.subject })
    .from(schema.identities);
  const tokens = await db.select({ id: schema.refreshTokens.id }).from(schema.refreshTokens);
  return {
    users: users.map((u) => JSON.stringify(u)).sort(),
    identities: identities.map((i) => JSON.stringify(i)).sort(),
    refreshTokens: tokens.length,
  };
}
