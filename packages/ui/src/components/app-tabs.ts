/**
 * The website's tabs (issue 10): Home, Quests, Store, Earnings, Clan (issue 12: /my-clan, whose empty state
 * leads to /discover-clan and /clan-chief), POG (/pog, the Proof of Gamer home), Profile; K-Drop is reached from Quests (the K-Quest | K-Drop
 * switch). Plain data (no React), so the first screen written into index.html draws the same bar
 * (tooling/vite/first-screen-shell.ts). The paths are SCREEN_PATHS', CLAN_PATHS' and POG_PATHS' (app-nav.test.tsx checks).
 */
export const APP_TABS = [
  { to: '/home', label: 'feed.nav.home', icon: 'home' },
  { to: '/k-quest', label: 'feed.nav.quests', icon: 'quests' },
  { to: '/k-store', label: 'feed.nav.store', icon: 'store' },
  { to: '/collect-earnings', label: 'feed.nav.earnings', icon: 'earnings' },
  { to: '/my-clan', label: 'feed.nav.clan', icon: 'clan' },
  { to: '/pog', label: 'feed.nav.pog', icon: 'pog' },
  { to: '/profile', label: 'feed.nav.profile', icon: 'profile' },
] as const;

/**
 * The Mini App's tabs (issue 24): Telegram's own chrome leaves room for five at most, so they are the
 * screens a gamer opens most: Home, Quests, K-Drop (airdrop campaigns), Clan and Profile. The website's
 * other tabs are on the Mini App's home (MINI_APP_SHORTCUTS); settings and language are behind
 * Telegram's SettingsButton.
 */
export const MINI_APP_TABS = [
  { to: '/home', label: 'feed.nav.home', icon: 'home' },
  { to: '/k-quest', label: 'feed.nav.quests', icon: 'quests' },
  { to: '/k-drop/campaigns', label: 'feed.nav.kdrop', icon: 'kdrop' },
  { to: '/my-clan', label: 'feed.nav.clan', icon: 'clan' },
  { to: '/profile', label: 'feed.nav.profile', icon: 'profile' },
] as const;

/** What has no tab in the Mini App, one tap away on its home ('More in Khel'). */
export const MINI_APP_SHORTCUTS = [
  { to: '/k-store', label: 'feed.nav.store', icon: 'store' },
  { to: '/collect-earnings', label: 'feed.nav.earnings', icon: 'earnings' },
  { to: '/pog', label: 'feed.nav.pog', icon: 'pog' },
  { to: '/klash', label: 'feed.nav.klash', icon: 'klash' },
  { to: '/rkade', label: 'feed.nav.rkade', icon: 'rkade' },
] as const;

export type TabIcon =
  | (typeof APP_TABS)[number]['icon']
  | (typeof MINI_APP_TABS)[number]['icon']
  | (typeof MINI_APP_SHORTCUTS)[number]['icon'];

/** Each tab's line icon (24×24, stroked like the other icons of components/icons.tsx). */
export const TAB_ICON_PATHS: Record<TabIcon, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 9.5V20h4.5v-5.5h4V20h4.5V9.5',
  quests: 'M12 3l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.4l-5.2 2.7 1-5.8L3.5 9.2l5.9-.9z',
  store: 'M4 8h16l-1.2 11.2a1 1 0 0 1-1 .8H6.2a1 1 0 0 1-1-.8zM8.5 8V6.5a3.5 3.5 0 0 1 7 0V8',
  earnings: 'M3 7h18v12H3zM3 11h18M7 15h3M16 4l-4 3-4-3',
  clan: 'M12 3l7 3v5c0 4.6-3 8.4-7 10-4-1.6-7-5.4-7-10V6zM12 3v18M5 11h14',
  pog: 'M6.5 3h11A1.5 1.5 0 0 1 19 4.5v15a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 5 19.5v-15A1.5 1.5 0 0 1 6.5 3zM12 7.5l1.3 2.7 2.9.4-2.1 2 .5 2.9-2.6-1.4-2.6 1.4.5-2.9-2.1-2 2.9-.4z',
  profile: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4.5 20.5a7.5 7.5 0 0 1 15 0',
  kdrop: 'M3 11a9 7 0 0 1 18 0zM3 11l9 7 9-7M12 11v7M7.5 11 12 18l4.5-7M10 18h4v3h-4z',
  klash: 'M7 4h10v4a5 5 0 0 1-10 0zM7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 13v4M8 21h8M9 17h6',
  rkade: 'M6 8h12a4 4 0 0 1 0 8h-1.5l-2-2h-5l-2 2H6a4 4 0 0 1 0-8zM8 10.5v3M6.5 12h3M15.5 11h.01M17.5 13h.01',
};
