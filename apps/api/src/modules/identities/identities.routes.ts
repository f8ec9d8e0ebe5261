import { identityRoutes, UNAUTHORIZED_MESSAGE } from '@khel/core/contract';
import { connectTelegramChat } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { mount } from '../../lib/route.ts';
import {
  getUserById,
  googleVerifierOf,
  identityStatus,
  linkIdentity,
  methodName,
  PHONE_VERIFIED_MESSAGE,
  phoneIdentity,
  siwePolicy,
  telegramIdentity,
  telegramUserOf,
  tonPolicy,
  toUserDto,
  unlinkIdentity,
  type VerifiedIdentity,
  validPhone,
  verifySiwe,
  verifyTonProof,
} from '../auth/index.ts';

async function currentUser(c: Context<AppEnv>): Promise<UserRow> {
  const user = await getUserById(c.get('deps').db, c.get('userId'));
  if (!user || user.deletedAt) throw new AppError(401, UNAUTHORIZED_MESSAGE);
  return user;
}

async function linkResult(c: Context<AppEnv>, user: UserRow) {
  return { ...(await identityStatus(c.get('deps').db, user)), user: toUserDto(user) };
}

/**
 * On these bearer routes a 401 would tell the client its session is invalid (it would refresh and
 * retry): a proof that fails to verify is a bad request here, with the same message and reason.
 */
async function verifiedForLink<T>(verify: () => T | Promise<T>): Promise<T> {
  try {
    return await verify();
  } catch (err) {
    if (err instanceof AppError && err.status === 401)
      throw new AppError(400, err.message, err.data, err.headers);
    throw err;
  }
}

async function link(c: Context<AppEnv>, identity: VerifiedIdentity) {
  const { db, clock } = c.get('deps');
  const user = await linkIdentity(db, c.get('userId'), identity, clock());
  return linkResult(c, user);
}

/** SPEC §7 social-auth: status, disconnect, link telegram, and linking every other sign-in method. */
export function identitiesRouter() {
  const app = new Hono<AppEnv>();

  mount(app, identityRoutes.socialAuthStatus, async ({ c }) => ({
    data: await identityStatus(c.get('deps').db, await currentUser(c)),
  }));

  mount(app, identityRoutes.socialAuthDisconnect, async ({ c, body }) => {
    const { db, clock } = c.get('deps');
    const user = await unlinkIdentity(db, c.get('userId'), body.provider, body.subject, clock());
    return {
      data: await linkResult(c, user),
      message: `Your ${methodName(body.provider)} was disconnected.`,
    };
  });

  mount(app, identityRoutes.linkPhoneSend, async ({ c, body }) => {
    await currentUser(c);
    return { data: await c.get('deps').otp.send(validPhone(body.phone), clientIp(c)), message: 'OTP sent' };
  });

  mount(app, identityRoutes.linkPhoneVerify, async ({ c, body }) => {
    const deps = c.get('deps');
    const phone = validPhone(body.phone);
    await currentUser(c);
    await deps.otp.verify(phone, body.otp);
    return { data: await link(c, phoneIdentity(phone)), message: PHONE_VERIFIED_MESSAGE };
  });

  mount(app, identityRoutes.linkTelegram, async ({ c, body }) => {
    const tg = await verifiedForLink(() => telegramUserOf(c, body.initDataRaw));
    const data = await link(c, telegramIdentity(tg));
    await connectTelegramChat(c.get('deps').db, c.get('userId'), tg.id, { writeAllowed: tg.allowsWriteToPm });
    return { data, message: 'Telegram account linked' };
  });

  mount(app, identityRoutes.linkGoogle, async ({ c, body }) => {
    const identity = await verifiedForLink(() => googleVerifierOf(c).verify(body.idToken));
    return { data: await link(c, identity), message: 'Google account linked' };
  });

  mount(app, identityRoutes.linkSiwe, async ({ c, body }) => {
    const deps = c.get('deps');
    const identity = await verifiedForLink(() =>
      verifySiwe(deps.db, body.message, body.signature, siwePolicy(deps.env, deps.clock(), c.req.url)),
    );
    return { data: await link(c, identity), message: 'Wallet linked' };
  });

  mount(app, identityRoutes.linkTon, async ({ c, body }) => {
    const deps = c.get('deps');
    const identity = await verifiedForLink(() =>
      verifyTonProof(deps.db, body, tonPolicy(deps.env, deps.clock(), c.req.url)),
    );
    return { data: await link(c, identity), message: 'TON wallet linked' };
  });

  return app;
}
