/**
 * Branches of one transaction started together: their statements reach the connection in one write and
 * their answers come back in one round trip (postgres.js pipelines a transaction's statements; PGlite runs
 * them one after another). Gives every branch's value once every branch has ended, or throws the first
 * failure, also only once every branch has ended: with Promise.all, a branch still running when another
 * failed could send its next statement after the transaction was rolled back and its connection handed on.
 *
 * The connection runs the statements in the order they were sent, but branches written with different
 * query builders may send their first statements in either order: start together only what does not
 * depend on that order, and no branch may open a savepoint (a nested transaction), which would take the
 * other branches' statements into it.
 */
export async function sideBySide<T extends readonly unknown[] | []>(
  branches: T,
): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const settled = (await Promise.allSettled(branches)) as PromiseSettledResult<unknown>[];
  const values: unknown[] = [];
  for (const s of settled) {
    if (s.status === 'rejected') throw s.reason;
    values.push(s.value);
  }
  return values as { -readonly [K in keyof T]: Awaited<T[K]> };
}
