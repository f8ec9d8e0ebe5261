import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_ALREADY_VERIFIED_MESSAGE, EMAIL_IN_USE_MESSAGE, OTP_MESSAGES } from '@khel/core/contract';
import { type Language, matchLanguage } from '@khel/core/format';
import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';

export const EMAIL_CODE_TTL_MS = 10 * 60 * 1000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** A new code may be asked for this long after the last one. */
export const EMAIL_RESEND_AFTER_MS = 60_000;
export const EMAIL_CODES_PER_USER_PER_HOUR = 5;
export const EMAIL_CODES_PER_ADDRESS_PER_HOUR = 5;
export const EMAIL_VERIFY_TRIES_PER_USER_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

export const EMAIL_MESSAGES = {
  ...OTP_MESSAGES,
  alreadyVerified: EMAIL_ALREADY_VERIFIED_MESSAGE,
  inUse: EMAIL_IN_USE_MESSAGE,
} as const;

/** The code email in the account's language (the one its pushes speak); English until one is chosen. */
export const EMAIL_CODE_TEXTS: Record<Language, (code: string) => { subject: string; text: string }> = {
  en: (code) => ({
    subject: `${code} is your Khel email code`,
    text: `Your Khel email verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this email.`,
  }),
  hi: (code) => ({
    subject: `${code} आपका Khel ईमेल कोड है`,
    text: `आपका Khel ईमेल वेरिफ़िकेशन कोड ${code} है। यह 10 मिनट में ख़त्म हो जाएगा। अगर आपने इसे नहीं माँगा था, तो इस ईमेल को अनदेखा करें।`,
  }),
  'pt-BR': (code) => ({
    subject: `${code} é o seu código de e-mail da Khel`,
    text: `Seu código de verificação de e-mail da Khel é ${code}. Ele expira em 10 minutos. Se você não pediu, ignore este e-mail.`,
  }),
};

const retryAfter = (ms: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });
const normalize = (email: string) => email.trim().toLowerCase();
/** Rate-limit keys carry a digest, never the address itself. */
const addressKey = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 32);

function codeHash(pepper: string, userId: string, email: string, code: string): Buffer {
  return createHmac('sha256', pepper).update(`email-code:${userId}:${email}:${code}`).digest();
}

async function assertNotUsedElsewhere(deps: AppDeps, userId: string, email: string) {
  const [other] = await deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      and(
        sql`lower(${schema.users.email}) = ${email}`,
        isNotNull(schema.users.emailVerifiedAt),
        ne(schema.users.id, userId),
      ),
    )
    .limit(1);
  if (other) throw new AppError(409, EMAIL_MESSAGES.inUse);
}

/**
 * Sends a 6-digit code to a new address. The account's email changes only when the code comes back
 * (verifyEmailCode), so an unconfirmed address never replaces a confirmed one. Limits: one code per
 * EMAIL_RESEND_AFTER_MS, hourly caps per account and per address (kept in the database).
 */
export async function sendEmailCode(deps: AppDeps, user: UserRow, rawEmail: string) {
  const email = normalize(rawEmail);
  const now = deps.clock();
  if (user.emailVerifiedAt && user.email && normalize(user.email) === email)
    throw new AppError(409, EMAIL_MESSAGES.alreadyVerified);
  await assertNotUsedElsewhere(deps, user.id, email);

  const [latest] = await deps.db
    .select({ createdAt: schema.emailCodes.createdAt })
    .from(schema.emailCodes)
    .where(eq(schema.emailCodes.userId, user.id))
    .orderBy(desc(schema.emailCodes.createdAt))
    .limit(1);
  if (latest) {
    const waitMs = latest.createdAt.getTime() + EMAIL_RESEND_AFTER_MS - now.getTime();
    if (waitMs > 0) throw new AppError(429, EMAIL_MESSAGES.wait, { retryAfter: waitMs }, retryAfter(waitMs));
  }
  for (const [key, limit] of [
    [`email-code:user:${user.id}`, EMAIL_CODES_PER_USER_PER_HOUR],
    [`email-code:address:${addressKey(email)}`, EMAIL_CODES_PER_ADDRESS_PER_HOUR],
  ] as const) {
    const hit = await hitRateLimit(deps.db, key, limit, HOUR_MS, now);
    if (!hit.allowed)
      throw new AppError(
        429,
        EMAIL_MESSAGES.tooMany,
        { retryAfter: hit.retryAfterMs },
        retryAfter(hit.retryAfterMs),
      );
  }

  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  await deps.db.transaction(async (tx) => {
    // Only the newest code is valid.
    await tx
      .update(schema.emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(schema.emailCodes.userId, user.id), isNull(schema.emailCodes.consumedAt)));
    await tx.insert(schema.emailCodes).values({
      userId: user.id,
      email,
      codeHash: codeHash(deps.secrets.otpPepper, user.id, email, code).toString('base64'),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MS),
      createdAt: now,
    });
  });
  await deps.mail.send({ to: email, ...EMAIL_CODE_TEXTS[matchLanguage(user.languageCode) ?? 'en'](code) });
  deps.logger.info('email code sent', { provider: deps.mail.name, userId: user.id });
  return { email, expiresIn: EMAIL_CODE_TTL_MS / 1000, retryAfter: EMAIL_RESEND_AFTER_MS };
}

/** Checks a code: a right one is consumed (single use) and the address becomes the account's verified email. */
export async function verifyEmailCode(deps: AppDeps, user: UserRow, code: string) {
  const now = deps.clock();
  const hit = await hitRateLimit(
    deps.db,
    `email-verify:user:${user.id}`,
    EMAIL_VERIFY_TRIES_PER_USER_PER_HOUR,
    HOUR_MS,
    now,
  );
  if (!hit.allowed)
    throw new AppError(
      429,
      EMAIL_MESSAGES.tooMany,
      { retryAfter: hit.retryAfterMs },
      retryAfter(hit.retryAfterMs),
    );

  const outcome = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(schema.emailCodes)
      .where(and(eq(schema.emailCodes.userId, user.id), isNull(schema.emailCodes.consumedAt)))
      .orderBy(desc(schema.emailCodes.createdAt))
      .limit(1)
      .for('update');
    if (!row || row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' as const };
    if (row.attempts >= EMAIL_CODE_MAX_ATTEMPTS) return { kind: 'exhausted' as const };
    const expected = Buffer.from(row.codeHash, 'base64');
    const actual = codeHash(deps.secrets.otpPepper, user.id, row.email, code);
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
      await tx.update(schema.emailCodes).set({ consumedAt: now }).where(eq(schema.emailCodes.id, row.id));
      return { kind: 'ok' as const, email: row.email };
    }
    const attempts = row.attempts + 1;
    await tx
      .update(schema.emailCodes)
      .set({ attempts, consumedAt: attempts >= EMAIL_CODE_MAX_ATTEMPTS ? now : null })
      .where(eq(schema.emailCodes.id, row.id));
    return attempts >= EMAIL_CODE_MAX_ATTEMPTS
      ? { kind: 'exhausted' as const }
      : { kind: 'invalid' as const, attemptsLeft: EMAIL_CODE_MAX_ATTEMPTS - attempts };
  });
  if (outcome.kind === 'expired') throw new AppError(400, EMAIL_MESSAGES.expired, { reason: 'expired' });
  if (outcome.kind === 'exhausted')
    throw new AppError(429, EMAIL_MESSAGES.exhausted, { reason: 'exhausted' });
  if (outcome.kind === 'invalid')
    throw new AppError(400, EMAIL_MESSAGES.invalid, {
      reason: 'invalid',
      attemptsLeft: outcome.attemptsLeft,
    });

  // Another account may have confirmed the same address since the code was sent.
  await assertNotUsedElsewhere(deps, user.id, outcome.email);
  await deps.db
    .update(schema.users)
    .set({ email: outcome.email, emailVerifiedAt: now, updatedAt: now })
    .where(eq(schema.users.id, user.id));
  return { email: outcome.email, email_verified: true as const };
}
