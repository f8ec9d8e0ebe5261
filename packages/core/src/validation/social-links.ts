import { type Rule, ruleSchema } from './rule.ts';

export const SOCIAL_PLATFORMS = ['discord', 'instagram', 'twitter', 'facebook', 'youtube', 'steam'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

export const SOCIAL_PLATFORM_LABELS: Record<SocialPlatform, string> = {
  discord: 'Discord',
  instagram: 'Instagram',
  twitter: 'Twitter or X',
  facebook: 'Facebook',
  youtube: 'YouTube',
  steam: 'Steam',
};

export const URL_INVALID_MESSAGE = 'Please enter a valid URL';
export const socialLinkMessage = (platform: SocialPlatform): string =>
  `Please enter a valid ${SOCIAL_PLATFORM_LABELS[platform]} link`;

interface PlatformPattern {
  hosts: readonly string[];
  /** Matches the path (without a trailing slash) of a profile, channel or invite page. */
  path: RegExp;
  /** Path plus query, for the few platforms whose profile id lives in the query. */
  pathAndQuery?: RegExp;
}

const PLATFORM_PATTERNS: Record<SocialPlatform, PlatformPattern> = {
  discord: {
    hosts: ['discord.gg', 'discord.com', 'discordapp.com'],
    path: /^\/(?:invite\/[A-Za-z0-9-]{2,32}|users\/\d{15,20}|[A-Za-z0-9-]{2,32})$/,
  },
  instagram: { hosts: ['instagram.com'], path: /^\/[A-Za-z0-9._]{1,30}$/ },
  twitter: { hosts: ['twitter.com', 'x.com'], path: /^\/[A-Za-z0-9_]{1,15}$/ },
  facebook: {
    hosts: ['facebook.com', 'fb.com'],
    path: /^\/[A-Za-z0-9.]{5,50}$/,
    pathAndQuery: /^\/profile\.php\?id=\d+$/,
  },
  youtube: {
    hosts: ['youtube.com'],
    path: /^\/(?:@[A-Za-z0-9._-]{3,30}|channel\/UC[A-Za-z0-9_-]{22}|c\/[A-Za-z0-9._-]+|user\/[A-Za-z0-9._-]+)$/,
  },
  steam: {
    hosts: ['steamcommunity.com'],
    path: /^\/(?:id\/[A-Za-z0-9_-]{2,32}|profiles\/\d{17})$/,
  },
};

// Hosts whose first path segment is a product page, never a profile (e.g. discord.com/channels).
const RESERVED_FIRST_SEGMENTS: Partial<Record<SocialPlatform, readonly string[]>> = {
  discord: ['channels', 'app', 'login', 'download', 'developers', 'invite', 'users'],
  instagram: ['p', 'reel', 'explore', 'accounts', 'stories'],
  twitter: ['home', 'explore', 'search', 'i', 'intent', 'settings', 'login'],
  facebook: ['groups', 'pages', 'watch', 'login', 'events', 'marketplace'],
};

function parseHttpUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  return url;
}

/**
 * A generic link: an absolute http(s) URL whose host has a dot (a real domain), no credentials.
 * `localhost`, bare words and other schemes (javascript:, data:, ftp:) fail.
 */
export function isValidUrl(value: string): boolean {
  const url = parseHttpUrl(value.trim());
  if (!url || url.username || url.password) return false;
  const labels = url.hostname.split('.');
  return labels.length >= 2 && labels.every((label) => label.length > 0);
}

/**
 * True when `value` is an http(s) link to a profile, channel or invite page of `platform`.
 * `www.` and `m.` (mobile) hosts are accepted; for Discord the short `discord.gg/<code>` form is
 * an invite, while on discord.com only `/invite/<code>` and `/users/<id>` are profile-like.
 */
export function isValidSocialLink(platform: SocialPlatform, value: string): boolean {
  const url = parseHttpUrl(value.trim());
  if (!url || url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/^(?:www|m|mobile)\./, '');
  const pattern = PLATFORM_PATTERNS[platform];
  if (!pattern.hosts.includes(host)) return false;
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  if (pattern.pathAndQuery?.test(path + url.search)) return true;
  if (!pattern.path.test(path)) return false;
  const segments = path.split('/');
  const first = (segments[1] ?? '').toLowerCase();
  if (platform === 'discord') {
    // discord.gg/<code> is an invite; on the other hosts a single segment is not a profile.
    return host === 'discord.gg' ? segments.length === 2 : segments.length === 3;
  }
  return !(RESERVED_FIRST_SEGMENTS[platform] ?? []).includes(first);
}

export const validateUrl: Rule = (value) => (isValidUrl(value) ? null : URL_INVALID_MESSAGE);

export function socialLinkRule(platform: SocialPlatform): Rule {
  const message = socialLinkMessage(platform);
  return (value) => (isValidSocialLink(platform, value) ? null : message);
}

export const urlSchema = /* @__PURE__ */ ruleSchema(validateUrl, URL_INVALID_MESSAGE, { trim: true });

export function socialLinkSchema(platform: SocialPlatform) {
  return ruleSchema(socialLinkRule(platform), socialLinkMessage(platform), { trim: true });
}
