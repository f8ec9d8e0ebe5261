import { createHash, randomBytes } from 'node:crypto';
import {
  identityRoutes,
  TELEGRAM_LINK_EXPIRED_MESSAGE,
  TELEGRAM_LINK_PAYLOAD_PREFIX,
  TELEGRAM_LINK_TTL_SECONDS,
  TELEGRAM_LINK_UNAVAILABLE_MESSAGE,
  type TelegramLinkStatus,
} from '@khel/core/contract';
import { botStartLink } from '@khel/core/deep-links';
import { connectTelegramChat, type Executor } from '@khel/db';
import { telegramLinkTokens } from '@khel/db/schema';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { botActorOf, mount } from '../../lib/route.ts';
import { limitOrRefuse, linkIdentity, telegramIdentity } from '../auth/index.ts';

/** Links a website user may start in an hour (each replaces the last; per account, not per address). */
export const TELEGRAM_LINK_STARTS_PER_HOUR = 10;
/** Tokens one Telegram user may present in 10 minutes (a token is 256 random bits: this only stops floods). */
export const TELEGRAM_LINK_TRIES_PER_WINDOW = 10;
const HOUR_MS = 60 * 60 * 1000;
const TRY_WINDOW_MS = 10 * 60 * 1000;

/** Only the token's SHA-256 is stored: a leaked table links nobody. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The newest link of an account, as the website polls it. */
export async function telegramLinkStatus(
  db: Executor,
  userId: string,
  now: Date,
): Promise<TelegramLinkStatus> {
  const [row] = await db
    .select()
    .from(telegramLinkTokens)
    .where(eq(telegramLinkTokens.userId, userId))
    .orderBy(desc(telegramLinkTokens.createdAt))
    .limit(1);
  if (!row) return { state: 'none', expiresAt: null };
  const expiresAt = row.expiresAt.toISOString();
  if (row.outcome) return { state: row.outcome, expiresAt };
  const open = row.consumedAt === null && row.expiresAt > now;
  return { state: open ? 'pending' : 'expired', expiresAt };
}

/**
 * Spends the token (once, before it expires) and links the Telegram user to its account, in one
 * transaction. The outcome is kept for the website: `linked`, or `conflict` when that Telegram account
 * belongs to another Khel account (the token is spent either way; nothing else changes). Unknown, used or
 * expired tokens are a 410.
 */
export async function completeTelegramLink(
  db: Executor,
  token: string,
  telegram: Parameters<typeof telegramIdentity>[0],
  now: Date,
): Promise<{ userId: string }> {
  const spent = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(telegramLinkTokens)
      .set({ consumedAt: now })
      .where(
        and(
          eq(telegramLinkTokens.tokenHash, hashOf(token)),
          isNull(telegramLinkTokens.consumedAt),
          gt(telegramLinkTokens.expiresAt, now),
        ),
      )
      .returning({ userId: telegramLinkTokens.userId, tokenHash: telegramLinkTokens.tokenHash });
    if (!row) throw new AppError(410, TELEGRAM_LINK_EXPIRED_MESSAGE);
    try {
      await linkIdentity(tx, row.userId, telegramIdentity(telegram), now);
    } catch (err) {
      if (!(err instanceof AppError && err.status === 409)) throw err;
      await tx
        .update(telegramLinkTokens)
        .set({ outcome: 'conflict' })
        .where(eq(telegramLinkTokens.tokenHash, row.tokenHash));
      return { conflict: err };
    }
    await tx
      .update(telegramLinkTokens)
      .set({ outcome: 'linked' })
      .where(eq(telegramLinkTokens.tokenHash, row.tokenHash));
    return { userId: row.userId };
  });
  if ('conflict' in spent) throw spent.conflict;
  return spent;
}

/**
 * Linking Telegram from the website (README.md): POST /social-auth/telegram/link issues a one-time
 * `t.me/<bot>?start=link_<token>`, GET polls it, and the bot completes it with POST /bot/telegram-link.
 */
export function telegramLinkRouter() {
  const app = new Hono<AppEnv>();

  mount(app, identityRoutes.telegramLinkStart, async ({ c }) => {
    const deps = c.get('deps');
    const bot = deps.env.TELEGRAM_BOT_USERNAME;
    if (!bot || !deps.env.TELEGRAM_BOT_TOKEN)
      throw new AppError(503, TELEGRAM_LINK_UNAVAILABLE_MESSAGE, { reason: 'unavailable' });
    const userId = c.get('userId');
    await limitOrRefuse(c, `telegram-link-start:user:${userId}`, TELEGRAM_LINK_STARTS_PER_HOUR, HOUR_MS);
    const now = deps.clock();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + TELEGRAM_LINK_TTL_SECONDS * 1000);
    await deps.db
      .insert(telegramLinkTokens)
      .values({ tokenHash: hashOf(token), userId, expiresAt, createdAt: now });
    return {
      data: {
        url: botStartLink(bot, `${TELEGRAM_LINK_PAYLOAD_PREFIX}${token}`),
        expiresAt: expiresAt.toISOString(),
      },
    };
  });

  mount(app, identityRoutes.telegramLinkStatus, async ({ c }) => ({
    data: await telegramLinkStatus(c.get('deps').db, c.get('userId'), c.get('deps').clock()),
  }));

  mount(app, identityRoutes.botTelegramLink, async ({ c, body }) => {
    const deps = c.get('deps');
    const telegramUserId = await botActorOf(c);
    await limitOrRefuse(
      c,
      `telegram-link-try:tg:${telegramUserId}`,
      TELEGRAM_LINK_TRIES_PER_WINDOW,
      TRY_WINDOW_MS,
    );
    const now = deps.clock();
    const { userId } = await completeTelegramLink(
      deps.db,
      body.token,
      {
        id: telegramUserId,
        username: body.username,
        firstName: body.firstName,
        lastName: body.lastName,
        languageCode: body.languageCode,
      },
      now,
    );
    // They pressed Start in the bot's chat: the bot may message them from now on.
    await connectTelegramChat(deps.db, userId, telegramUserId, { writeAllowed: true });
    return { data: { linked: true as const }, message: 'Telegram account linked' };
  });

  return app;
}
