import { locationRoutes } from '@khel/core/contract';
import { getCountries } from '@khel/core/countries';
import { Hono } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { locateIp } from './location.ts';
import { citiesOf, collegesOf } from './location-lists.ts';

/**
 * Where a person is and the lists the profile form picks from. All public: the website and the Mini
 * App place visitors too (India vs international, SPEC §6) before anyone signs in.
 */
export function locationRouter() {
  const app = new Hono<AppEnv>();

  mount(app, locationRoutes.location, async ({ c, query }) => {
    return { data: locateIp(query.ip ?? clientIp(c)) };
  });

  mount(app, locationRoutes.countries, async ({ c }) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return { data: getCountries().map((country) => ({ ...country, names: { ...country.names } })) };
  });

  mount(app, locationRoutes.cities, async ({ c, query }) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return { data: { country: query.country, items: [...citiesOf(query.country)] } };
  });

  mount(app, locationRoutes.colleges, async ({ c, query }) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return { data: { country: query.country, items: [...collegesOf(query.country)] } };
  });

  return app;
}
