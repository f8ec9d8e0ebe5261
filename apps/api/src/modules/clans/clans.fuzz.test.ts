import {
  announcementBody,
  botTelegramGroupBody,
  clanChiefRegistrationBody,
  clanListQuery,
  clanMemberSearchQuery,
  clanOtpSendBody,
  clanOtpVerifyBody,
  clanSearchQuery,
  createClanBody,
  handoverBody,
  updateClanBody,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { z } from 'zod';
import {
  anyText,
  asQuery,
  captureLogs,
  encodeComponent,
  hostileText,
  type LogCapture,
} from '../../hostile-input.test-support.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { botAuth, clanOf, clanTablesSnapshot, gamer } from './clans.test-support.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

/**
 * The clan endpoints (website, Mini App and the bot's console) fed what their contract schemas refuse, hostile
 * path params and queries, and well-formed requests the rules must refuse (an unknown clan or member, a non-chief,
 * someone already in a clan): the answer is always a 4xx envelope, nothing is logged at error level, and no clan
 * table (nor the outbox) changes.
 */
describe.each(DB_KINDS)('clan endpoints, bad input, %s (fast-check)', (kind) => {
  let ctx: TestContext;
  let logs: LogCapture;
  let chief: Awaited<ReturnType<typeof gamer>>;
  let member: Awaited<ReturnType<typeof gamer>>;
  let asker: Awaited<ReturnType<typeof gamer>>;
  let loner: Awaited<ReturnType<typeof gamer>>;
  let clanId: string;

  beforeAll(async () => {
    logs = captureLogs();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {}, { logger: logs.logger });
    [chief, member, asker, loner] = [await gamer(ctx), await gamer(ctx), await gamer(ctx), await gamer(ctx)];
    await ctx.deps.db.insert(schema.clanChiefRegistrations).values({
      userId: chief.user.id,
      email: 'chief@example.com',
      chiefCity: 'Pune',
      collegeName: 'COEP',
      phoneNumber: '+919800000001',
      phoneVerifiedAt: ctx.now(),
    });
    const clan = await clanOf(ctx, chief.user.id, { name: 'Fuzz Crew' });
    clanId = clan.id;
    await ctx.json(`/platform-clans/${clanId}/join`, { method: 'POST', headers: member.auth });
    await ctx.deps.db.update(schema.clans).set({ joinPolicy: 'APPROVAL' }).where(eq(schema.clans.id, clanId));
    await ctx.json(`/platform-clans/${clanId}/join`, { method: 'POST', headers: asker.auth });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    expect(logs.take().filter((l) => l.level === 'error')).toEqual([]);
  });

  const expectEnvelope4xx = (res: { status: number; body: any }, what: string) => {
    expect(res.status, what).toBeGreaterThanOrEqual(400);
    expect(res.status, what).toBeLessThan(500);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'message', 'status', 'success']);
    expect(res.body).toMatchObject({ success: false, status: res.status, message: expect.any(String) });
    expect(JSON.stringify(res.body)).not.toMatch(/at .+\.ts:\d+/);
  };

  // Judged as the server receives it: JSON drops a key whose value is undefined ({ text: '!', extra:
  // undefined } is refused by a strict schema here, but arrives as a valid { text: '!' }).
  const onTheWire = (value: unknown): unknown => {
    const json = JSON.stringify(value);
    return json === undefined ? null : JSON.parse(json);
  };
  const refusedBy = (schemaOf: z.ZodType) => (value: unknown) =>
    !schemaOf.safeParse(onTheWire(value)).success;
  const bodiesFor = (keys: string[]) =>
    fc.oneof(
      fc.anything(),
      fc.dictionary(fc.constantFrom(...keys, 'extra'), fc.anything(), { maxKeys: 4 }),
      fc.dictionary(fc.constantFrom(...keys), anyText({ maxLength: 40 }), { maxKeys: 4 }),
      fc.dictionary(fc.constantFrom(...keys), hostileText, { maxKeys: 3 }),
    );

  type Who = 'chief' | 'member' | 'loner' | 'bot-chief' | 'bot-member';
  async function headersOf(who: Who): Promise<Record<string, string>> {
    if (who === 'bot-chief') return botAuth(ctx, chief.telegramId);
    if (who === 'bot-member') return botAuth(ctx, member.telegramId);
    return { chief, member, loner }[who].auth;
  }
  const send = async (method: string, path: string, body: unknown, who: Who) =>
    ctx.json(path, { method, body: JSON.stringify(body) ?? 'null', headers: await headersOf(who) });

  const jsonEndpoints: { method: string; path: () => string; schema: z.ZodType; keys: string[]; who: Who }[] =
    [
      {
        method: 'POST',
        path: () => '/platform-clans',
        schema: createClanBody,
        keys: ['clanName', 'city', 'country', 'description', 'logoImageId', 'bannerImageId', 'joinPolicy'],
        who: 'loner',
      },
      {
        method: 'PATCH',
        path: () => '/platform-clans/me',
        schema: updateClanBody,
        keys: ['description', 'city', 'logoImageId', 'bannerImageId', 'joinPolicy', 'dashboardType'],
        who: 'chief',
      },
      {
        method: 'PUT',
        path: () => '/platform-clans/registration',
        schema: clanChiefRegistrationBody,
        keys: ['email', 'chiefCity', 'collegeName', 'referrerPhoneNumber'],
        who: 'loner',
      },
      {
        method: 'POST',
        path: () => '/platform-clans/otp',
        schema: clanOtpSendBody,
        keys: ['phone'],
        who: 'loner',
      },
      {
        method: 'POST',
        path: () => '/platform-clans/otp/verify',
        schema: clanOtpVerifyBody,
        keys: ['phone', 'otp'],
        who: 'loner',
      },
      {
        method: 'POST',
        path: () => '/platform-clans/me/handover',
        schema: handoverBody,
        keys: ['userId'],
        who: 'chief',
      },
      {
        method: 'POST',
        path: () => '/platform-clans/me/announcements',
        schema: announcementBody,
        keys: ['text'],
        who: 'chief',
      },
      {
        method: 'POST',
        path: () => `/bot/clans/${clanId}/announcements`,
        schema: announcementBody,
        keys: ['text'],
        who: 'bot-chief',
      },
      {
        method: 'PUT',
        path: () => `/bot/clans/${clanId}/telegram-group`,
        schema: botTelegramGroupBody,
        keys: ['chatId', 'title'],
        who: 'bot-chief',
      },
    ];

  it('bodies their schema refuses: a 4xx envelope and no clan table changed', async () => {
    const before = await clanTablesSnapshot(ctx);
    for (const e of jsonEndpoints) {
      await fc.assert(
        fc.asyncProperty(bodiesFor(e.keys).filter(refusedBy(e.schema)), async (body) => {
          expectEnvelope4xx(await send(e.method, e.path(), body, e.who), `${e.method} ${e.path()}`);
        }),
        { numRuns: RUNS },
      );
    }
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
  });

  it('hostile or unknown ids in the path: a 4xx envelope and nothing changed', async () => {
    const before = await clanTablesSnapshot(ctx);
    const ids = fc.oneof(
      fc.uuid(),
      hostileText.filter((s) => s.length > 0),
      fc.constantFrom('me', '..', '%00', 'null', '-1', '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6fX'),
    );
    const routes: [string, (id: string) => string, Who][] = [
      ['POST', (id) => `/platform-clans/${id}/join`, 'loner'],
      ['DELETE', (id) => `/platform-clans/${id}/join`, 'loner'],
      ['GET', (id) => `/platform-clans/${id}`, 'loner'],
      ['GET', (id) => `/platform-clans/${id}/members`, 'loner'],
      ['GET', (id) => `/platform-clans/${id}/images/logo`, 'loner'],
      ['POST', (id) => `/platform-clans/me/requests/${id}/approve`, 'chief'],
      ['POST', (id) => `/platform-clans/me/requests/${id}/refuse`, 'chief'],
      ['DELETE', (id) => `/platform-clans/me/members/${id}`, 'chief'],
      ['POST', (id) => `/bot/clans/${clanId}/requests/${id}/approve`, 'bot-chief'],
      ['DELETE', (id) => `/bot/clans/${clanId}/members/${id}`, 'bot-chief'],
      ['POST', (id) => `/bot/clans/${id}/requests/${asker.user.id}/approve`, 'bot-chief'],
      ['PUT', (id) => `/bot/clans/${id}/telegram-group`, 'bot-chief'],
    ];
    for (const [method, path, who] of routes) {
      await fc.assert(
        fc.asyncProperty(ids, async (id) => {
          const p = path(encodeComponent(id));
          const body = method === 'PUT' ? { chatId: -1001, title: 'x' } : undefined;
          const res = await ctx.json(p, {
            method,
            headers: await headersOf(who),
            ...(body ? { body } : {}),
          });
          expectEnvelope4xx(res, `${method} ${p}`);
        }),
        { numRuns: RUNS },
      );
    }
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
  });

  it('queries their schema refuses: a 400 envelope', async () => {
    const queries: [string, z.ZodType, string[]][] = [
      ['/platform-clans/list', clanListQuery, ['page', 'limit']],
      ['/platform-clans/search', clanSearchQuery, ['q', 'page', 'limit']],
      [`/platform-clans/${clanId}/members/search`, clanMemberSearchQuery, ['username']],
    ];
    for (const [path, schemaOf, keys] of queries) {
      await fc.assert(
        fc.asyncProperty(
          fc
            .dictionary(fc.constantFrom(...keys, 'x'), fc.oneof(anyText({ maxLength: 40 }), hostileText), {
              maxKeys: 3,
            })
            .filter(refusedBy(schemaOf)),
          async (query) => {
            const qs = new URLSearchParams(asQuery(query)).toString();
            expectEnvelope4xx(await ctx.json(`${path}?${qs}`), `${path}?${qs}`);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });

  it('well-formed requests the rules refuse change nothing', async () => {
    const before = await clanTablesSnapshot(ctx);
    const names = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{2,20}$/);
    await fc.assert(
      fc.asyncProperty(names, fc.constantFrom<Who>('loner', 'chief', 'member'), async (clanName, who) => {
        // No registration (loner, member) or already leading a clan (chief).
        const res = await send('POST', '/platform-clans', { clanName, city: 'Pune', country: 'IN' }, who);
        expectEnvelope4xx(res, 'create');
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(fc.uuid(), anyText({ minLength: 1, maxLength: 100 }), async (userId, text) => {
        expectEnvelope4xx(await send('POST', '/platform-clans/me/handover', { userId }, 'chief'), 'handover');
        expectEnvelope4xx(
          await send('POST', '/platform-clans/me/handover', { userId }, 'member'),
          'handover',
        );
        expectEnvelope4xx(await send('POST', '/platform-clans/me/leave', undefined, 'chief'), 'leave');
        expectEnvelope4xx(await send('DELETE', '/platform-clans/me', undefined, 'chief'), 'delete');
        expectEnvelope4xx(await send('POST', `/platform-clans/${clanId}/join`, undefined, 'member'), 'join');
        if (text.trim())
          expectEnvelope4xx(
            await send('POST', `/bot/clans/${clanId}/announcements`, { text }, 'bot-member'),
            'bot announce',
          );
        expectEnvelope4xx(
          await send(
            'POST',
            `/bot/clans/${clanId}/requests/${asker.user.id}/approve`,
            undefined,
            'bot-member',
          ),
          'bot approve',
        );
      }),
      { numRuns: RUNS },
    );
    expect(await clanTablesSnapshot(ctx)).toEqual(before);
  });
});
