import type { ApiClient } from '@khel/core/client';
import { pogRoutes } from '@khel/core/contract';
import { isValidPogUsername } from '@khel/core/validation';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { nameAvailableQueryKey } from './pog-keys.ts';

/** How long typing must pause before the name is checked. */
export const NAME_CHECK_DEBOUNCE_MS = 400;

/** GET /pog/mint/name-available: whether a POG name is free (ignoring case). */
export async function checkNameAvailable(client: ApiClient, name: string, signal?: AbortSignal) {
  return unwrap(
    await client.request(pogRoutes.pogNameAvailable, { query: { name }, ...(signal ? { signal } : {}) }),
  );
}

/** The value once it has stopped changing for `delayMs`. */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Checks a typed name once typing pauses, and only names the SPEC §5 rules accept (the field says
 * what is wrong with the others). `current` (the user's own reserved name) needs no check.
 */
export function useNameAvailability(name: string, current: string | null) {
  const { client } = useApi();
  const settled = useDebounced(name, NAME_CHECK_DEBOUNCE_MS);
  const mine = current !== null && settled.toLowerCase() === current.toLowerCase();
  const query = useQuery({
    queryKey: nameAvailableQueryKey(settled),
    queryFn: ({ signal }) => checkNameAvailable(client, settled, signal),
    enabled: isValidPogUsername(settled) && !mine,
    staleTime: 10_000,
  });
  return { query, settled: settled === name, mine };
}
