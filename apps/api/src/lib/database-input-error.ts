/**
 * PostgreSQL errors that say a value sent to it cannot be stored or read as its type: the request
 * carried it, so the answer is a 400, logged at warn (never a 500 at error). Input is refused by the
 * contract long before (safe text, lengths, ranges, formats); this is the net under that, so a value a
 * schema forgot still gets a 4xx.
 */
export const INPUT_REFUSED_BY_DATABASE_CODES: Record<string, string> = {
  '22P05': 'untranslatable character',
  '22021': 'character not in repertoire (invalid byte sequence)',
  '22001': 'string data right truncation (too long)',
  '22003': 'numeric value out of range',
  '22P02': 'invalid text representation',
};

export const INPUT_REFUSED_MESSAGE = 'The request contains a value that cannot be accepted.';

/** The PostgreSQL code of an input error (drizzle wraps the driver's error in `cause`), or null. */
export function databaseInputErrorCode(err: unknown): string | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && code in INPUT_REFUSED_BY_DATABASE_CODES) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}
