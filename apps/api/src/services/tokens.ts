import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Database, Executor } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq, isNull } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../lib/http.ts';
import type { Secrets } from '../lib/secrets.ts';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
/** SPEC §9: the refresh token lives 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ISSUER = 'khel';
export const AUDIENCE = 'khel-api';
export const REFRESH_FAILED_MESSAGE = 'Your session has ended. Please sign in again.';

export interface IdentityClaims {
  userId: string;
  phoneNumber: string | null;
  email: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export class TokenService {
  constructor(
    private readonly db: Database,
    private readonly secrets: Secrets,
    private readonly clock: () => Date,
  ) {}

  private async sign(claims: Record<string, unknown>, subject: string, ttlSeconds: number, type: string) {
    const now = Math.floor(this.clock().getTime() / 1000);
    return new SignJWT({ ...claims, typ: type })
      .setProtectedHeader({ alg: 'ES256', kid: this.secrets.jwtKeyId })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(subject)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.secrets.jwtPrivateKey);
  }

  /** Starts a new refresh-token family (one sign-in) and returns the three tokens. */
  async issue(identity: IdentityClaims, source: string) {
    const refreshToken = await this.createRefreshToken(identity.userId, randomUUID(), source);
    return { ...(await this.signPair(identity)), refreshToken };
  }

  private async signPair(identity: IdentityClaims) {
    const accessToken = await this.sign({}, identity.userId, ACCESS_TOKEN_TTL_SECONDS, 'access');
    const idToken = await this.sign(
      { userId: identity.userId, phone: identity.phoneNumber, email: identity.email },
      identity.userId,
      ID_TOKEN_TTL_SECONDS,
      'id',
    );
    return { accessToken, idToken };
  }

  private async createRefreshToken(userId: string, familyId: string, source: string, db: Executor = this.db) {
    const token = randomBytes(32).toString('base64url');
    await db.insert(schema.refreshTokens).values({
      userId,
      familyId,
      source,
      tokenHash: hashToken(token),
      expiresAt: new Date(this.clock().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return token;
  }

  /** Verifies an access token and returns the user id, or null. */
  async verifyAccessToken(token: string): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.secrets.jwtPublicKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['ES256'],
        currentDate: this.clock(),
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
      return payload.sub;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  /**
   * Rotates a refresh token (RFC 9700): the old one is spent and a new one of the same family
   * is returned. Presenting a spent or revoked token revokes the whole family.
   */
  async rotate(refreshToken: string, loadIdentity: (userId: string) => Promise<IdentityClaims | null>) {
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(schema.refreshTokens)
        .where(eq(schema.refreshTokens.tokenHash, hashToken(refreshToken)))
        .for('update');
      if (!row) return { kind: 'unknown' as const };
      if (row.usedAt || row.revokedAt) {
        await tx
          .update(schema.refreshTokens)
          .set({ revokedAt: now })
          .where(
            and(eq(schema.refreshTokens.familyId, row.familyId), isNull(schema.refreshTokens.revokedAt)),
          );
        return { kind: 'reused' as const };
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' as const };
      await tx.update(schema.refreshTokens).set({ usedAt: now }).where(eq(schema.refreshTokens.id, row.id));
      const next = await this.createRefreshToken(row.userId, row.familyId, row.source, tx);
      return { kind: 'rotated' as const, userId: row.userId, refreshToken: next };
    });
    if (outcome.kind !== 'rotated') throw new AppError(400, REFRESH_FAILED_MESSAGE, { reason: outcome.kind });
    const identity = await loadIdentity(outcome.userId);
    if (!identity) throw new AppError(400, REFRESH_FAILED_MESSAGE, { reason: 'unknown' });
    const { accessToken } = await this.signPair(identity);
    return { accessToken, refreshToken: outcome.refreshToken };
  }

  /** Revokes the family of a refresh token (logout). Unknown tokens are ignored. */
  async revoke(refreshToken: string) {
    const [row] = await this.db
      .select({ familyId: schema.refreshTokens.familyId })
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, hashToken(refreshToken)));
    if (!row) return;
    await this.db
      .update(schema.refreshTokens)
      .set({ revokedAt: this.clock() })
      .where(and(eq(schema.refreshTokens.familyId, row.familyId), isNull(schema.refreshTokens.revokedAt)));
  }
}
