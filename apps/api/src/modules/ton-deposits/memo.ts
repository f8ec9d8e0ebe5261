import { randomBytes } from 'node:crypto';

/**
 * The memo of a TON deposit: the text comment its payment carries, which names the deposit (and so the
 * gamer) on the chain. `KHEL-XXXX-XXXX`: 8 characters of Crockford's base32 (no I, L, O or U, so a
 * memo copied by hand is still read right), 40 random bits; unique in `ton_deposits` (a clash is drawn again).
 */
export const MEMO_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const MEMO_PATTERN = /^KHEL-([0-9A-HJKMNP-TV-Z]{4})-([0-9A-HJKMNP-TV-Z]{4})$/;

export function newMemo(random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(5);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let chars = '';
  for (let i = 7; i >= 0; i--) chars += MEMO_ALPHABET[Number((bits >> BigInt(i * 5)) & 31n)];
  return `KHEL-${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/**
 * The memo a payment's comment names, or null: surrounding spaces and letter case do not matter (a
 * wallet may let the gamer edit the comment); anything else around it does, so a comment names at
 * most one deposit.
 */
export function memoFromComment(comment: string | null | undefined): string | null {
  if (!comment) return null;
  const normalised = comment.trim().toUpperCase();
  return MEMO_PATTERN.test(normalised) ? normalised : null;
}
