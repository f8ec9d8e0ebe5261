import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_MESSAGES } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { schema } from '@khel/db';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import type { Logger } from '../../lib/logger.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import type { SmsProvider } from './providers/sms.ts';

export { OTP_MESSAGES };

/** SPEC §9: a new code may be asked for 180 000 ms after the last one. */
export const RETRY_LOGIN_AFTER_MS = 180_000;
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_PER_PHONE_PER_HOUR = 5;
export const OTP_PER_IP_PER_HOUR = 20;
const HOUR_MS = 60 * 60 * 1000;

const retryAfterHeader = (ms: number) => ({ 'Retry-After': String(Math.max(1, Math.ceil(ms / 1000))) });

export class OtpService {
  constructor(
    private readonly db: Database,
    private readonly sms: SmsProvider,
    private readonly pepper: string,
    private readonly clock: () => Date,
    private readonly logger: Logger,
  ) {}

  private hash(phone: string, code: string) {
    return createHmac('sha256', this.pepper).update(`${phone}:${code}`).digest();
  }

  /**
   * Sends a new 6-digit code. The answer is the same whether or not the phone has an account.
   * Limits: one code per RETRY_LOGIN_AFTER_MS per phone (at once when the last one died of wrong
   * tries), and hourly caps per phone and per IP.
   */
  async send(phone: string, ip: string) {
    const now = this.clock();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    await this.db.transaction(async (tx) => {
      // One sender per phone at a time, across every connection and replica: without this lock,
      // concurrent requests all read "no recent code" and each sends an SMS (seen on PostgreSQL).
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`otp:${phone}`}, 0))`);
      const [latest] = await tx
        .select({ createdAt: schema.otpCodes.createdAt, attempts: schema.otpCodes.attempts })
        .from(schema.otpCodes)
        .where(eq(schema.otpCodes.phoneNumber, phone))
        .orderBy(desc(schema.otpCodes.createdAt))
        .limit(1);
      // A code killed by wrong tries can be replaced at once: waiting out the rest of the 180 s with
      // nothing that could work helps nobody, and the hourly caps below still bound guessing.
      if (latest && latest.attempts < OTP_MAX_ATTEMPTS) {
        const waitMs = latest.createdAt.getTime() + RETRY_LOGIN_AFTER_MS - now.getTime();
        if (waitMs > 0) {
          throw new AppError(429, OTP_MESSAGES.wait, { retryLoginAfter: waitMs }, retryAfterHeader(waitMs));
        }
      }
      for (const [key, limit] of [
        [`otp:phone:${phone}`, OTP_PER_PHONE_PER_HOUR],
        [`otp:ip:${ip}`, OTP_PER_IP_PER_HOUR],
      ] as const) {
        const hit = await hitRateLimit(tx, key, limit, HOUR_MS, now);
        if (!hit.allowed) {
          throw new AppError(
            429,
            OTP_MESSAGES.tooMany,
            { retryLoginAfter: hit.retryAfterMs },
            retryAfterHeader(hit.retryAfterMs),
          );
        }
      }
      // Only the newest code is valid: earlier unused ones die now.
      await tx
        .update(schema.otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(schema.otpCodes.phoneNumber, phone), isNull(schema.otpCodes.consumedAt)));
      await tx.insert(schema.otpCodes).values({
        phoneNumber: phone,
        codeHash: this.hash(phone, code).toString('base64'),
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
        createdAt: now,
      });
    });
    await this.sms.send({
      to: phone,
      body: `${code} is your Khel sign-in code. It expires in 10 minutes. Never share it with anyone.`,
    });
    this.logger.info('otp sent', { provider: this.sms.name, phoneSuffix: phone.slice(-2) });
    return { phone, retryLoginAfter: RETRY_LOGIN_AFTER_MS, expiresIn: OTP_TTL_MS / 1000 };
  }

  /** Checks a code; a right one is consumed (single use), a wrong one counts toward OTP_MAX_ATTEMPTS. */
  async verify(phone: string, code: string): Promise<void> {
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(schema.otpCodes)
        .where(and(eq(schema.otpCodes.phoneNumber, phone), isNull(schema.otpCodes.consumedAt)))
        .orderBy(desc(schema.otpCodes.createdAt))
        .limit(1)
        .for('update');
      if (!row || row.expiresAt.getTime() <= now.getTime()) return 'expired' as const;
      if (row.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted' as const;
      const expected = Buffer.from(row.codeHash, 'base64');
      const actual = this.hash(phone, code);
      if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
        await tx.update(schema.otpCodes).set({ consumedAt: now }).where(eq(schema.otpCodes.id, row.id));
        return 'ok' as const;
      }
      const attempts = row.attempts + 1;
      await tx
        .update(schema.otpCodes)
        .set({ attempts, consumedAt: attempts >= OTP_MAX_ATTEMPTS ? now : null })
        .where(eq(schema.otpCodes.id, row.id));
      return attempts >= OTP_MAX_ATTEMPTS
        ? ('exhausted' as const)
        : { attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
    });
    if (outcome === 'ok') return;
    if (outcome === 'expired') throw new AppError(400, OTP_MESSAGES.expired, { reason: 'expired' });
    if (outcome === 'exhausted')
      throw new AppError(429, OTP_MESSAGES.exhausted, { reason: 'exhausted', retryLoginAfter: 0 });
    throw new AppError(400, OTP_MESSAGES.invalid, { reason: 'invalid', attemptsLeft: outcome.attemptsLeft });
  }
}
