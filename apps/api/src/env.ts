import { PROFILE_PICTURE_UPLOAD_MAX_BYTES } from '@khel/core/contract';
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

const chainIdList = z
  .array(
    z
      .string()
      .regex(/^[1-9]\d{0,15}$/)
      .transform(Number),
  )
  .min(1);

/** Every setting the API reads. No `process.env` outside this file. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /**
   * A PEM certificate (chain) and its key: the server then speaks HTTPS, with HTTP/2 to browsers that offer it
   * and HTTP/1.1 to the rest. Set both or neither; unset, plain HTTP (behind a TLS front, or locally).
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** Where PGlite and generated development keys live. */
  DATA_DIR: z.string().default('./.data'),
  /** PostgreSQL server; PGlite under DATA_DIR when unset. Required by the split-mode processes (start:api, start:worker). */
  DATABASE_URL: z.string().url().optional(),
  /** Most connections this process opens to PostgreSQL (default 10): keep replicas × this under the server's max_connections. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1_000).default(10),
  /**
   * `transaction` when DATABASE_URL is a pooler in transaction mode (PgBouncer `pool_mode = transaction`):
   * queries go unnamed (no prepared statement outlives its query) and migrations run on DATABASE_MIGRATION_URL,
   * which is then required. Default `session` (a direct server or a session-mode pooler).
   */
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  /** Where migrations run, past the pooler (a direct or session-mode URL: they hold a session advisory lock). Default DATABASE_URL. */
  DATABASE_MIGRATION_URL: z.string().url().optional(),
  /**
   * A streaming replica of DATABASE_URL (PostgreSQL only) that answers the anonymous requests of routes the
   * contract marks `readReplica` (lag-tolerant public reads); DATABASE_POOL_MAX connections more. Unset: every read on DATABASE_URL.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  /** A replica further behind the primary than this is not read from until it catches up (default 1000 ms). */
  DATABASE_READ_MAX_LAG_MS: z.coerce.number().int().min(0).max(3_600_000).default(1_000),
  /** How often the replica's lag is measured, two one-row queries (default 500 ms). */
  DATABASE_READ_CHECK_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** Requests handled at once; more wait in arrival order (lib/admission.ts). Default: 2 × DATABASE_POOL_MAX. */
  API_MAX_IN_FLIGHT: z.coerce.number().int().min(1).max(100_000).optional(),
  /** Requests that may wait for a place before a new one is answered 503 at once (default 5000). */
  API_MAX_QUEUED: z.coerce.number().int().min(0).max(1_000_000).default(5_000),
  /** Public origin of this server, for links and CORS (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  CORS_ORIGINS: list.optional(),
  /** Bearer token that lets an operator read the deployment's details at GET /api/health/ready (unset: nobody can). */
  OPS_TOKEN: z.string().min(24).optional(),
  /** Trust X-Forwarded-For (only behind a proxy that sets it). */
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /**
   * Answer anonymous public reads (routes with `publicCache` in the contract) from a short-lived in-process
   * cache (lib/public-cache.ts). On by default; off by default when NODE_ENV=test, whose frozen clock would
   * otherwise keep a first answer forever (the cache's own tests turn it on). `false` to measure without it.
   */
  PUBLIC_CACHE: bool.optional(),
  /** Seed demo data at start (default true outside production). */
  SEED_DEMO_DATA: bool.optional(),
  /** The API process of split mode (start:api) also serves the website and Mini App builds (default true). */
  SERVE_FRONT_ENDS: bool.default(true),
  /** Built front ends served in all-in-one mode (and by start:api unless SERVE_FRONT_ENDS=false). */
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
  /** The notifier's sends per second (1–30, or 1–1000 with paid broadcasts); checked by @khel/bot. */
  NOTIFIER_MESSAGES_PER_SECOND: z.string().optional(),
  /** `true`: the notifier's sends carry allow_paid_broadcast (0.1 Telegram Star each, up to 1000/s). */
  NOTIFIER_PAID_BROADCAST: z.string().optional(),
  /** Run the bot in this process when a token is set (default true). */
  BOT_ENABLED: bool.default(true),
  /** Init data older than this is refused (SPEC: 24 h by default). */
  TELEGRAM_INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(86_400),
  /** Google sign-in: `sandbox` (our own sign-in page and key; the default outside production) or `google`. */
  GOOGLE_PROVIDER: z.enum(['sandbox', 'google']).optional(),
  /** OAuth client id that Google id tokens must be issued to (their audience). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Where Google's signing keys are fetched (tests serve their own). */
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  /** WhatsApp one-time login: `sandbox` (the default outside production) or `none`. */
  WHATSAPP_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  /** Chain ids accepted in Sign-In with Ethereum messages (default Ethereum 1 and Polygon 137). */
  SIWE_CHAIN_IDS: list.pipe(chainIdList).default([1, 137]),
  /** App domains accepted in ton_proof; default the hosts of our own origins (PUBLIC_URL, Mini App, CORS_ORIGINS). */
  TON_PROOF_DOMAINS: list.optional(),
  /** A ton_proof older than this is refused (default 15 minutes). */
  TON_PROOF_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(900),
  /** TON networks accepted (-239 mainnet, -3 testnet); default mainnet, plus testnet outside production. */
  TON_NETWORKS: list.pipe(z.array(z.enum(['-239', '-3'])).min(1)).optional(),
  /** Master key of the custodial wallets' envelope encryption: 32 bytes, base64. Generated under DATA_DIR outside production. */
  WALLET_MASTER_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes, base64')
    .optional(),
  /** Id stored with each wallet so a rotated master key can be told apart. */
  WALLET_MASTER_KEY_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .default('wallet-master-1'),
  /** Web Push (the website's notifications): the VAPID public key, base64url of the 65-byte uncompressed P-256 point. With the private key; generated under DATA_DIR/keys outside production. */
  WEB_PUSH_VAPID_PUBLIC_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64url').length === 65, 'must be a 65-byte P-256 public key, base64url')
    .optional(),
  /** The VAPID private key, base64url of the 32-byte P-256 scalar (it also seals the stored subscription keys). */
  WEB_PUSH_VAPID_PRIVATE_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v, 'base64url').length === 32,
      'must be a 32-byte P-256 private key, base64url',
    )
    .optional(),
  /** Who push services may contact about our pushes: `mailto:` or an https URL (default `mailto:push@khel.invalid` outside production). */
  WEB_PUSH_SUBJECT: z
    .string()
    .regex(/^(mailto:.+|https:\/\/.+)$/, 'must be a mailto: address or an https URL')
    .optional(),
  /** Who carries Web Push to browsers' push services: `live` (the default in production) or `sandbox` (the default outside production, refused in production: checks each push as a push service would and shows it at /api/dev/outbox instead of sending it). */
  WEB_PUSH_PROVIDER: z.enum(['sandbox', 'live']).optional(),
  /** Run the notifier's Web Push lane in this process (all-in-one server; default true). */
  WEB_PUSH_ENABLED: bool.default(true),
  /** HMAC secret the payment provider signs its webhooks with; generated under DATA_DIR outside production. */
  PAYMENTS_WEBHOOK_SECRET: z.string().min(32).optional(),
  /** Shared secret the offerwall provider signs postbacks with (HMAC-SHA256); generated under DATA_DIR outside production. */
  OFFERWALL_SECRET: z.string().min(32).optional(),
  /** The real offerwall's address (`?user=<token>` is added); unset: our sandbox offerwall outside production, none in production. */
  OFFERWALL_URL: z.string().url().optional(),
  /** Who pays collected earnings out to bank accounts (modules/earnings/payout-provider.ts): `sandbox` (the default outside production, refused in production) or `none` (the default in production until a real provider is configured: Indian collects answer 503). */
  PAYOUT_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  /** How long a sandbox payout stays processing before it succeeds or is rejected (default 3 s). */
  PAYOUT_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_000),
  /** Who checks PAN, Aadhaar and bank accounts: `sandbox` (the default outside production; refused in production) or `none` (submissions answer 503). */
  KYC_PROVIDER: z.enum(['sandbox', 'none']).optional(),
  /** How long the sandbox KYC provider takes to decide (default 2000 ms; 0 when NODE_ENV=test). */
  KYC_SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  /** Key of the KYC documents' lookup hashes (HMAC-SHA-256); derived from OTP_PEPPER when unset. Never change it once documents exist. */
  KYC_LOOKUP_SECRET: z.string().min(32).optional(),
  /** Who answers X (Twitter) quest tasks (modules/quests/social): `sandbox` (the default outside production, refused in production; a developer acts as X at /api/dev/social), `x` (X API v2 with X_BEARER_TOKEN; the default in production when the token is set) or `none`. */
  X_PROVIDER: z.enum(['sandbox', 'x', 'none']).optional(),
  /** App-only bearer token of the X API v2 (X_PROVIDER=x). */
  X_BEARER_TOKEN: z.string().min(1).optional(),
  /** Where the X API is reached (tests serve their own). */
  X_API_ROOT: z.string().url().default('https://api.x.com'),
  /** Who answers Discord quest tasks: `sandbox` (the default outside production, refused in production), `discord` (Discord's API with DISCORD_BOT_TOKEN; the default in production when the token is set) or `none`. */
  DISCORD_PROVIDER: z.enum(['sandbox', 'discord', 'none']).optional(),
  /** Token of the Khel bot, which must be in each guild a quest names (DISCORD_PROVIDER=discord). */
  DISCORD_BOT_TOKEN: z.string().min(1).optional(),
  /** Where Discord's API is reached (tests serve their own). */
  DISCORD_API_ROOT: z.string().url().default('https://discord.com/api/v10'),
  /** How long a call to X or Discord may take before the task answers that the platform could not be reached (default 8 s). */
  SOCIAL_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8_000),
  /** The bot's @username without @, for Mini App invite links (t.me/<bot>/<TELEGRAM_MINIAPP_SHORT_NAME>?startapp=ref_<code>); no Mini App link when unset. */
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/)
    .optional(),
  /** How long a partner game's player endpoint may take to answer a game_api task (SPEC: 10 s). */
  GAME_API_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(10_000),
  /** Answer game_api tasks whose endpoint is on games.khel.local from the in-process sandbox partner game server (/api/dev/games); default true outside production; never used in production. */
  GAME_API_SANDBOX: bool.optional(),
  /** JSON-RPC endpoint that hold_token / hold_nft tasks read balances from; unset: the in-process EVM (tevm) with the demo contracts, outside production only. */
  EVM_RPC_URL: z.string().url().optional(),
  /** Chain id of EVM_RPC_URL (tasks naming another chain cannot be checked); the in-process chain is 31337. */
  EVM_CHAIN_ID: z.coerce.number().int().positive().default(31_337),
  /** Address of the POG card contract (modules/pog/chain/evm/KhelPog.sol) on EVM_RPC_URL's chain; with EVM_RPC_URL but without it or POG_EVM_MINTER_KEY, no POG is minted on EVM. */
  POG_EVM_CONTRACT: z
    .string()
    .regex(/^0x[0-9a-fA-F]{40}$/)
    .optional(),
  /** Private key (0x + 64 hex) of that contract's minter on EVM_RPC_URL's chain: it signs and pays for the mints. Secret. */
  POG_EVM_MINTER_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/)
    .optional(),
  /** Explorer page of a transaction on EVM_RPC_URL's chain, `{txHash}` standing for its hash (e.g. https://sepolia.etherscan.io/tx/{txHash}); POG receipts link to it. */
  EVM_EXPLORER_URL: z
    .string()
    .url()
    .refine((v) => v.includes('{txHash}'), 'must contain {txHash}')
    .optional(),
  /** toncenter v2-compatible JSON API root the Mini App's POG cards are minted through (e.g. https://toncenter.com/api/v2); unset: the in-process TON emulator, outside production only. */
  TON_API_URL: z.string().url().optional(),
  /** API key sent to TON_API_URL (X-API-Key header); optional (without one toncenter allows about one request a second). */
  TON_API_KEY: z.string().min(1).optional(),
  /** Address of the PogCollection (modules/pog/chain/ton/pog.tact) that POG_TON_MINTER_MNEMONIC's wallet owns; required with TON_API_URL. */
  POG_TON_COLLECTION: z.string().min(1).optional(),
  /** The 24 words of the collection owner's wallet (v4R2, basechain), which signs and pays for POG mints; required with TON_API_URL. */
  POG_TON_MINTER_MNEMONIC: z.string().min(1).optional(),
  /** Network of TON_API_URL, 'mainnet' or 'testnet' (receipts say ton:<network>, explorer links follow it); required with TON_API_URL. */
  TON_NETWORK: z.enum(['mainnet', 'testnet']).optional(),
  /** Khel's TON deposit wallet (modules/ton-deposits), watched through TON_API_URL for gamers' TON payments; unset with TON_API_URL: TON payments unavailable. Without TON_API_URL (outside production) a wallet of the in-process emulator. */
  TON_DEPOSIT_ADDRESS: z.string().min(1).optional(),
  /** The rate of TON payments, whole K-Cash per TON (the fixed rate provider; default 3000, i.e. 3 USDT). */
  TON_KCASH_PER_TON: z.coerce.number().int().positive().max(1_000_000_000).optional(),
  /** Who links a user's X account (OAuth 2.0 with PKCE, modules/identities/social-link): `sandbox` (our own page; the default outside production, refused in production), `x` (X's authorize page with X_CLIENT_ID; the default in production when it is set) or `none`. */
  X_LINK_PROVIDER: z.enum(['sandbox', 'x', 'none']).optional(),
  /** OAuth 2.0 client id of the Khel app at X; its redirect URI is PUBLIC_URL/api/social-auth/twitter/callback. */
  X_CLIENT_ID: z.string().min(1).optional(),
  /** Secret of a confidential X client (sent as Basic auth to the token endpoint); unset for a public client. */
  X_CLIENT_SECRET: z.string().min(1).optional(),
  /** X's authorize page. */
  X_AUTHORIZE_URL: z.string().url().default('https://x.com/i/oauth2/authorize'),
  /** Who links a user's Discord account (OAuth2 code grant): `sandbox` (the default outside production, refused in production), `discord` (with DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET; the default in production when they are set) or `none`. */
  DISCORD_LINK_PROVIDER: z.enum(['sandbox', 'discord', 'none']).optional(),
  DISCORD_CLIENT_ID: z.string().min(1).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(1).optional(),
  /** Discord's authorize page. */
  DISCORD_AUTHORIZE_URL: z.string().url().default('https://discord.com/oauth2/authorize'),
  /** Who links a user's Steam account (OpenID 2.0): `sandbox` (the default outside production, refused in production), `steam` (the default in production) or `none`. */
  STEAM_LINK_PROVIDER: z.enum(['sandbox', 'steam', 'none']).optional(),
  /** Steam's OpenID 2.0 endpoint (sign-in page and check_authentication; tests serve their own). */
  STEAM_OPENID_URL: z.string().url().default('https://steamcommunity.com/openid/login'),
  /** Who draws POG avatars (modules/pog/avatar): `sandbox` (DiceBear characters on theme backdrops; the default outside production), `openai` (OpenAI's Images API with OPENAI_API_KEY) or `none` (the default in production unless set: avatar generation answers that it is unavailable). */
  AVATAR_PROVIDER: z.enum(['sandbox', 'openai', 'none']).optional(),
  /** API key of OpenAI's Images API (AVATAR_PROVIDER=openai). */
  OPENAI_API_KEY: z.string().min(1).optional(),
  /** OpenAI image model for avatars (default gpt-image-1; selfie edits need a gpt-image model). */
  OPENAI_IMAGE_MODEL: z.string().min(1).default('gpt-image-1'),
  /** Child processes that draw POG card images (modules/pog/card/card-render-pool.ts); unset: one fewer than the CPUs, at least 1. */
  CARD_RENDER_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  /** Card images that may wait for a free render process; beyond that a card image answers 503 at once. Unset: 8 per process. */
  CARD_RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
  /** The lowest CPU priority the card render processes try: `idle` (SCHED_IDLE, else nice 19, else normal), `nice` (nice 19, else normal) or `normal`. */
  CARD_RENDER_PRIORITY: z.enum(['idle', 'nice', 'normal']).default('idle'),
  /** A card image not drawn within this many ms answers 503 and its render process is replaced. */
  CARD_RENDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Days between an account deletion request and the purge of personal data. */
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Days an outbox row is kept once it is done with (sent, skipped, failed): its dedupe key holds that long. */
  OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(14),
  /**
   * Days a `/start` sent to the bot before the Telegram user has a Khel account is kept
   * (telegram_bot_starts): a sign-in within that time links the chat, after it the user sends /start again.
   */
  TELEGRAM_BOT_START_RETENTION_DAYS: z.coerce.number().int().min(1).max(3_650).default(30),
  /** Days raw client analytics events are kept (reports read the daily rollup, kept for ever); at least 2. */
  ANALYTICS_EVENTS_RETENTION_DAYS: z.coerce.number().int().min(2).max(3_650).default(90),
  /** Largest profile picture accepted, in bytes (default 5 MB; at most the contract's upload limit, 10 MB). */
  PROFILE_PICTURE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .max(PROFILE_PICTURE_UPLOAD_MAX_BYTES)
    .default(5_242_880),
  /** Clans (SPEC §3 rules): days after creation before a chief may delete the clan. */
  CLAN_MIN_DAYS_BEFORE_DELETE: z.coerce.number().int().min(0).max(3_650).default(7),
  /** Days after leaving a clan before the user may join one again (a removed member need not wait). */
  CLAN_MIN_DAYS_TO_JOIN_AFTER_LEAVING: z.coerce.number().int().min(0).max(3_650).default(3),
  /** Days after deleting a clan before its chief may create another. */
  CLAN_MIN_DAYS_TO_RECREATE_AFTER_DELETE: z.coerce.number().int().min(0).max(3_650).default(30),
  /** At most one push a chief gets about join requests to their clan per this many minutes (a digest: count and names). */
  CLAN_JOIN_DIGEST_MINUTES: z.coerce.number().int().min(1).max(1_440).default(15),
  /** Members a new clan may have, its chief included (existing clans keep the cap they were created with). */
  CLAN_MEMBER_CAP: z.coerce.number().int().min(2).max(100_000).default(50),
  /** SPEC §2: the clan handbook PDF (a path on this server or an absolute address; the website and Mini App serve /clan-handbook/en.pdf, hi.pdf and pt-br.pdf). */
  CLAN_HANDBOOK_URL: z.string().min(1).default('/clan-handbook/en.pdf'),
  /** All-in-one server: run the job worker (account purges, …) in this process too, polling every JOB_WORKER_INTERVAL_MS. The split API process never does; start:worker always does. */
  JOB_WORKER_ENABLED: bool.default(true),
  JOB_WORKER_INTERVAL_MS: z.coerce.number().int().min(100).default(5_000),
  /** Port of the job-worker process's health endpoint (GET /healthz; 0 picks a free one). Unset: the worker listens on no port. */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
});

export type Env = z.infer<typeof envSchema>;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${lines}`);
  }
  if (Boolean(parsed.data.TLS_CERT_FILE) !== Boolean(parsed.data.TLS_KEY_FILE))
    throw new Error(
      'Invalid configuration: TLS_CERT_FILE and TLS_KEY_FILE go together (set both, or neither)',
    );
  return parsed.data;
}

/** The operator CLI's own settings (modules/operators/cli.ts): where the API is and the operator's token. */
export const cliEnvSchema = z.object({
  KHEL_API_URL: z.string().url().default('http://127.0.0.1:8080/api'),
  KHEL_OPERATOR_TOKEN: z.string().min(1).optional(),
});

export function loadCliEnv(source: Record<string, string | undefined> = process.env) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = cliEnvSchema.safeParse(cleaned);
  if (!parsed.success) throw new Error(`Invalid configuration: ${parsed.error.issues[0]?.message}`);
  return parsed.data;
}
