import { createHash, randomBytes } from 'node:crypto';
import type { Database, Executor } from '@khel/db';
import { operatorActions, operators } from '@khel/db/schema';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { OperatorIdentity } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';

/** Operators' credentials: a random token shown once; only its SHA-256 is stored. */

export const OPERATOR_NAME_PATTERN = /^[a-z0-9][a-z0-9._-]{1,39}$/;
export const OPERATOR_TOKEN_PREFIX = 'khop_';

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Makes an operator (or a new token for an existing one) and returns the token, which is not kept. */
export async function createOperator(
  db: Database,
  name: string,
): Promise<{ id: string; name: string; token: string }> {
  if (!OPERATOR_NAME_PATTERN.test(name))
    throw new AppError(
      400,
      'An operator name is 2 to 40 lower-case letters, digits, dots, hyphens or underscores.',
    );
  const token = `${OPERATOR_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(operators)
    .values({ name, tokenHash: hashOf(token) })
    .onConflictDoUpdate({ target: operators.name, set: { tokenHash: hashOf(token), disabledAt: null } })
    .returning({ id: operators.id, name: operators.name });
  return { ...row!, token };
}

/**
 * The operator a token belongs to, or null. The lookup is by the token's SHA-256, so the stored value
 * never meets the token itself and the comparison leaks nothing useful about it.
 */
export async function operatorOfToken(db: Executor, token: string): Promise<OperatorIdentity | null> {
  if (!token.startsWith(OPERATOR_TOKEN_PREFIX) || token.length > 100) return null;
  const [row] = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(and(eq(operators.tokenHash, hashOf(token)), isNull(operators.disabledAt)));
  return row ?? null;
}

export async function listOperatorActions(db: Executor, limit: number) {
  const rows = await db.select().from(operatorActions).orderBy(desc(operatorActions.id)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    target: r.target,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
  }));
}
