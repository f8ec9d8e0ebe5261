import { useCallback, useMemo } from 'react';
import { useRouter } from 'wouter';
import { type To, useNavigate, useResolved } from './links.tsx';
import { type NavigateOptions, useLocation } from './router.tsx';

// Apart from links.tsx so that only the screens that use these download them, not the first download.

/** The query as URLSearchParams (as written in the address), and a setter that keeps the pathname. */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | string | Record<string, string>, options?: NavigateOptions) => void,
] {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: URLSearchParams | string | Record<string, string>, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString();
      navigate(query ? `${pathname}?${query}` : pathname, options);
    },
    [navigate, pathname],
  );
  return [params, set];
}

/** The `href` of `to` as a link renders it (with the Mini App's `/tma`). */
export function useHref(to: To): string {
  const router = useRouter();
  return router.hrefs(router.base + useResolved(to), router);
}
