import { schema } from '@khel/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../test-support.ts';
import { createLogger, errorFields, statementName } from './logger.ts';

describe('statementName', () => {
  it('names the statement by its verb and table, nothing more', () => {
    expect(statementName('insert into "analytics_events" ("ip_address") values ($1)')).toBe(
      'insert into analytics_events',
    );
    expect(statementName('select "id", "phone" from "users" where "users"."phone" = $1')).toBe(
      'select users',
    );
    expect(statementName('update "jobs" set "locked_until" = $1')).toBe('update jobs');
    expect(statementName('delete from "otp_codes" where x = $1')).toBe('delete from otp_codes');
    expect(statementName('vacuum')).toBe('sql');
  });
});

describe.each(DB_KINDS)('errorFields on a real %s error', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('logs the statement name and code, never a parameter or an absolute path', async () => {
    const secretIp = '203.0.113.77';
    const secretAgent = 'AgentOfSomeone/9.9 (private device)';
    let caught: unknown;
    try {
      await ctx.deps.db.insert(schema.analyticsEvents).values({
        eventName: 'x',
        eventId: 'not-used',
        details: { a: 'b' },
        ipAddress: secretIp,
        userAgent: secretAgent,
        // A NUL byte: PostgreSQL refuses it in text.
        gameId: 'bad\u0000value',
      });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(String((caught as Error).message)).toContain(secretIp); // what drizzle would have logged
    const lines: string[] = [];
    createLogger('debug', {}, (l) => lines.push(l)).error('unhandled error', errorFields(caught));
    const line = lines.join('\n');
    expect(line).toContain('insert into analytics_events');
    expect(line).not.toContain(secretIp);
    expect(line).not.toContain(secretAgent);
    expect(line).not.toContain('/work/');
    expect(line).not.toMatch(/"\/(?:home|root|tmp|usr|work)\//);
    expect(JSON.parse(line).stack.length).toBeGreaterThan(0);
  });

  it('keeps the message of an error of ours', () => {
    expect(errorFields(new Error('No handler for job kind "x"'))).toMatchObject({
      errorName: 'Error',
      error: 'No handler for job kind "x"',
    });
  });
});
