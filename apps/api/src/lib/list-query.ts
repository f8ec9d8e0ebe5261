/** Helpers of the paginated, searchable lists several modules serve (games, quests). */

/** `%` and `_` typed by a user match themselves, not any text. */
export const likePattern = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * SPEC §3 list state of a page whose rows carry `count(*) over ()` as `total`; a page past the end
 * has no row to carry it, so `count` is asked then.
 */
export async function pageState(
  query: { page: number; limit: number },
  offset: number,
  rows: { total: number }[],
  count: () => Promise<number>,
) {
  const total = rows[0]?.total ?? (offset > 0 ? await count() : 0);
  return { page: query.page, limit: query.limit, total, offset, isLastCard: offset + rows.length >= total };
}
