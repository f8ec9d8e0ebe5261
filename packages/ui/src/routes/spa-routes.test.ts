import { isSpaRoute, SPA_ROUTE_PATTERNS } from '@khel/core/spa-routes';
import { describe, expect, it } from 'vitest';
import { matchPath } from '../routing/index.ts';
import {
  CAMPAIGN_PATHS,
  CLAN_PATHS,
  GROWTH_PATHS,
  KLASH_PATHS,
  LEGAL_ROUTES,
  POG_PATHS,
  SCREEN_PATHS,
} from './route-table.ts';

// The server answers 404 for paths @khel/core's isSpaRoute does not know (apps/api static.ts); the
// apps route this table with @khel/ui/routing. Both must agree, or a page would show the not-found
// screen with status 200, or a real page come with a 404.
const ROUTED = [
  ...Object.values(SCREEN_PATHS),
  ...Object.values(CAMPAIGN_PATHS),
  ...Object.values(CLAN_PATHS),
  ...Object.values(POG_PATHS),
  ...Object.values(KLASH_PATHS),
  ...Object.values(GROWTH_PATHS),
  ...LEGAL_ROUTES.map((r) => r.path),
];
const routerMatches = (pathname: string) => ROUTED.some((pattern) => matchPath(pattern, pathname));

/** Addresses built from each pattern: itself, with a trailing slash, in capitals, one segment more… */
function samples(pattern: string): string[] {
  const filled = pattern.replace(/:[^/]+/g, 'sample-1');
  const withoutParam = pattern.replace(/\/:[^/]+/g, '');
  return [
    filled,
    `${filled}/`,
    `${filled}//`,
    `/${filled}`,
    filled.toUpperCase(),
    `${filled}/extra`,
    `${filled}x`,
    withoutParam,
    `${withoutParam}/`,
    `/x${filled}`,
  ];
}

describe('the server knows the paths the apps route', () => {
  it('the route table is made of exactly the patterns of @khel/core/spa-routes', () => {
    expect([...ROUTED].sort()).toEqual([...SPA_ROUTE_PATTERNS].sort());
  });

  it('isSpaRoute agrees with the router of the apps on every pattern and its near misses', () => {
    const addresses = [
      ...new Set([...ROUTED.flatMap(samples), '/no/such/page', '/tma', '/index.html', '/assets/x.js']),
    ];
    const disagreements = addresses.filter((path) => isSpaRoute(path) !== routerMatches(path));
    expect(disagreements).toEqual([]);
    expect(addresses.filter(isSpaRoute).length).toBeGreaterThan(ROUTED.length);
    expect(addresses.filter((path) => !isSpaRoute(path)).length).toBeGreaterThan(ROUTED.length);
  });
});
