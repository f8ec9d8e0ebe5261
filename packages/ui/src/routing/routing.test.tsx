import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  AppRouter,
  isActivePath,
  Link,
  matchPath,
  matchRoutes,
  NavLink,
  Routes,
  resolveTo,
  useHref,
  useLocation,
  useParams,
} from './index.ts';

const render = (ui: React.ReactNode, at: string, base?: string) =>
  renderToStaticMarkup(
    <AppRouter ssrPath={at} {...(base ? { base } : {})}>
      {ui}
    </AppRouter>,
  );

function Where() {
  const { pathname, search, hash, state, key } = useLocation();
  return <p>{JSON.stringify({ pathname, search, hash, state, key })}</p>;
}

function Param({ name }: { name: string }) {
  return <i>{useParams()[name]}</i>;
}

function Href({ to }: { to: string }) {
  return <b>{useHref(to)}</b>;
}

describe('route patterns', () => {
  it('match case-insensitively, with any number of trailing slashes, a param one non-empty segment', () => {
    expect(matchPath('/home', '/HOME//')).toEqual({});
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/home')).toBeNull();
    expect(matchPath('/klash/:tournament', '/klash/summer-cup/')).toMatchObject({ tournament: 'summer-cup' });
    expect(matchPath('/klash/:tournament', '/klash/')).toBeNull();
    expect(matchPath('/klash/:tournament', '/klash/a/b')).toBeNull();
    expect(matchPath('/home', '/homex')).toBeNull();
  });

  it('`/x/*` matches /x itself and anything under it; `*` matches every path', () => {
    for (const path of ['/k-drop/campaigns', '/k-drop/campaigns/', '/k-drop/campaigns/cup/verify'])
      expect(matchPath('/k-drop/campaigns/*', path)).not.toBeNull();
    expect(matchPath('/k-drop/campaigns/*', '/k-drop/campaignsx')).toBeNull();
    expect(matchPath('*', '/no/such/page')).not.toBeNull();
  });

  it('a route table gives its first match', () => {
    const routes = [
      { path: '/klash', element: 'list' },
      { path: '/klash/:tournament', element: 'one' },
      { path: '*', element: 'not found' },
    ];
    expect(matchRoutes(routes, '/klash/')?.element).toBe('list');
    expect(matchRoutes(routes, '/klash/cup')?.element).toBe('one');
    expect(matchRoutes(routes, '/x')?.element).toBe('not found');
  });
});

describe('addresses', () => {
  it('a query or a hash alone stays on the page; parts keep the current pathname', () => {
    expect(resolveTo('/pog', '/home', '?a=1')).toBe('/pog');
    expect(resolveTo('?tab=mine', '/k-drop/campaigns', '?tab=all')).toBe('/k-drop/campaigns?tab=mine');
    expect(resolveTo('#top', '/privacy-policy', '?header=false')).toBe('/privacy-policy?header=false#top');
    expect(resolveTo({ pathname: '/privacy-policy', search: '?footer=false' }, '/x', '')).toBe(
      '/privacy-policy?footer=false',
    );
    expect(resolveTo({ search: 'a=1', hash: 'b' }, '/legal', '')).toBe('/legal?a=1#b');
  });

  it('a tab is active at its page and under it (not with `end`), as React Router NavLink was', () => {
    expect(isActivePath('/pog/mint', '/pog')).toBe(true);
    expect(isActivePath('/pog/mint', '/pog', true)).toBe(false);
    expect(isActivePath('/POG', '/pog')).toBe(true);
    expect(isActivePath('/pog-showcase', '/pog')).toBe(false);
    expect(isActivePath('/home', '/')).toBe(false);
  });
});

describe('server rendering at an address', () => {
  it('reads the pathname, query and hash; no state, and the first entry key `default`', () => {
    expect(render(<Where />, '/legal?header=false#top')).toContain(
      JSON.stringify({
        pathname: '/legal',
        search: '?header=false',
        hash: '#top',
        state: null,
        key: 'default',
      }).replaceAll('"', '&quot;'),
    );
  });

  it('renders the matched route with its params; links carry the base', () => {
    const html = render(
      <>
        <Routes
          routes={[
            { path: '/klash', element: <Param name="tournament" /> },
            { path: '/klash/:tournament', element: <Param name="tournament" /> },
          ]}
        />
        <Link to="/home">home</Link>
        <Href to="/buy-kcash/" />
      </>,
      '/tma/klash/summer-cup',
      '/tma',
    );
    expect(html).toContain('<i>summer-cup</i>');
    expect(html).toContain('<a href="/tma/home">home</a>');
    expect(html).toContain('<b>/tma/buy-kcash/</b>');
  });

  it('a NavLink says aria-current="page" on its page', () => {
    const html = render(
      <>
        <NavLink to="/pog" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          POG
        </NavLink>
        <NavLink to="/home" className={({ isActive }) => (isActive ? 'on' : 'off')}>
          Home
        </NavLink>
      </>,
      '/pog/leaderboard',
    );
    expect(html).toContain('<a aria-current="page" href="/pog" class="on">POG</a>');
    expect(html).toContain('<a href="/home" class="off">Home</a>');
  });
});
