import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * `<id>.<mac>`: an id signed for one purpose, so a link or token names only what we gave out (a user's
 * offerwall, a partner's player, a redirection task's visitor). The mac is the first 22 base64url
 * characters (132 bits) of HMAC-SHA256(key, `<purpose>:<id>`); the id may itself hold dots.
 */
export function signId(key: Buffer, purpose: string, id: string): string {
  const mac = createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url').slice(0, 22);
  return `${id}.${mac}`;
}

/** The id a token signed by `signId` for this purpose names, or null (compared in constant time). */
export function readSignedId(key: Buffer, purpose: string, token: string): string | null {
  const cut = token.lastIndexOf('.');
  if (cut <= 0) return null;
  const id = token.slice(0, cut);
  const expected = Buffer.from(signId(key, purpose, id).slice(cut + 1));
  const given = Buffer.from(token.slice(cut + 1));
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}
