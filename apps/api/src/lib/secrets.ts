import { hkdfSync, randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import type { Env } from '../env.ts';
import { readDevKeyFile, writeDevKeyFileOnce } from './dev-key-file.ts';

type SigningKey = Exclude<Awaited<ReturnType<typeof importJWK>>, Uint8Array>;

export interface Secrets {
  jwtPrivateKey: SigningKey;
  jwtPublicKey: SigningKey;
  jwtPublicJwk: JWK;
  jwtKeyId: string;
  otpPepper: string;
  /** HMAC key of `kyc_documents.lookup_hash`: KYC_LOOKUP_SECRET, else derived from the OTP pepper (HKDF-SHA-256). */
  kycLookupKey: Buffer;
  /** HMAC key that derives a refresh token's successor from it (modules/auth/tokens.ts): derived from the OTP pepper. */
  refreshSuccessorKey: Buffer;
  /** HMAC key of quest links a user opens (redirection tasks, offerwall frames): derived from the OTP pepper. */
  questLinkKey: Buffer;
  /** AES-256-GCM key of the state of an X, Discord or Steam link (modules/identities/social-link): derived from the OTP pepper. */
  socialLinkKey: Buffer;
  /** Token that Mini App init data is validated with: TELEGRAM_BOT_TOKEN, or a development token outside production. */
  telegramBotToken: string | null;
  telegramTokenIsDevelopment: boolean;
}

interface DevSecretsFile {
  jwtPrivateJwk: JWK;
  otpPepper: string;
  devTelegramBotToken: string;
}

const ALG = 'ES256';

async function generateDevSecrets(): Promise<DevSecretsFile> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = randomBytes(8).toString('hex');
  jwk.alg = ALG;
  return {
    jwtPrivateJwk: jwk,
    otpPepper: randomBytes(32).toString('base64url'),
    // Same shape as a real token (<bot id>:<35 characters>), never valid at Telegram.
    devTelegramBotToken: `${randomInt(1_000_000_000, 2_000_000_000)}:DEV${randomBytes(24).toString('base64url').slice(0, 32)}`,
  };
}

/** Development secrets are generated once under DATA_DIR (mode 0600) and reused; production must configure them. */
async function loadDevSecrets(dataDir: string): Promise<DevSecretsFile> {
  const file = join(dataDir, 'keys', 'development-secrets.json');
  const stored =
    readDevKeyFile(file) ?? writeDevKeyFileOnce(file, JSON.stringify(await generateDevSecrets(), null, 2));
  return JSON.parse(stored) as DevSecretsFile;
}

export async function loadSecrets(env: Env): Promise<Secrets> {
  const production = env.NODE_ENV === 'production';
  if (production && (!env.JWT_PRIVATE_JWK || !env.OTP_PEPPER)) {
    throw new Error('JWT_PRIVATE_JWK and OTP_PEPPER must be set in production');
  }
  const dev = production ? null : await loadDevSecrets(env.DATA_DIR);
  const jwk = env.JWT_PRIVATE_JWK ? (JSON.parse(env.JWT_PRIVATE_JWK) as JWK) : dev!.jwtPrivateJwk;
  const key = (await importJWK(jwk, ALG)) as SigningKey;
  const { d: _private, ...publicJwk } = jwk;
  const publicKey = (await importJWK(publicJwk, ALG)) as SigningKey;
  const telegramBotToken = env.TELEGRAM_BOT_TOKEN ?? dev?.devTelegramBotToken ?? null;
  const otpPepper = env.OTP_PEPPER ?? dev!.otpPepper;
  return {
    jwtPrivateKey: key,
    jwtPublicKey: publicKey,
    jwtPublicJwk: publicJwk,
    jwtKeyId: jwk.kid ?? 'khel',
    otpPepper,
    kycLookupKey: Buffer.from(
      hkdfSync('sha256', env.KYC_LOOKUP_SECRET ?? otpPepper, '', 'khel:kyc-lookup-hash:v1', 32),
    ),
    refreshSuccessorKey: Buffer.from(hkdfSync('sha256', otpPepper, '', 'khel:refresh-successor:v1', 32)),
    questLinkKey: Buffer.from(hkdfSync('sha256', otpPepper, '', 'khel:quest-link:v1', 32)),
    socialLinkKey: Buffer.from(hkdfSync('sha256', otpPepper, '', 'khel:social-link-state:v1', 32)),
    telegramBotToken,
    telegramTokenIsDevelopment: !env.TELEGRAM_BOT_TOKEN && telegramBotToken !== null,
  };
}
