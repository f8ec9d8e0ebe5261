import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const list = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Every setting the API reads. No `process.env` outside this file. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Where PGlite and generated development keys live. */
  DATA_DIR: z.string().default('./.data'),
  /** PostgreSQL server; PGlite under DATA_DIR when unset. */
  DATABASE_URL: z.string().url().optional(),
  /** Public origin of this server, for links and CORS (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: list.optional(),
  /** Trust X-Forwarded-For (only behind a proxy that sets it). */
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** Seed demo data at start (default true outside production). */
  SEED_DEMO_DATA: bool.optional(),
  /** Built front ends served in all-in-one mode. */
  WEB_DIST: z.string().optional(),
  MINIAPP_DIST: z.string().optional(),
  /** Signing key for access and id tokens (a private EC P-256 JWK as JSON); generated under DATA_DIR outside production. */
  JWT_PRIVATE_JWK: z.string().optional(),
  /** Secret mixed into stored OTP hashes; generated under DATA_DIR outside production. */
  OTP_PEPPER: z.string().min(32).optional(),
  TELEGRAM_BOT_TOKEN: z.string().optional(),
  TELEGRAM_API_ROOT: z.string().url().optional(),
  TELEGRAM_WEBHOOK_URL: z.string().url().optional(),
  TELEGRAM_WEBHOOK_SECRET: z.string().optional(),
  TELEGRAM_MINIAPP_URL: z.string().url().optional(),
  TELEGRAM_MINIAPP_SHORT_NAME: z.string().optional(),
  /** Run the bot in this process when a token is set (default true). */
  BOT_ENABLED: bool.default(true),
  /** Init data older than this is refused (SPEC: 24 h by default). */
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(86_400),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${lines}`);
  }
  return parsed.data;
}
