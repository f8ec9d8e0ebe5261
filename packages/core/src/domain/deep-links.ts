/**
 * DESIGN §7: one table maps Telegram start parameters (`startapp=<screen>[_<id>]`, and the
 * bot's `/start <payload>`) to Mini App routes, and back. Parameters use only `A-Za-z0-9_-`
 * and Telegram caps them at 64 characters.
 *
 * An item with a slug (quest, campaign, tournament, article, video) is named by its slug when
 * `<screen>_<slug>` fits in 64 characters, else by its id (a UUID): operators may use slugs of up to
 * 80 characters. Its screen loads either (the API's `by-slug` routes also take the id), so
 * `startParamFor` always gives a parameter that opens the item, and the path it opens maps back
 * to the same parameter.
 */

import { START_PARAM_MAX_LENGTH, START_PARAM_PATTERN } from './start-param.ts';

export { START_PARAM_MAX_LENGTH, START_PARAM_PATTERN };

/** What an id may hold: the parameter's own characters (an id may contain underscores). */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,62}$/;
/** A referral code (contract REFERRAL_CODE_PATTERN): 8 characters of A–Z and 2–9, any case in links. */
const REFERRAL_CODE = /^[A-Za-z2-9]{8}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CAMPAIGN_BASE = '/k-drop/campaigns';

export interface DeepLinkEntry {
  screen: string;
  /** Route for the screen; `id` is present exactly when the entry takes one. */
  toPath: (id: string) => string;
  /** Reads the id back from a path (and query), or undefined when the path is not this screen. */
  fromPath: (pathname: string, search: URLSearchParams) => string | undefined;
  takesId: boolean;
  /** An id this entry takes (tests and the route table's check build its path). */
  sampleId: string;
}

const fixed = (screen: string, path: string, query?: string): DeepLinkEntry => ({
  screen,
  takesId: false,
  sampleId: '',
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

/** `<base>/<id>`: an item by slug, or by id when the slug does not fit (see startParamFor). */
const withSegment = (screen: string, base: string, sampleId = 'summer-cup'): DeepLinkEntry => ({
  screen,
  takesId: true,
  sampleId,
  toPath: (id) => `${base}/${id}`,
  fromPath: (pathname) => {
    const p = trimSlash(pathname);
    if (!p.startsWith(`${base}/`)) return undefined;
    const id = p.slice(base.length + 1);
    return ID_PATTERN.test(id) ? id : undefined;
  },
});

const withQuery = (screen: string, path: string, key: string, sampleId: string): DeepLinkEntry => ({
  screen,
  takesId: true,
  sampleId,
  toPath: (id) => `${path}?${key}=${id}`,
  fromPath: (pathname, search) => {
    if (trimSlash(pathname) !== path) return undefined;
    const id = search.get(key) ?? '';
    return ID_PATTERN.test(id) ? id : undefined;
  },
});

/**
 * A campaign invite (`startapp=cref_<code>_<campaign slug or id>`): the campaign's page with the
 * inviter's code in `?ref=`, kept for after sign-in like any invite's. The code has a fixed length,
 * so the campaign after it may hold underscores.
 */
const campaignInvite: DeepLinkEntry = {
  screen: 'cref',
  takesId: true,
  sampleId: 'AB23CD45_summer-cup',
  toPath: (id) => `${CAMPAIGN_BASE}/${id.slice(9)}?ref=${id.slice(0, 8)}`,
  fromPath: (pathname, search) => {
    const p = trimSlash(pathname);
    const code = search.get('ref') ?? '';
    if (!p.startsWith(`${CAMPAIGN_BASE}/`) || !REFERRAL_CODE.test(code)) return undefined;
    const campaign = p.slice(CAMPAIGN_BASE.length + 1);
    return ID_PATTERN.test(campaign) ? `${code}_${campaign}` : undefined;
  },
};
const campaignInviteId = (id: string) => REFERRAL_CODE.test(id.slice(0, 8)) && id[8] === '_' && id.length > 9;

function trimSlash(p: string): string {
  return p.length > 1 && p.endsWith('/') ? p.slice(0, -1) : p;
}

/**
 * Every screen a push or a share can point at. Order matters where two entries read the same path:
 * the one that reads a query comes first (the other ignores it).
 */
export const DEEP_LINKS: readonly DeepLinkEntry[] = /* @__PURE__ */ (() => [
  // An invite (`startapp=ref_<code>`): home, with the code for after sign-in (before `home`, which ignores the query).
  withQuery('ref', '/home', 'ref', 'AB23CD45'),
  fixed('home', '/home'),
  fixed('quests', '/k-quest'),
  withSegment('quest', '/quest-details'),
  fixed('games', '/games'),
  fixed('rkade', '/rkade'),
  fixed('campaigns', CAMPAIGN_BASE),
  campaignInvite,
  withSegment('campaign', CAMPAIGN_BASE),
  fixed('myclan', '/my-clan'),
  fixed('clanchief', '/clan-chief'),
  // An invite (`startapp=clan_<id>`) before the plain list, which ignores the query.
  withQuery('clan', '/discover-clan', 'clanId', '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f'),
  fixed('clans', '/discover-clan'),
  fixed('earnings', '/collect-earnings'),
  fixed('kyc', '/kyc', 'requiredDoc=pan'),
  fixed('store', '/k-store'),
  fixed('buykcash', '/buy-kcash'),
  fixed('history', '/transaction-history'),
  fixed('profile', '/profile'),
  fixed('friends', '/friends'),
  fixed('pog', '/pog'),
  fixed('mypog', '/my-pog'),
  fixed('mint', '/pog/mint'),
  fixed('leaderboard', '/pog/leaderboard'),
  withQuery('pog', '/pog-showcase', 'username', 'Ace01'),
  // Klash: the tournament list, and one tournament by slug or id (startapp=klash_<slug-or-id>).
  fixed('klash', '/klash'),
  withSegment('klash', '/klash'),
  // Content: an article or a video by slug or id.
  withSegment('article', '/article-details', 'patch-notes'),
  withSegment('video', '/video-details', 'patch-notes'),
])();

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
  if (entry === campaignInvite && !campaignInviteId(id ?? '')) return null;
  return id === undefined ? { screen, path: entry.toPath('') } : { screen, id, path: entry.toPath(id) };
}

/** The Mini App path for a start parameter; unknown or malformed parameters open home. */
export function startParamToPath(param: string | null | undefined): string {
  return resolveStartParam(param)?.path ?? DEFAULT_DEEP_LINK_PATH;
}

/** The start parameter that opens `path` (with its query), or null when no entry matches or it is too long. */
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

/** The screens that show one item named by slug or id. */
export type ItemScreen = 'quest' | 'campaign' | 'klash' | 'article' | 'video';

/** An item as links name it: its slug (operators may use up to 80 characters) and its id (a UUID). */
export interface LinkedItem {
  slug: string;
  id: string;
}

/** The item's name in a parameter after `prefix`: the slug when it fits, else the id. */
function itemRef(prefix: string, item: LinkedItem): string {
  if (`${prefix}${item.slug}`.length <= START_PARAM_MAX_LENGTH && ID_PATTERN.test(item.slug))
    return item.slug;
  if (!UUID.test(item.id)) throw new Error(`deep link: "${item.slug}" is too long and "${item.id}" is no id`);
  return item.id.toLowerCase();
}

/**
 * `startapp` for one item: `quest_<slug>`, or `quest_<id>` when the slug makes it longer than 64
 * characters. Opens `/quest-details/<slug or id>`, whose screen loads either.
 */
export function startParamFor(screen: ItemScreen, item: LinkedItem): string {
  return `${screen}_${itemRef(`${screen}_`, item)}`;
}

/** `startapp` for an invite to a campaign: `cref_<code>_<slug or id>`, opening the campaign with `?ref=<code>`. */
export function campaignInviteStartParam(code: string, campaign: LinkedItem): string {
  if (!REFERRAL_CODE.test(code)) throw new Error(`deep link: "${code}" is no referral code`);
  const prefix = `cref_${code}_`;
  return `${prefix}${itemRef(prefix, campaign)}`;
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
