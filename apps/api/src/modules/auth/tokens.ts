import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { REFRESH_FAILED_MESSAGE, UUID_PATTERN } from '@khel/core/contract';
import type { Database, Executor } from '@khel/db';
import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/http.ts';
import type { Secrets } from '../../lib/secrets.ts';

export { REFRESH_FAILED_MESSAGE };

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const ID_TOKEN_TTL_SECONDS = 60 * 60;
/** SPEC §9: the refresh token lives 30 days. */
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const ISSUER = 'khel';
export const AUDIENCE = 'khel-api';

export interface IdentityClaims {
  userId: string;
  phoneNumber: string | null;
  email: string | null;
}

/**
 * A rotated refresh token presented again within this window (two tabs or a retried request racing)
 * gets the same successor instead of revoking the family; after it, reuse revokes (RFC 9700 §4.14).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * Access tokens whose signature this process has already verified, with their claims: an ES256
 * check costs about a fifth of a cheap read's CPU, and a client sends the same token for 15 minutes.
 * A hit still checks the expiry against the clock, and every request still checks its session in
 * the database, so logout and purges end tokens exactly as before. Bounded: the oldest entries go.
 */
const VERIFIED_TOKENS_MAX = 10_000;

interface VerifiedClaims {
  userId: string;
  sessionId: string;
  /** Expiry, seconds since the epoch (the `exp` claim). */
  exp: number;
}

export class TokenService {
  private readonly verified = new Map<string, VerifiedClaims>();
  /** The per-request session check, built once (drizzle builds no SQL per call). */
  private readonly liveSession;

  constructor(
    private readonly db: Database,
    private readonly secrets: Secrets,
    private readonly clock: () => Date,
  ) {
    const s = schema.authSessions;
    this.liveSession = db
      .select({ user: schema.users })
      .from(s)
      .innerJoin(schema.users, eq(schema.users.id, s.userId))
      .where(
        and(
          eq(s.id, sql.placeholder('sessionId')),
          eq(s.userId, sql.placeholder('userId')),
          isNull(s.revokedAt),
          isNull(schema.users.deletedAt),
        ),
      )
      .prepare('auth_session_live');
  }

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

  /** Starts a new session (one sign-in, one refresh-token family) and returns the three tokens. */
  async issue(identity: IdentityClaims, source: string) {
    const sessionId = randomUUID();
    const refreshToken = await this.db.transaction(async (tx) => {
      await tx.insert(schema.authSessions).values({
        id: sessionId,
        userId: identity.userId,
        source,
        createdAt: this.clock(),
      });
      return this.createRefreshToken(tx, {
        userId: identity.userId,
        familyId: sessionId,
        source,
        token: randomBytes(32).toString('base64url'),
      });
    });
    return { ...(await this.signPair(identity, sessionId)), refreshToken };
  }

  private async signPair(identity: IdentityClaims, sessionId: string) {
    const accessToken = await this.sign(
      { sid: sessionId },
      identity.userId,
      ACCESS_TOKEN_TTL_SECONDS,
      'access',
    );
    const idToken = await this.sign(
      { userId: identity.userId, phone: identity.phoneNumber, email: identity.email },
      identity.userId,
      ID_TOKEN_TTL_SECONDS,
      'id',
    );
    return { accessToken, idToken };
  }

  /**
   * The token that replaces `token` when it is rotated. Derived (HMAC with a server key) rather than
   * random, so that a repeat within the grace window can answer the same successor without keeping
   * it anywhere readable: only its hash is stored, like every refresh token.
   */
  private successorOf(token: string) {
    return createHmac('sha256', this.secrets.refreshSuccessorKey).update(token).digest('base64url');
  }

  private async createRefreshToken(
    db: Executor,
    row: { userId: string; familyId: string; source: string; token: string },
  ) {
    await db.insert(schema.refreshTokens).values({
      userId: row.userId,
      familyId: row.familyId,
      source: row.source,
      tokenHash: hashToken(row.token),
      expiresAt: new Date(this.clock().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return row.token;
  }

  /** The signed claims of an access token (ES256, issuer, audience, exp, iat, sub, sid), or null. */
  private async accessClaims(token: string): Promise<{ userId: string; sessionId: string } | null> {
    const nowSeconds = Math.floor(this.clock().getTime() / 1000);
    const known = this.verified.get(token);
    if (known) {
      // jose's own rule: a token is expired from its `exp` second on.
      if (nowSeconds < known.exp) return { userId: known.userId, sessionId: known.sessionId };
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, this.secrets.jwtPublicKey, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['ES256'],
        requiredClaims: ['exp', 'iat', 'sub', 'sid'],
        currentDate: this.clock(),
      });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string')
        return null;
      if (!UUID_PATTERN.test(payload.sid) || !UUID_PATTERN.test(payload.sub)) return null;
      if (this.verified.size >= VERIFIED_TOKENS_MAX) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, {
        userId: payload.sub,
        sessionId: payload.sid,
        exp: payload.exp!,
      });
      return { userId: payload.sub, sessionId: payload.sid };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  /**
   * Verifies an access token and returns its user id, or null. Beyond the signature and expiry, its
   * session must still be live and its account not purged: one primary-key lookup per request, so
   * logout or a purge ends every token of the session at once, on every replica.
   */
  async verifyAccessToken(token: string): Promise<string | null> {
    return (await this.verifyAccess(token))?.userId ?? null;
  }

  /**
   * As verifyAccessToken, with the session id and the account's row as the same lookup read it (a
   * route that needs the signed-in user then reads no second row).
   */
  async verifyAccess(token: string): Promise<{ userId: string; sessionId: string; user: UserRow } | null> {
    const claims = await this.accessClaims(token);
    if (!claims) return null;
    const [live] = await this.liveSession.execute({ sessionId: claims.sessionId, userId: claims.userId });
    return live ? { ...claims, user: live.user } : null;
  }

  /**
   * Rotates a refresh token (RFC 9700): the old one is spent and its successor, of the same family,
   * is returned. Presenting a spent token again within REFRESH_REUSE_GRACE_MS answers the same
   * successor while that one is still unused; any other reuse, or a revoked token, revokes the session.
   */
  async rotate(refreshToken: string, loadIdentity: (userId: string) => Promise<IdentityClaims | null>) {
    const now = this.clock();
    const outcome = await this.db.transaction(async (tx) => {
      const t = schema.refreshTokens;
      const [row] = await tx
        .select()
        .from(t)
        .where(eq(t.tokenHash, hashToken(refreshToken)))
        .for('update');
      if (!row) return { kind: 'unknown' as const };
      const successor = this.successorOf(refreshToken);
      const revokeFamily = async () => {
        await this.revokeFamilyIn(tx, row.familyId, now);
        return { kind: 'reused' as const };
      };
      if (row.revokedAt) return revokeFamily();
      if (row.usedAt) {
        if (now.getTime() - row.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return revokeFamily();
        const [next] = await tx
          .select()
          .from(t)
          .where(eq(t.tokenHash, hashToken(successor)));
        if (!next || next.usedAt || next.revokedAt) return revokeFamily();
        return {
          kind: 'rotated' as const,
          userId: row.userId,
          familyId: row.familyId,
          refreshToken: successor,
        };
      }
      if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'expired' as const };
      await tx.update(t).set({ usedAt: now }).where(eq(t.id, row.id));
      const next = await this.createRefreshToken(tx, {
        userId: row.userId,
        familyId: row.familyId,
        source: row.source,
        token: successor,
      });
      return { kind: 'rotated' as const, userId: row.userId, familyId: row.familyId, refreshToken: next };
    });
    if (outcome.kind !== 'rotated') throw new AppError(400, REFRESH_FAILED_MESSAGE, { reason: outcome.kind });
    const identity = await loadIdentity(outcome.userId);
    if (!identity) throw new AppError(400, REFRESH_FAILED_MESSAGE, { reason: 'unknown' });
    const { accessToken } = await this.signPair(identity, outcome.familyId);
    return { accessToken, refreshToken: outcome.refreshToken };
  }

  /** Revokes the sessions picked by `by` (one session, or all of a user's) and their refresh tokens. */
  private async endSessions(db: Executor, by: { sessionId: string } | { userId: string }, now: Date) {
    const t = schema.refreshTokens;
    const s = schema.authSessions;
    const [tokens, sessions] =
      'sessionId' in by
        ? [eq(t.familyId, by.sessionId), eq(s.id, by.sessionId)]
        : [eq(t.userId, by.userId), eq(s.userId, by.userId)];
    await db
      .update(t)
      .set({ revokedAt: now })
      .where(and(tokens, isNull(t.revokedAt)));
    await db
      .update(s)
      .set({ revokedAt: now })
      .where(and(sessions, isNull(s.revokedAt)));
  }

  private revokeFamilyIn(db: Executor, familyId: string, now: Date) {
    return this.endSessions(db, { sessionId: familyId }, now);
  }

  /** Ends the session of a refresh token (logout): its family and every access token of it. Unknown tokens are ignored. */
  async revoke(refreshToken: string) {
    const [row] = await this.db
      .select({ familyId: schema.refreshTokens.familyId })
      .from(schema.refreshTokens)
      .where(eq(schema.refreshTokens.tokenHash, hashToken(refreshToken)));
    if (row) await this.revokeSession(row.familyId);
  }

  /** Ends one session (logout with an access token). */
  async revokeSession(sessionId: string) {
    await this.db.transaction((tx) => this.revokeFamilyIn(tx, sessionId, this.clock()));
  }

  /** Ends every session of a user (account purge), in the caller's transaction. */
  async revokeAllSessions(db: Executor, userId: string, now: Date) {
    await this.endSessions(db, { userId }, now);
  }
}
