/**
 * What other gamers see of a user: their username, else their first name, else a handle made from
 * their account id (`Gamer-7QK2XM`) until they pick a username. The handle is the same in every list
 * and push (it depends on the id alone), says nothing about the person (the id is random), and can
 * never be taken as a username (usernames are letters and digits only, SPEC §5).
 */

/** Crockford's base 32: no I, L, O or U, so a handle reads back without doubt. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const HANDLE_CHARS = 6;
export const HANDLE_PREFIX = 'Gamer-';

/** FNV-1a, 32 bits: small, fast and the same in the browser and in Node. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The generated handle of an account: `Gamer-` and six characters from its id (any letter case). */
export function gamerHandle(userId: string): string {
  let bits = fnv1a(userId.trim().toLowerCase());
  let code = '';
  for (let i = 0; i < HANDLE_CHARS; i++) {
    code += ALPHABET[bits & 31];
    bits >>>= 5;
  }
  return `${HANDLE_PREFIX}${code}`;
}

/** A user as lists and pushes name them: `username`, else `firstName`, else their handle. */
export function publicName(user: {
  id: string;
  username?: string | null | undefined;
  firstName?: string | null | undefined;
}): string {
  return user.username?.trim() || user.firstName?.trim() || gamerHandle(user.id);
}
