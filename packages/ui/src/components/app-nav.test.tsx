import { describe, expect, it } from 'vitest';
import { CAMPAIGN_PATHS, CLAN_PATHS, POG_PATHS, SCREEN_PATHS } from '../routes/route-table.ts';
import { renderScreen } from '../test/render.tsx';
import AppNav from './app-nav.tsx';
import { AppShortcuts } from './app-shortcuts.tsx';
import { APP_TABS, MINI_APP_SHORTCUTS, MINI_APP_TABS } from './app-tabs.ts';
import { Page } from './page.tsx';

describe('the app tabs', () => {
  it('link Home, Quests, Store, Earnings, Clan, POG and Profile, with the current one active', () => {
    const html = renderScreen(<AppNav placement="bottom" />, { at: '/k-store?item=1' });
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual([
      '/home',
      '/k-quest',
      '/k-store',
      '/collect-earnings',
      '/my-clan',
      '/pog',
      '/profile',
    ]);
    expect(html).toMatch(
      /class="app-nav__tab app-nav__tab--active"[^>]*href="\/k-store"|href="\/k-store"[^>]*class="app-nav__tab app-nav__tab--active"/,
    );
    expect(html.match(/app-nav__tab--active/g)).toHaveLength(1);
    expect(html).toContain('aria-current="page"');
    expect(html.match(/<svg/g)).toHaveLength(7);
  });

  it('mark Home at / (the Mini App opens there)', () => {
    const html = renderScreen(<AppNav placement="bottom" />, { at: '/' });
    expect(html).toMatch(
      /class="app-nav__tab app-nav__tab--active"[^>]*href="\/home"|href="\/home"[^>]*class="app-nav__tab app-nav__tab--active"/,
    );
  });

  it('go to the screens of the route table', () => {
    const paths = APP_TABS.map((tab) => tab.to);
    expect(paths).toEqual([
      SCREEN_PATHS.home,
      SCREEN_PATHS.kQuest,
      SCREEN_PATHS.kStore,
      SCREEN_PATHS.collectEarnings,
      CLAN_PATHS.myClan,
      POG_PATHS.pog,
      SCREEN_PATHS.profile,
    ]);
  });

  it('name the tabs in the reader language', () => {
    expect(renderScreen(<AppNav placement="top" />, { language: 'hi' })).toContain('कमाई');
    expect(renderScreen(<AppNav placement="top" />, { language: 'pt-BR' })).toContain('Missões');
    expect(renderScreen(<AppNav placement="top" />, { language: 'pt-BR' })).toContain('Clã');
  });

  it('are five in the Mini App (Home, Quests, K-Drop, Clan, Profile), the others one tap away on its home', () => {
    const html = renderScreen(<AppNav placement="bottom" />, {
      at: '/k-drop/campaigns',
      platform: 'telegram',
    });
    const hrefs = [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefs).toEqual(['/home', '/k-quest', '/k-drop/campaigns', '/my-clan', '/profile']);
    expect(html).toMatch(
      /app-nav__tab--active"[^>]*href="\/k-drop\/campaigns"|href="\/k-drop\/campaigns"[^>]*app-nav__tab--active/,
    );
    expect(MINI_APP_TABS.map((tab) => tab.to)).toEqual([
      SCREEN_PATHS.home,
      SCREEN_PATHS.kQuest,
      CAMPAIGN_PATHS.campaigns,
      CLAN_PATHS.myClan,
      SCREEN_PATHS.profile,
    ]);
    // Every website tab is a Mini App tab or a shortcut on its home.
    const reachable = [...MINI_APP_TABS, ...MINI_APP_SHORTCUTS].map((tab) => tab.to);
    for (const tab of APP_TABS) expect(reachable).toContain(tab.to);
    const shortcuts = renderScreen(<AppShortcuts />, { language: 'pt-BR', platform: 'telegram' });
    expect(shortcuts).toContain('Mais no Khel');
    expect([...shortcuts.matchAll(/href="([^"]+)"/g)].map((m) => m[1])).toEqual([
      '/k-store',
      '/collect-earnings',
      '/pog',
      '/klash',
      '/rkade',
    ]);
  });

  it('in the Mini App replace the web header: no logo, language menu or skip link (Telegram gives those)', () => {
    const telegram = renderScreen(<Page>x</Page>, { at: '/home', platform: 'telegram' });
    expect(telegram).toContain('page--telegram');
    expect(telegram).toContain('page--tabs');
    expect(telegram).not.toContain('skip-link');
    expect(telegram).not.toContain('page__header');
    expect(telegram).not.toContain('language-picker');
    const website = renderScreen(<Page>x</Page>, { at: '/home' });
    expect(website).toContain('skip-link');
    expect(website).toContain('page__header');
    expect(website).not.toContain('page--telegram');
  });

  it('are on every page (their own chunk: a server render leaves them out but keeps their room), not when the display flags hide the header', () => {
    expect(renderScreen(<Page>x</Page>, { at: '/home' })).toContain('page--tabs');
    expect(renderScreen(<Page>x</Page>, { at: '/home?header=false' })).not.toContain('page--tabs');
  });
});
