import { UUID_PATTERN } from '@khel/core/contract';
import { type AnyColumn, eq, or, type SQL } from 'drizzle-orm';

/**
 * Where an item is named by a path segment that is its slug or its id: deep links name an item by id
 * when its slug is too long for Telegram's 64-character start parameter (@khel/core/deep-links
 * `startParamFor`). A UUID-shaped segment matches either; anything else is a slug.
 */
export function slugOrId(slug: AnyColumn, id: AnyColumn, ref: string): SQL {
  return UUID_PATTERN.test(ref) ? (or(eq(slug, ref), eq(id, ref.toLowerCase())) as SQL) : eq(slug, ref);
}
