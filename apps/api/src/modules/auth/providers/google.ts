import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
  SignJWT,
} from 'jose';
import { readDevKeyFile, writeDevKeyFileOnce } from '../../../lib/dev-key-file.ts';

/** Not Google's issuer: sandbox tokens can never pass as real ones, nor real ones here. */
export const SANDBOX_GOOGLE_ISSUER = 'https://sandbox.khel.invalid/google';
export const SANDBOX_GOOGLE_CLIENT_ID = 'khel-sandbox.apps.googleusercontent.invalid';
export const SANDBOX_ID_TOKEN_TTL_SECONDS = 60 * 60;

type PrivateKey = Exclude<Awaited<ReturnType<typeof importJWK>>, Uint8Array>;

/**
 * Sandbox Google: plays Google's side of "Sign in with Google" so a newcomer can use it locally. It
 * signs id tokens (RS256, like Google) for an email the developer types, with a key generated once
 * under DATA_DIR, and publishes the public half as a JWKS. The API verifies these tokens with the
 * same code as Google's, against this issuer and client id.
 */
export class SandboxGoogleProvider {
  readonly issuer = SANDBOX_GOOGLE_ISSUER;
  readonly clientId = SANDBOX_GOOGLE_CLIENT_ID;

  private constructor(
    private readonly privateKey: PrivateKey,
    private readonly publicJwk: JWK,
    private readonly clock: () => Date,
  ) {}

  static async load(dataDir: string, clock: () => Date): Promise<SandboxGoogleProvider> {
    const file = join(dataDir, 'keys', 'sandbox-google-key.json');
    let stored = readDevKeyFile(file);
    if (stored === null) {
      const { privateKey } = await generateKeyPair('RS256', { extractable: true });
      const generated: JWK = {
        ...(await exportJWK(privateKey)),
        alg: 'RS256',
        use: 'sig',
        kid: randomBytes(8).toString('hex'),
      };
      // Another process may have written it meanwhile: then both sign with theirs.
      stored = writeDevKeyFileOnce(file, JSON.stringify(generated));
    }
    const jwk = JSON.parse(stored) as JWK;
    const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
    const privateKey = (await importJWK(jwk, 'RS256')) as PrivateKey;
    return new SandboxGoogleProvider(privateKey, publicJwk, clock);
  }

  jwks(): JSONWebKeySet {
    return { keys: [this.publicJwk] };
  }

  verificationKeys(): JWTVerifyGetKey {
    return createLocalJWKSet(this.jwks());
  }

  /** A Google-shaped id token for `email`; the subject is stable per email, as Google's is per account. */
  async issueIdToken(email: string, name?: string): Promise<string> {
    const normalized = email.trim().toLowerCase();
    const sub = `sandbox-${createHash('sha256').update(normalized).digest('hex').slice(0, 24)}`;
    const now = Math.floor(this.clock().getTime() / 1000);
    const [given, ...family] = (name ?? '').trim().split(/\s+/).filter(Boolean);
    return new SignJWT({
      email: normalized,
      email_verified: true,
      ...(name?.trim() ? { name: name.trim() } : {}),
      ...(given ? { given_name: given } : {}),
      ...(family.length ? { family_name: family.join(' ') } : {}),
      azp: this.clientId,
    })
      .setProtectedHeader({ alg: 'RS256', kid: this.publicJwk.kid!, typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(this.clientId)
      .setSubject(sub)
      .setIssuedAt(now)
      .setExpirationTime(now + SANDBOX_ID_TOKEN_TTL_SECONDS)
      .sign(this.privateKey);
  }
}
