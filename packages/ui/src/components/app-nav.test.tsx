import { describe, expect, it } from 'vitest';
import { CLAN_PATHS, POG_PATHS, SCREEN_PATHS } from '../routes/route-table.ts';
import { renderScreen } from '../test/render.tsx';
import AppNav from './app-nav.tsx';
import { APP_TABS } from './app-tabs.ts';
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

  it('are on every page (their own chunk: a server render leaves them out but keeps their room), not when the display flags hide the header', () => {
    expect(renderScreen(<Page>x</Page>, { at: '/home' })).toContain('page--tabs');
    expect(renderScreen(<Page>x</Page>, { at: '/home?header=false' })).not.toContain('page--tabs');
  });
});
