import { MINI_APP_TABS } from '@khel/ui';

/**
 * Which of Telegram's controls a screen gets (DESIGN §7), from its address alone: pure, so the rules
 * are unit-tested apart from the SDK.
 */

/** The Mini App's settings and language (behind Telegram's SettingsButton, in the ⋯ menu). */
export const SETTINGS_PATH = '/settings';

const trimmed = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

// The tab bar's screens (and / , the home) are roots: they are reached from the tabs, not from another screen.
const ROOT_PATHS = new Set<string>(['/', ...MINI_APP_TABS.map((tab) => tab.to)]);

/**
 * Telegram's back button shows everywhere but on a tab itself; a tab with a query (a filtered list,
 * the campaigns' ?tab=) is a step inside it, so back leads out.
 */
export function showsBackButton(pathname: string, search: string): boolean {
  return !(ROOT_PATHS.has(trimmed(pathname)) && search === '');
}

/**
 * Where back goes: one step back in the app's history, or home when the screen is the first of the
 * session (a deep link, a reload), where going back would leave the Mini App's page. The first screen is
 * the router's first location (key `default`) or the history's first entry (index 0, which a screen put
 * in its place keeps).
 */
export function backTarget(locationKey: string, historyIndex?: number | null): -1 | '/home' {
  return locationKey === 'default' || historyIndex === 0 ? '/home' : -1;
}

/** A game being played (/rkade?play=<slug>): fullscreen, and no vertical swipe closes the app under the gamer's thumb. */
export function isGameScreen(pathname: string, search: string): boolean {
  return trimmed(pathname).toLowerCase() === '/rkade' && new URLSearchParams(search).has('play');
}
