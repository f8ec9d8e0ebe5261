/** A query object without its empty values, as a request's query and a stable part of its cache key. */
export function definedQuery<Q extends object>(query: Q): Record<string, string> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => typeof v === 'string' && v !== ''),
  ) as Record<string, string>;
}
