import { PHONE_INVALID_MESSAGE } from '@khel/core/validation';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../test-support.ts';
import { coded, withMessageCode } from './http.ts';
import { UNAUTHORIZED_MESSAGE } from './route.ts';

describe('withMessageCode', () => {
  it("puts the message's code in the data, merges it into object data and keeps an existing code", () => {
    expect(withMessageCode(null, UNAUTHORIZED_MESSAGE)).toEqual({ code: 'UNAUTHORIZED' });
    expect(withMessageCode({ issues: [] }, PHONE_INVALID_MESSAGE)).toEqual({
      issues: [],
      code: 'PHONE_INVALID',
    });
    expect(withMessageCode({ code: 'INSUFFICIENT_FUNDS', currency: 'USDT' }, 'Not enough USDT')).toEqual({
      code: 'INSUFFICIENT_FUNDS',
      currency: 'USDT',
      messageCode: 'NOT_ENOUGH_USDT',
    });
    expect(withMessageCode({ code: 'IN_PROGRESS' }, 'Conflict: Resource already in progress')).toEqual({
      code: 'IN_PROGRESS',
    });
    expect(withMessageCode(null, 'A sentence the catalogue does not hold.')).toBeNull();
    expect(withMessageCode(null, coded('POG_NOT_MINTED'))).toEqual({ code: 'POG_NOT_MINTED' });
  });
});

describe.each(DB_KINDS)('error answers carry their message code on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a refusal without a session: 401 with data.code UNAUTHORIZED, the envelope otherwise unchanged', async () => {
    const res = await ctx.json('/users/me/profile');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      success: false,
      status: 401,
      data: { code: 'UNAUTHORIZED' },
      message: UNAUTHORIZED_MESSAGE,
    });
  });

  it('a validation refusal keeps its issues and adds the code of its message', async () => {
    const res = await ctx.json('/authentication/register', { body: { phone: '12345' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      success: false,
      message: PHONE_INVALID_MESSAGE,
      data: { code: 'PHONE_INVALID', issues: [expect.objectContaining({ message: PHONE_INVALID_MESSAGE })] },
    });
  });

  it('a message outside the catalogue keeps its data as it was', async () => {
    const res = await ctx.json('/no/such/thing');
    expect(res.body).toEqual({ success: false, status: 404, data: null, message: 'Not found' });
  });
});
