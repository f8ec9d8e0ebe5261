import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { ANALYTICS_EMPTY_MESSAGE } from './system.routes.ts';

const OPS_TOKEN = 'ops-token-for-tests-0123456789abcdef';

describe.each(DB_KINDS)('system routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { OPS_TOKEN });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /health answers ok with a request id and security headers, and tells nobody about the deployment', async () => {
    const res = await ctx.json('/health');
    expect(res.body).toEqual({ success: true, status: 200, data: { status: 'ok' }, message: 'OK' });
    expect(res.headers.get('x-request-id')).toEqual(expect.any(String));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('GET /health/ready checks the database; only the operator token sees the database kind and uptime', async () => {
    const anonymous = await ctx.json('/health/ready');
    expect(anonymous.body).toEqual({ success: true, status: 200, data: { status: 'ok' }, message: 'OK' });
    const wrong = await ctx.json('/health/ready', { headers: { authorization: `Bearer ${'x'.repeat(32)}` } });
    expect(wrong.body.data).toEqual({ status: 'ok' });
    const operator = await ctx.json('/health/ready', { headers: { authorization: `Bearer ${OPS_TOKEN}` } });
    expect(operator.body.data).toMatchObject({
      status: 'ok',
      database: kind,
      uptimeSeconds: expect.any(Number),
      version: expect.any(String),
    });
  });

  it('unknown paths are a 404 envelope', async () => {
    const res = await ctx.json('/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, status: 404, data: null, message: 'Not found' });
  });

  it('the OpenAPI document is generated from the contract', async () => {
    const res = await ctx.app.request('/openapi.json');
    const doc = (await res.json()) as { openapi: string; paths: Record<string, Record<string, any>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/authentication/register',
        '/api/authentication/verify',
        '/api/authentication/telegram',
        '/api/authentication/token/refresh',
        '/api/users/me/profile',
        '/api/health',
      ]),
    );
    const body =
      doc.paths['/api/authentication/register']?.post?.requestBody.content['application/json'].schema;
    expect(body.required).toContain('phone');
    const docs = await ctx.app.request('/docs');
    expect(await docs.text()).toContain('/api/authentication/verify');
  });

  it('CORS allows the website origin and refuses others', async () => {
    const allowed = await ctx.app.request('/health', { headers: { origin: 'http://localhost:8080' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:8080');
    const other = await ctx.app.request('/health', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('analytics gateway stores an event; empty data is refused', async () => {
    const details = JSON.stringify({ userId: 'u1', device: 'Mobile', entryPoint: 'Home_Page' });
    const q = new URLSearchParams({ eventName: 'page_view', eventId: 'e-1', details });
    const res = await ctx.json(`/analytics/event?${q}`);
    expect(res.status).toBe(202);
    const rows = await ctx.deps.db.query.analyticsEvents.findMany();
    expect(rows.at(-1)).toMatchObject({ eventName: 'page_view', details: { device: 'Mobile' } });

    const empty = await ctx.json(
      `/analytics/event?${new URLSearchParams({ eventName: 'x', eventId: 'e', details: '{}' })}`,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(ANALYTICS_EMPTY_MESSAGE);
    const notStrings = await ctx.json(
      `/analytics/event?${new URLSearchParams({ eventName: 'x', eventId: 'e', details: '{"n":1}' })}`,
    );
    expect(notStrings.status).toBe(400);
    expect(await ctx.deps.db.query.analyticsEvents.findMany()).toHaveLength(rows.length);
  });
});

describe('development init data', () => {
  it('is signed only for the generated development bot token, never for a configured one', async () => {
    const ctx = await createTestContext('pglite');
    try {
      // The test context configures TELEGRAM_BOT_TOKEN, so the endpoint must refuse.
      const res = await ctx.json('/dev/telegram-init-data');
      expect(res.status).toBe(404);
    } finally {
      await ctx.close();
    }
  });

  it('without a configured token, the development token signs init data that the sign-in accepts', async () => {
    const ctx = await createTestContext('pglite', undefined, { TELEGRAM_BOT_TOKEN: undefined });
    try {
      const signed = await ctx.json('/dev/telegram-init-data?userId=4242&firstName=Dev&startParam=earnings');
      expect(signed.status).toBe(200);
      const raw: string = signed.body.data.initDataRaw;
      expect(new URLSearchParams(raw).get('start_param')).toBe('earnings');
      const res = await ctx.json('/authentication/telegram', {
        method: 'POST',
        headers: { authorization: `tma ${raw}` },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.user).toMatchObject({ telegramId: '4242', firstName: 'Dev' });
    } finally {
      await ctx.close();
    }
  });
});
