import { describe, expect, it } from 'vitest';
import * as contract from './all.ts';
import { type RouteDef, routes, storeRoutes } from './index.ts';

const groups = Object.entries(contract).filter(([name]) => name.endsWith('Routes')) as [
  string,
  Record<string, RouteDef>,
][];

describe('the route table', () => {
  it('holds every route of every `…Routes` export of the contract, once', () => {
    expect(groups.map(([name]) => name)).toEqual(
      expect.arrayContaining(['storeRoutes', 'systemRoutes', 'kycRoutes']),
    );
    const all = groups.flatMap(([, group]) => Object.entries(group));
    expect(Object.keys(routes)).toHaveLength(all.length);
    for (const [name, route] of all) expect(routes[name as keyof typeof routes]).toBe(route);
  });

  it('holds only route definitions', () => {
    for (const route of Object.values(routes) as RouteDef[]) {
      expect(route.method).toMatch(/^(GET|POST|PUT|PATCH|DELETE)$/);
      expect(route.path).toMatch(/^\//);
    }
  });

  it('is typed by route name', () => {
    expect(routes.storePurchase).toBe(storeRoutes.storePurchase);
  });
});
