import { createContext, type ReactNode, useContext, useState } from 'react';
import { parse } from 'regexparam';
import { matchRoute, Route, Router, useRouter, useLocation as useRouterPath } from 'wouter';
import { useHistoryState, useLocationProperty, usePathname } from 'wouter/use-browser-location';

/**
 * The apps' router: wouter (about 2 KB gzip) with three things of ours around it, so the screens and the
 * tests keep what they relied on:
 * - patterns read as before (@khel/core/spa-routes, SPEC §2): case-insensitive, any number of trailing
 *   slashes, `:param` one non-empty segment, `/x/*` also matching `/x` itself (`routePattern`);
 * - each history entry records `{ usr, key, idx }` in `history.state` (the state a navigation passed, a key,
 *   and its index in the session's history), so a screen can tell the first screen of the session (key
 *   `default`, index 0) from one reached in the app: the Mini App's back button goes home from the first;
 * - a route table (`Routes`, `matchRoutes`) that renders the first route whose pattern matches.
 */

/** What a navigation pushes or replaces: `state` is what the screen passed (`location.state`). */
export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

interface HistoryEntry {
  usr?: unknown;
  key?: string;
  idx?: number;
}

const entryOf = (state: unknown): HistoryEntry =>
  typeof state === 'object' && state !== null ? (state as HistoryEntry) : {};

/** The index of the current history entry in the session (0 for the first screen), or null before the router runs. */
export function historyIndex(): number | null {
  if (typeof history === 'undefined') return null;
  const { idx } = entryOf(history.state);
  return typeof idx === 'number' ? idx : null;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Pushes (or replaces) `to` with the entry's state, key and index. */
function navigateInHistory(to: string, { replace = false, state = null }: NavigateOptions = {}): void {
  const idx = historyIndex() ?? 0;
  const entry: HistoryEntry = { usr: state, key: newKey(), idx: replace ? idx : idx + 1 };
  history[replace ? 'replaceState' : 'pushState'](entry, '', to);
}

/** The first entry of the page gets index 0 and no key (it reads as `default`), keeping whatever state it had. */
function markFirstEntry(): void {
  if (typeof history === 'undefined' || historyIndex() !== null) return;
  history.replaceState({ ...entryOf(history.state), idx: 0 }, '');
}

/** wouter's browser location (the address bar), navigating with the entries above. */
function useHistoryLocation(router: { ssrPath?: string }): [string, typeof navigateInHistory] {
  return [usePathname(router), navigateInHistory];
}

type Compiled = { keys: string[]; pattern: RegExp };

/** A route pattern as wouter's parser (regexparam) reads it, with React Router's leniencies kept. */
export function routePattern(pattern: string, loose?: boolean): Compiled {
  // `/x/*` matches `/x` too.
  const parsed = parse(pattern.endsWith('/*') ? `${pattern}?` : pattern, loose);
  // Any number of trailing slashes (`/home//` is /home), as the server's isSpaRoute allows.
  const source = loose ? parsed.pattern.source : parsed.pattern.source.replace(/\\\/\?\$$/, '\\/*$');
  return { keys: parsed.keys as string[], pattern: new RegExp(source, 'i') };
}

export type RouteParams = Readonly<Record<string, string | undefined>>;

/** The params of `pathname` under `pattern` (`'/klash/:tournament'`), or null when it does not match. */
export function matchPath(pattern: string, pathname: string): RouteParams | null {
  const [matched, params] = matchRoute(routePattern, pattern, pathname);
  return matched ? params : null;
}

const SsrHash = createContext('');

export interface AppRouterProps {
  /** The prefix every address has (the Mini App's `/tma`). */
  base?: string;
  /** Server rendering (the unit tests): the address to render, e.g. `/home?header=false#top`. */
  ssrPath?: string;
  children: ReactNode;
}

/** Routes the app at the address bar (or, rendering on the server, at `ssrPath`). */
export function AppRouter({ base, ssrPath, children }: AppRouterProps) {
  useState(markFirstEntry);
  const [path, hash = ''] = ssrPath?.split('#') ?? [];
  return (
    <SsrHash.Provider value={hash ? `#${hash}` : ''}>
      <Router
        hook={useHistoryLocation}
        parser={routePattern}
        {...(base ? { base } : {})}
        {...(path !== undefined ? { ssrPath: path } : {})}
      >
        {children}
      </Router>
    </SsrHash.Provider>
  );
}

/** The current address (without the base), as screens read it. */
export interface AppLocation {
  /** As in the address bar (not decoded), e.g. `/quest-details/summer-cup`. */
  pathname: string;
  /** `?…` or empty. */
  search: string;
  /** `#…` or empty. */
  hash: string;
  /** What the navigation that opened this entry passed (`navigate(to, { state })`), else null. */
  state: unknown;
  /** The entry's key: `default` for the page's first entry. */
  key: string;
}

const currentHash = () => location.hash;

function withoutBase(base: string, path: string): string {
  if (!base || base === '/') return path;
  return path.toLowerCase() === base.toLowerCase() || path.toLowerCase().startsWith(`${base.toLowerCase()}/`)
    ? path.slice(base.length) || '/'
    : path;
}

export function useLocation(): AppLocation {
  const router = useRouter();
  // The address as written (wouter's useLocation gives it decoded).
  const pathname = withoutBase(router.base, router.hook(router)[0]);
  const rawSearch: string = router.searchHook(router);
  const search = rawSearch && rawSearch[0] !== '?' ? `?${rawSearch}` : rawSearch;
  const ssrHash = useContext(SsrHash);
  const hash = useLocationProperty(currentHash, () => ssrHash);
  const entry = entryOf(useHistoryState());
  return { pathname, search, hash, state: entry.usr ?? null, key: entry.key ?? 'default' };
}

/** A route: its pattern, what it renders, and optionally how to fetch its chunk ahead (`preloadRoute`). */
export interface RouteEntry {
  path: string;
  element: ReactNode;
  preload?: () => Promise<unknown>;
}

/** The first route of `routes` whose pattern matches `pathname` (without the base), if any. */
export function matchRoutes(routes: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  return routes.find((route) => matchPath(route.path, pathname));
}

/**
 * Renders the first route of `routes` that matches the address (order them: `*` last); its params are
 * `useParams()`. Going from one route to another that renders the same component keeps it mounted.
 */
export function Routes({ routes }: { routes: readonly RouteEntry[] }) {
  const [pathname] = useRouterPath();
  const route = matchRoutes(routes, pathname);
  return route ? <Route path={route.path}>{route.element}</Route> : null;
}
