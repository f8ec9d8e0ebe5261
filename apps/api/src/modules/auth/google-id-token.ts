import { findUnsafeText, GOOGLE_FAILED_MESSAGE, UNSAFE_TEXT_MESSAGE } from '@khel/core/contract';
import { errors, type JWTVerifyGetKey, jwtVerify } from 'jose';
import { AppError } from '../../lib/http.ts';
import type { VerifiedIdentity } from './identities.ts';

export { GOOGLE_FAILED_MESSAGE };

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
export const GOOGLE_UNAVAILABLE_MESSAGE = 'Google sign-in is unavailable right now. Please try again later.';

export type GoogleFailure =
  | 'expired'
  | 'claims'
  | 'signature'
  | 'unknown-key'
  | 'malformed'
  | 'algorithm'
  | 'email-not-verified';

export interface GoogleIdTokenVerifierOptions {
  /** Google's JWKS (createRemoteJWKSet), or the sandbox's own keys. */
  keys: JWTVerifyGetKey;
  issuers: string[];
  /** Our OAuth client id: the token's audience. */
  audience: string;
  clock: () => Date;
}

const fail = (reason: GoogleFailure) => new AppError(401, GOOGLE_FAILED_MESSAGE, { reason });

function failureOf(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof errors.JWTExpired) return fail('expired');
  if (err instanceof errors.JWTClaimValidationFailed) return fail('claims');
  if (err instanceof errors.JWSSignatureVerificationFailed) return fail('signature');
  if (err instanceof errors.JWKSNoMatchingKey || err instanceof errors.JWKSMultipleMatchingKeys) {
    return fail('unknown-key');
  }
  if (err instanceof errors.JOSEAlgNotAllowed || err instanceof errors.JOSENotSupported)
    return fail('algorithm');
  if (err instanceof errors.JWSInvalid || err instanceof errors.JWTInvalid) return fail('malformed');
  // Anything else is about Google's keys (timeout, an error answer, garbage, no network): not the user's fault.
  return new AppError(503, GOOGLE_UNAVAILABLE_MESSAGE, { reason: 'keys-unavailable' });
}

/**
 * Verifies a Google id token (OpenID Connect): RS256 signature by a key of the JWKS, issuer Google,
 * audience our client id, unexpired, and a verified email.
 */
export class GoogleIdTokenVerifier {
  constructor(private readonly options: GoogleIdTokenVerifierOptions) {}

  async verify(idToken: string): Promise<VerifiedIdentity> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, this.options.keys, {
        issuer: this.options.issuers,
        audience: this.options.audience,
        algorithms: ['RS256'],
        currentDate: this.options.clock(),
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (err) {
      throw failureOf(err);
    }
    const sub = payload.sub;
    if (typeof sub !== 'string' || sub.length === 0 || sub.length > 255) throw fail('claims');
    const email = typeof payload.email === 'string' ? payload.email : undefined;
    // Google sends a boolean; some older tokens carried the string "true".
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!email || !verified) throw fail('email-not-verified');
    // Signed, but not text we can store (a NUL, a lone surrogate): bad input, as in any request.
    const text = [sub, email, payload.name, payload.given_name, payload.family_name];
    if (findUnsafeText(text)) throw new AppError(400, UNSAFE_TEXT_MESSAGE, { reason: 'claims' });
    return {
      provider: 'google',
      subject: sub,
      details: {
        email,
        name: typeof payload.name === 'string' ? payload.name : undefined,
      },
      newUser: {
        email,
        firstName: typeof payload.given_name === 'string' ? payload.given_name.slice(0, 64) : null,
        lastName: typeof payload.family_name === 'string' ? payload.family_name.slice(0, 64) : null,
      },
    };
  }
}
