/**
 * DESIGN §7: one table maps Telegram start parameters (`startapp=<screen>[_<id>]`, and the
 * bot's `/start <payload>`) to Mini App routes, and back. Parameters use only `A-Za-z0-9_-`
 * and Telegram caps them at 64 characters.
 */

export const START_PARAM_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,60}$/;

interface DeepLinkEntry {
  screen: string;
  /** Route for the screen; `id` is present exactly when the entry takes one. */
  toPath: (id: string) => string;
  /** Reads the id back from a path (and query), or undefined when the path is not this screen. */
  fromPath: (pathname: string, search: URLSearchParams) => string | undefined;
  takesId: boolean;
}

const fixed = (screen: string, path: string, query?: string): DeepLinkEntry => ({
  screen,
  takesId: false,
  toPath: () => (query ? `${path}?${query}` : path),
  fromPath: (pathname, search) => {
    if (trimSlash(pathname) !== path) return undefined;
    if (query) {
      const [k, v] = query.split('=') as [string, string];
      if (search.get(k) !== v) return undefined;
    }
    return '';
  },
});

const withSegment = (screen: string, base: string): DeepLinkEntry => ({
  screen,
  takesId: true,
  toPath: (id) => `${base}/${id}`,
  fromPath: (pathname) => {
    const p = trimSlash(pathname);
    if (!p.startsWith(`${base}/`)) return undefined;
    const id = p.slice(base.length + 1);
    return ID_PATTERN.test(id) ? id : undefined;
  },
});

const withQuery = (screen: string, path: string, key: string): DeepLinkEntry => ({
  screen,
  takesId: true,
  toPath: (id) => `${path}?${key}=${id}`,
  fromPath: (pathname, search) => {
    if (trimSlash(pathname) !== path) return undefined;
    const id = search.get(key) ?? '';
    return ID_PATTERN.test(id) ? id : undefined;
  },
});

function trimSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

export const DEEP_LINKS: readonly DeepLinkEntry[] = [
  // An invite (`startapp=ref_<code>`): home, with the code for after sign-in (before `home`, which ignores the query).
  withQuery('ref', '/home', 'ref'),
  fixed('home', '/home'),
  fixed('quests', '/k-quest'),
  withSegment('quest', '/quest-details'),
  fixed('campaigns', '/k-drop/campaigns'),
  withSegment('campaign', '/k-drop/campaigns'),
  fixed('myclan', '/my-clan'),
  fixed('clanchief', '/clan-chief'),
  // An invite (`startapp=clan_<id>`) before the plain list, which ignores the query.
  withQuery('clan', '/discover-clan', 'clanId'),
  fixed('clans', '/discover-clan'),
  fixed('earnings', '/collect-earnings'),
  fixed('kyc', '/kyc', 'requiredDoc=pan'),
  fixed('store', '/k-store'),
  fixed('buykcash', '/buy-kcash'),
  fixed('history', '/transaction-history'),
  fixed('profile', '/profile'),
  fixed('pog', '/pog'),
  fixed('mint', '/pog/mint'),
  fixed('leaderboard', '/pog/leaderboard'),
  withQuery('pog', '/pog-showcase', 'username'),
  // Klash: the tournament list, and one tournament by slug or id (startapp=klash_<slug-or-id>).
  fixed('klash', '/klash'),
  withSegment('klash', '/klash'),
];

export const DEFAULT_DEEP_LINK_PATH = '/home';

export interface ResolvedDeepLink {
  screen: string;
  id?: string;
  path: string;
}

/** `quest_summer-cup` → `{ screen: 'quest', id: 'summer-cup', path: '/quest-details/summer-cup' }`. */
export function resolveStartParam(param: string | null | undefined): ResolvedDeepLink | null {
  if (!param || !START_PARAM_PATTERN.test(param)) return null;
  const cut = param.indexOf('_');
  const screen = cut === -1 ? param : param.slice(0, cut);
  const id = cut === -1 ? undefined : param.slice(cut + 1);
  const entry = DEEP_LINKS.find((e) => e.screen === screen && e.takesId === (id !== undefined));
  if (!entry) return null;
  if (id !== undefined && !ID_PATTERN.test(id)) return null;
  return id === undefined ? { screen, path: entry.toPath('') } : { screen, id, path: entry.toPath(id) };
}

/** The Mini App path for a start parameter; unknown or malformed parameters open home. */
export function startParamToPath(param: string | null | undefined): string {
  return resolveStartParam(param)?.path ?? DEFAULT_DEEP_LINK_PATH;
}

/** The start parameter that opens `path` (with its query), or null when no entry matches. */
export function pathToStartParam(path: string): string | null {
  const url = new URL(path, 'https://khel.invalid');
  for (const entry of DEEP_LINKS) {
    const id = entry.fromPath(url.pathname, url.searchParams);
    if (id === undefined) continue;
    const param = entry.takesId ? `${entry.screen}_${id}` : entry.screen;
    if (START_PARAM_PATTERN.test(param)) return param;
  }
  return null;
}

/** `https://t.me/<bot>/<app>?startapp=<param>`: opens the Mini App on that screen. */
export function miniAppLink(botUsername: string, appName: string, param?: string): string {
  const base = `https://t.me/${botUsername}/${appName}`;
  return param ? `${base}?startapp=${encodeURIComponent(param)}` : base;
}

/** `https://t.me/<bot>?start=<param>`: opens the bot chat with `/start <param>`. */
export function botStartLink(botUsername: string, param?: string): string {
  const base = `https://t.me/${botUsername}`;
  return param ? `${base}?start=${encodeURIComponent(param)}` : base;
}
