import { z } from 'zod';
import { lazySchema } from './lazy.ts';

/**
 * Text the API takes from anyone is checked once, here: no NUL characters and no lone UTF-16
 * surrogates. PostgreSQL cannot store either in text or jsonb (`invalid byte sequence for encoding
 * "UTF8": 0x00`, `unsupported Unicode escape sequence`), a lone surrogate is not a character at all
 * (it silently becomes U+FFFD on the way to the database), and no person types them. Every request is
 * checked as a whole (query, path params and JSON body, keys and values at any depth) before its
 * schemas run (`findUnsafeText`, used by the server's `mount`); text that holds JSON of its own, such
 * as the analytics `details`, is checked inside too (`jsonTextSchema`).
 */
export const UNSAFE_TEXT_MESSAGE =
  'Text must not contain NUL characters or invalid Unicode (unpaired surrogates).';

/** No NUL, and every UTF-16 surrogate in a pair (a loop, not a lookbehind regex: older Safari lacks those). */
export function isSafeText(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i);
    if (unit === 0) return false;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit > 0xdbff) return false; // a low surrogate with no high one before it
    const next = value.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** How deep `findUnsafeText` looks; anything nested deeper is refused as if it were unsafe. */
const MAX_DEPTH = 32;

/**
 * The path of the first string (object key or value, at any depth) that is not safe text, or null when
 * there is none. Values nested deeper than 32 levels count as unsafe: nothing we accept is that deep.
 */
export function findUnsafeText(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isSafeText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (path.length >= MAX_DEPTH) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (!isSafeText(key)) return [...path, key];
    const found = findUnsafeText(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** A string that is safe text (a building block for fields the server does not get through `mount`). */
export const safeTextSchema = lazySchema(() =>
  z.string().refine(isSafeText, { message: UNSAFE_TEXT_MESSAGE }),
);

/**
 * A string holding JSON (e.g. the analytics gateway's `details`): when it parses, every string inside
 * it, keys included, must be safe text too, since `\u0000` and `\ud800` escapes pass any check of the
 * string itself. Whether it must parse at all, and to what, is the route's business.
 */
export const jsonTextSchema = (maxLength: number) =>
  z
    .string()
    .max(maxLength)
    .superRefine((text, ctx) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return;
      }
      const at = findUnsafeText(parsed);
      if (at) ctx.addIssue({ code: 'custom', message: UNSAFE_TEXT_MESSAGE, path: at });
    });
