import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { signupCountryOf } from './auth-support.ts';

/** signupCountryOf behind a proxy that says who the client is (TRUST_PROXY), as the website's visitors are placed. */
function app(trustProxy: boolean) {
  const hono = new Hono<AppEnv>();
  hono.use(async (c, next) => {
    c.set('deps', { env: { TRUST_PROXY: trustProxy } } as unknown as AppDeps);
    await next();
  });
  hono.get('/', (c) => c.json({ country: signupCountryOf(c, c.req.query('lang')) }));
  return hono;
}

const countryOf = async (hono: Hono<AppEnv>, ip: string | null, lang?: string) => {
  const res = await hono.request(lang ? `/?lang=${lang}` : '/', {
    headers: ip ? { 'x-forwarded-for': ip } : {},
  });
  return ((await res.json()) as { country: string | null }).country;
};

describe('signupCountryOf', () => {
  it('the IP country first, then the Telegram language, else null', async () => {
    const proxied = app(true);
    expect(await countryOf(proxied, '49.36.0.1', 'pt-br')).toBe('IN');
    expect(await countryOf(proxied, '200.160.2.3', 'hi')).toBe('BR');
    // A private address places no one: the language does.
    expect(await countryOf(proxied, '10.1.2.3', 'pt-br')).toBe('BR');
    expect(await countryOf(proxied, null, 'hi')).toBe('IN');
    expect(await countryOf(proxied, null, 'en')).toBeNull();
    expect(await countryOf(proxied, null)).toBeNull();
    // Without a trusted proxy a forwarded address is not believed.
    expect(await countryOf(app(false), '49.36.0.1', 'pt-br')).toBe('BR');
  });
});
