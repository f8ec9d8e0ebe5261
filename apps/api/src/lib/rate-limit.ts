import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { sql } from 'drizzle-orm';

export interface RateLimitResult {
  allowed: boolean;
  count: number;
  retryAfterMs: number;
}

/**
 * Fixed-window counter stored in the database, so every API replica shares it (DESIGN §2).
 * One atomic upsert: the window restarts when it has passed.
 */
export async function hitRateLimit(
  db: Executor,
  key: string,
  limit: number,
  windowMs: number,
  now: Date,
): Promise<RateLimitResult> {
  const t = schema.rateLimits;
  const resetAt = new Date(now.getTime() + windowMs);
  const [row] = await db
    .insert(t)
    .values({ key, count: 1, resetAt })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        count: sql`case when ${t.resetAt} <= ${now.toISOString()}::timestamptz then 1 else ${t.count} + 1 end`,
        resetAt: sql`case when ${t.resetAt} <= ${now.toISOString()}::timestamptz then ${resetAt.toISOString()}::timestamptz else ${t.resetAt} end`,
      },
    })
    .returning({ count: t.count, resetAt: t.resetAt });
  const count = row!.count;
  return {
    allowed: count <= limit,
    count,
    retryAfterMs: Math.max(0, row!.resetAt.getTime() - now.getTime()),
  };
}
