/** What the client reads from the id token (SPEC §3: userId, email and phone). */
export interface IdTokenClaims {
  userId?: string;
  email?: string;
  phone?: string;
}

/**
 * Reads a JWT payload without verifying it: the server verifies; the client only displays.
 * SPEC §5/§8: an empty or malformed token logs an error and gives an empty result.
 */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1];
  if (!token || !part) {
    console.error('Token parse failure: empty or malformed token');
    return {};
  }
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
      throw new Error('payload is not an object');
    }
    return payload as Record<string, unknown>;
  } catch (error) {
    console.error('Token parse failure', error);
    return {};
  }
}

/** Claim names: `sub` (or `userId`), `email`, `phone_number` (or `phone`). */
export function decodeIdToken(token: string): IdTokenClaims {
  const payload = decodeJwtPayload(token);
  const claims: IdTokenClaims = {};
  const userId = stringClaim(payload.sub) ?? stringClaim(payload.userId);
  const email = stringClaim(payload.email);
  const phone = stringClaim(payload.phone_number) ?? stringClaim(payload.phone);
  if (userId) claims.userId = userId;
  if (email) claims.email = email;
  if (phone) claims.phone = phone;
  return claims;
}

function stringClaim(value: unknown): string | undefined {
  if (typeof value === 'string' && value) return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}
