import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from '../routing/index.ts';

/**
 * The address's query as URLSearchParams and a setter, through useLocation/useNavigate (already in
 * both apps' first download), so these lazy screens pull no other router code into it.
 */
export function useQueryParams(): [
  URLSearchParams,
  (next: URLSearchParams, options?: { replace?: boolean }) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams, options: { replace?: boolean } = {}) => {
      const query = next.toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, pathname],
  );
  return [params, set];
}
