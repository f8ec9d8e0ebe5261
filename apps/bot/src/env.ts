import { z } from 'zod';

/** Telegram's rule for `secret_token`: 1–256 characters of A-Z, a-z, 0-9, `_` and `-`. */
export const WEBHOOK_SECRET_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;
const SHORT_NAME_PATTERN = /^[A-Za-z0-9_]{3,30}$/;
const DEFAULT_API_ROOT = 'https://api.telegram.org';
const DEFAULT_PORT = 8081;

export type BotMode = 'polling' | 'webhook';

export interface BotConfig {
  token: string;
  apiRoot: string;
  mode: BotMode;
  /** Set exactly in webhook mode. */
  webhookUrl?: string;
  /** Set exactly in webhook mode. */
  webhookSecret?: string;
  /** Mini App root, always ending in `/` (e.g. `https://khel.example/tma/`). */
  miniAppUrl: string;
  miniAppShortName?: string;
  /** Port of the standalone webhook server (main.ts). */
  port: number;
  /** PostgreSQL URL (split mode): /start records bot chats, /settings and the notifier read the database. */
  databaseUrl?: string;
  /** DATABASE_POOL_MODE: `transaction` when DATABASE_URL is a transaction-mode pooler (PgBouncer); the queries then go unnamed. */
  databasePoolMode?: 'session' | 'transaction';
  /**
   * The notifier's sends per second (give each of N notifier processes 1/N of it): at most Telegram's 30, or 1 000
   * with paid broadcasts. Default 30, or 1 000 with paid broadcasts.
   */
  notifierMessagesPerSecond: number;
  /** NOTIFIER_PAID_BROADCAST: the notifier's sends carry `allow_paid_broadcast` (0.1 Star each). Default false. */
  notifierPaidBroadcast: boolean;
  /** The Khel API root the clan chief's console calls (KHEL_API_URL, else PUBLIC_URL + `/api`). */
  khelApiUrl: string;
}

// Blank values in .env files mean "not set".
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

const httpUrl = (name: string) =>
  z.url({ protocol: /^https?$/, error: `${name} must be an http(s) URL` }).transform((u) => u.trim());

const envSchema = z
  .object({
    TELEGRAM_BOT_TOKEN: optionalText,
    TELEGRAM_API_ROOT: optionalText.pipe(httpUrl('TELEGRAM_API_ROOT').optional()),
    TELEGRAM_WEBHOOK_URL: optionalText.pipe(httpUrl('TELEGRAM_WEBHOOK_URL').optional()),
    TELEGRAM_WEBHOOK_SECRET: optionalText.pipe(
      z
        .string()
        .regex(WEBHOOK_SECRET_PATTERN, 'TELEGRAM_WEBHOOK_SECRET must be 1–256 characters of A-Za-z0-9_-')
        .optional(),
    ),
    TELEGRAM_MINIAPP_URL: optionalText.pipe(httpUrl('TELEGRAM_MINIAPP_URL').optional()),
    TELEGRAM_MINIAPP_SHORT_NAME: optionalText.pipe(
      z
        .string()
        .regex(SHORT_NAME_PATTERN, 'TELEGRAM_MINIAPP_SHORT_NAME must be 3–30 letters, digits or _')
        .optional(),
    ),
    PUBLIC_URL: optionalText.pipe(httpUrl('PUBLIC_URL').optional()),
    KHEL_API_URL: optionalText.pipe(httpUrl('KHEL_API_URL').optional()),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
        .optional(),
    ),
    DATABASE_POOL_MODE: optionalText.pipe(z.enum(['session', 'transaction']).optional()),
    NOTIFIER_MESSAGES_PER_SECOND: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,4}$/, 'NOTIFIER_MESSAGES_PER_SECOND must be a whole number')
        .transform(Number)
        .optional(),
    ),
    NOTIFIER_PAID_BROADCAST: optionalText.pipe(
      z
        .enum(['true', 'false', '1', '0'], {
          message: 'NOTIFIER_PAID_BROADCAST must be true or false',
        })
        .transform((v) => v === 'true' || v === '1')
        .optional(),
    ),
    PORT: optionalText.pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, 'PORT must be a port number')
        .transform(Number)
        .refine((port) => port <= 65_535, 'PORT must be a port number')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (!env.TELEGRAM_BOT_TOKEN) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEGRAM_BOT_TOKEN'],
        message: 'TELEGRAM_BOT_TOKEN is required',
      });
    }
    const paid = env.NOTIFIER_PAID_BROADCAST ?? false;
    const most = paid ? PAID_BROADCAST_PER_SECOND : FREE_BROADCAST_PER_SECOND;
    const rate = env.NOTIFIER_MESSAGES_PER_SECOND;
    if (rate !== undefined && (rate < 1 || rate > most)) {
      ctx.addIssue({
        code: 'custom',
        path: ['NOTIFIER_MESSAGES_PER_SECOND'],
        message: `NOTIFIER_MESSAGES_PER_SECOND must be a whole number from 1 to ${most}${
          paid ? '' : ' (up to 1000 with NOTIFIER_PAID_BROADCAST=true)'
        }`,
      });
    }
    if (env.TELEGRAM_WEBHOOK_URL && !env.TELEGRAM_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['TELEGRAM_WEBHOOK_SECRET'],
        message: 'TELEGRAM_WEBHOOK_SECRET is required when TELEGRAM_WEBHOOK_URL is set',
      });
    }
  });

export class BotConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid bot configuration:\n- ${issues.join('\n- ')}`);
    this.name = 'BotConfigError';
  }
}

/** True when a bot token is configured, i.e. when the all-in-one server should run the bot. */
export function hasBotToken(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.TELEGRAM_BOT_TOKEN?.trim());
}

/** Parses the bot's environment; throws BotConfigError listing every problem. */
export function loadBotConfig(env: Record<string, string | undefined> = process.env): BotConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new BotConfigError(parsed.error.issues.map((issue) => issue.message));
  }
  const e = parsed.data;
  const miniAppUrl = withTrailingSlash(
    e.TELEGRAM_MINIAPP_URL ??
      new URL('tma/', withTrailingSlash(e.PUBLIC_URL ?? 'http://localhost:8080')).href,
  );
  const config: BotConfig = {
    token: e.TELEGRAM_BOT_TOKEN as string,
    apiRoot: (e.TELEGRAM_API_ROOT ?? DEFAULT_API_ROOT).replace(/\/+$/, ''),
    mode: e.TELEGRAM_WEBHOOK_URL ? 'webhook' : 'polling',
    miniAppUrl,
    port: e.PORT ?? DEFAULT_PORT,
    ...notifierRate(e),
    khelApiUrl: (
      e.KHEL_API_URL ?? new URL('api', withTrailingSlash(e.PUBLIC_URL ?? 'http://localhost:8080')).href
    ).replace(/\/+$/, ''),
  };
  if (e.DATABASE_URL) config.databaseUrl = e.DATABASE_URL;
  if (e.DATABASE_POOL_MODE) config.databasePoolMode = e.DATABASE_POOL_MODE;
  if (e.TELEGRAM_WEBHOOK_URL) {
    config.webhookUrl = e.TELEGRAM_WEBHOOK_URL;
    config.webhookSecret = e.TELEGRAM_WEBHOOK_SECRET;
  }
  if (e.TELEGRAM_MINIAPP_SHORT_NAME) config.miniAppShortName = e.TELEGRAM_MINIAPP_SHORT_NAME;
  return config;
}

/** Telegram's broadcasting limit without paying, and with `allow_paid_broadcast` (Bot API, sendMessage). */
export const FREE_BROADCAST_PER_SECOND = 30;
export const PAID_BROADCAST_PER_SECOND = 1_000;

function notifierRate(e: { NOTIFIER_MESSAGES_PER_SECOND?: number; NOTIFIER_PAID_BROADCAST?: boolean }) {
  const paid = e.NOTIFIER_PAID_BROADCAST ?? false;
  return {
    notifierMessagesPerSecond:
      e.NOTIFIER_MESSAGES_PER_SECOND ?? (paid ? PAID_BROADCAST_PER_SECOND : FREE_BROADCAST_PER_SECOND),
    notifierPaidBroadcast: paid,
  };
}

/**
 * The notifier's rate settings alone (NOTIFIER_MESSAGES_PER_SECOND, NOTIFIER_PAID_BROADCAST), for the all-in-one
 * server, which reads the rest of its settings itself. Throws BotConfigError on a bad value.
 */
export function loadNotifierRate(env: {
  NOTIFIER_MESSAGES_PER_SECOND?: string | undefined;
  NOTIFIER_PAID_BROADCAST?: string | undefined;
}): {
  notifierMessagesPerSecond: number;
  notifierPaidBroadcast: boolean;
} {
  const { notifierMessagesPerSecond, notifierPaidBroadcast } = loadBotConfig({
    TELEGRAM_BOT_TOKEN: 'rate-only',
    NOTIFIER_MESSAGES_PER_SECOND: env.NOTIFIER_MESSAGES_PER_SECOND,
    NOTIFIER_PAID_BROADCAST: env.NOTIFIER_PAID_BROADCAST,
  });
  return { notifierMessagesPerSecond, notifierPaidBroadcast };
}

function withTrailingSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The notifier process's Web Push lane: on when both VAPID keys are set (`pnpm start:notifier`). */
export interface WebPushSettings {
  vapid: { publicKey: string; privateKey: string };
  subject: string;
  /** `live` unless WEB_PUSH_PROVIDER=sandbox (which production refuses). */
  provider: 'live' | 'sandbox';
}

/**
 * WEB_PUSH_VAPID_PUBLIC_KEY, WEB_PUSH_VAPID_PRIVATE_KEY, WEB_PUSH_SUBJECT and WEB_PUSH_PROVIDER for the notifier
 * of split mode (the API checks and, outside production, generates them for the all-in-one server); null when
 * the keys are not set. Throws BotConfigError on half a pair or a bad value.
 */
export function loadWebPushSettings(env: NodeJS.ProcessEnv = process.env): WebPushSettings | null {
  const { WEB_PUSH_VAPID_PUBLIC_KEY: publicKey, WEB_PUSH_VAPID_PRIVATE_KEY: privateKey } = env;
  if (!publicKey && !privateKey) return null;
  const problems: string[] = [];
  if (!publicKey || Buffer.from(publicKey, 'base64url').length !== 65)
    problems.push('WEB_PUSH_VAPID_PUBLIC_KEY must be a 65-byte P-256 public key, base64url');
  if (!privateKey || Buffer.from(privateKey, 'base64url').length !== 32)
    problems.push('WEB_PUSH_VAPID_PRIVATE_KEY must be a 32-byte P-256 private key, base64url');
  const subject = env.WEB_PUSH_SUBJECT ?? 'mailto:push@khel.invalid';
  if (!/^(mailto:.+|https:\/\/.+)$/.test(subject))
    problems.push('WEB_PUSH_SUBJECT must be a mailto: address or an https URL');
  const provider = env.WEB_PUSH_PROVIDER ?? 'live';
  if (provider !== 'live' && provider !== 'sandbox')
    problems.push('WEB_PUSH_PROVIDER must be live or sandbox');
  if (provider === 'sandbox' && env.NODE_ENV === 'production')
    problems.push('WEB_PUSH_PROVIDER=sandbox is not allowed in production');
  if (problems.length > 0) throw new BotConfigError(problems);
  return {
    vapid: { publicKey: publicKey!, privateKey: privateKey! },
    subject,
    provider: provider === 'sandbox' ? 'sandbox' : 'live',
  };
}
