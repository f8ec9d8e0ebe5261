import { type AnchorHTMLAttributes, type Ref, useCallback } from 'react';
import {
  Redirect,
  Link as RouterLink,
  useParams as useRouterParams,
  useLocation as useRouterPath,
} from 'wouter';
import { type NavigateOptions, type RouteParams, useLocation } from './router.tsx';

/** Where a link or a navigation goes: an address (`/k-quest/?game=x`, `?tab=mine`, `#top`), or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string };

const prefixed = (mark: '?' | '#', part: string | undefined) =>
  !part || part === mark ? '' : part[0] === mark ? part : `${mark}${part}`;

/**
 * `to` as an address from the app's root: a query or a hash alone stays on the current page, parts
 * without a pathname keep the current one, a relative path is under the current one.
 */
export function resolveTo(to: To, pathname: string, search: string): string {
  if (typeof to !== 'string')
    return `${to.pathname ?? pathname}${prefixed('?', to.search)}${prefixed('#', to.hash)}`;
  if (to.startsWith('/')) return to;
  if (to === '') return `${pathname}${search}`;
  if (to.startsWith('?')) return `${pathname}${to}`;
  if (to.startsWith('#')) return `${pathname}${search}${to}`;
  return `${pathname.replace(/\/+$/, '')}/${to}`;
}

export function useResolved(to: To): string {
  const { pathname, search } = useLocation();
  return resolveTo(to, pathname, search);
}

export interface NavigateFunction {
  (to: To, options?: NavigateOptions): void;
  /** Steps in the history: -1 is the browser's back. */
  (delta: number): void;
}

/** Navigates (push, or `replace`), with a `state` the next screen reads as `useLocation().state`. */
export function useNavigate(): NavigateFunction {
  const [, navigate] = useRouterPath();
  const { pathname, search } = useLocation();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number') history.go(to);
      else navigate(resolveTo(to, pathname, search), options);
    },
    [navigate, pathname, search],
  ) as NavigateFunction;
}

/** The params the matched route's pattern names (`/klash/:tournament` → `tournament`). */
export function useParams(): RouteParams {
  return useRouterParams() as RouteParams;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  /** The history state the target reads as `useLocation().state`. */
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An in-app link: an `<a href>` that navigates without reloading the page (a modified click opens a tab). The
 * navigation starts after the next paint (issue 25): rendering the next screen takes a low-end phone a few
 * hundred milliseconds, and done inside the tap's event it delays the tap's own feedback (INP) by as much.
 */
export function Link({ to, onClick, replace, state, ...props }: LinkProps) {
  const href = useResolved(to);
  const [, navigate] = useRouterPath();
  return (
    <RouterLink
      href={href}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        // The router's own handler skips what we prevent; a modified click never gets here (it opens a tab).
        if (event.defaultPrevented || (props.target && props.target !== '_self')) return;
        event.preventDefault();
        // After the frame that shows the tap (a frame, then a task); at once in a hidden tab, where no frame comes.
        const go = () => navigate(href, { replace, state });
        if (document.hidden) go();
        else requestAnimationFrame(() => setTimeout(go));
      }}
    />
  );
}

/** Navigates to `to` once rendered (a redirect). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const href = useResolved(to);
  return <Redirect to={href} {...(replace ? { replace } : {})} {...(state !== undefined ? { state } : {})} />;
}
