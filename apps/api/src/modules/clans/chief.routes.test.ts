import {
  CLAN_ALREADY_IN_CLAN_MESSAGE,
  CLAN_ERROR_CODES,
  CLAN_IMAGE_NOT_FOUND_MESSAGE,
  CLAN_NAME_MESSAGE,
  CLAN_NAME_TAKEN_MESSAGE,
  CLAN_NOT_CHIEF_MESSAGE,
  CLAN_PHONE_NOT_VERIFIED_MESSAGE,
  CLAN_RECREATE_TOO_EARLY_MESSAGE,
  CLAN_REGISTRATION_REQUIRED_MESSAGE,
  CLAN_TIER_THRESHOLDS,
} from '@khel/core/contract';
import { JPEG_ONLY_MESSAGE } from '@khel/core/validation';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, lastOtp, type TestContext } from '../../test-support.ts';
import { app1Segments, makeJpeg, makePng, randomIndianPhone } from '../profile/profile.test-support.ts';
import { isInClan } from '../quests/validators/internal-checks.ts';
import { authNow, clanOf, clanRow, DAY, eventsOf, gamer, membersOfClan } from './clans.test-support.ts';
import { formatClanDate } from './clans.ts';

type Auth = { authorization: string };

describe.each(DB_KINDS)('becoming a clan chief and creating a clan on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { PUBLIC_URL: 'https://khel.test' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const send = (method: string, path: string, auth: Auth, body?: unknown) =>
    ctx.json(path, { method, headers: auth, ...(body === undefined ? {} : { body }) });

  async function upload(auth: Auth, bytes: Buffer, imageKind?: string, type = 'image/jpeg') {
    const form = new FormData();
    form.append('file', new File([new Uint8Array(bytes)], 'pic.jpg', { type }));
    if (imageKind) form.append('kind', imageKind);
    const res = await ctx.app.request('/platform-clans/images', {
      method: 'POST',
      headers: auth,
      body: form,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  /** A gamer with a complete registration and a phone verified through the OTP routes. */
  async function registeredChief() {
    const g = await gamer(ctx, { college: 'IIT Bombay', city: 'Mumbai', country: 'IN' });
    const phone = randomIndianPhone();
    expect((await send('POST', '/platform-clans/otp', g.auth, { phone })).status).toBe(200);
    const verified = await send('POST', '/platform-clans/otp/verify', g.auth, {
      phone,
      otp: await lastOtp(ctx, phone),
    });
    expect(verified.status).toBe(200);
    const saved = await send('PUT', '/platform-clans/registration', g.auth, {
      email: 'chief@example.com',
      chiefCity: 'Mumbai',
      collegeName: 'IIT Bombay',
    });
    expect(saved.body.data.complete).toBe(true);
    return { ...g, phone };
  }

  let names = 0;
  const clanBody = (fields: Record<string, unknown> = {}) => ({
    clanName: `Night Owls ${++names}${Math.floor(Math.random() * 1e4)}`,
    city: 'Mumbai',
    country: 'in',
    description: 'Late-night BGMI squad',
    ...fields,
  });

  it('answers the settings and the handbook', async () => {
    const res = await ctx.json('/platform-clans/config');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      minDaysBeforeClanDelete: 7,
      minDaysToJoinClanAfterLeaving: 3,
      minDaysToRecreateClanAfterDelete: 30,
      memberCap: 50,
      dashboardTypes: ['k_drop', 'k_quest'],
      handbookUrl: '/clan-handbook/en.pdf',
    });
    expect(res.body.data.tiers).toContainEqual({ tier: 'Gold', minScore: CLAN_TIER_THRESHOLDS.Gold });
  });

  it('registers a chief: the phone verified by OTP goes into the registration, not the account', async () => {
    // An account with no phone (Telegram, Google, a wallet): the chief's phone is verified by a code.
    const g = await gamer(ctx, { phoneNumber: null });
    expect((await ctx.json('/platform-clans/registration', { headers: g.auth })).status).toBe(404);
    const phone = randomIndianPhone();
    const sent = await send('POST', '/platform-clans/otp', g.auth, { phone });
    expect(sent.status).toBe(200);
    // The sign-in codes' limits: no second code within 180 s.
    expect((await send('POST', '/platform-clans/otp', g.auth, { phone })).status).toBe(429);
    const wrong = await send('POST', '/platform-clans/otp/verify', g.auth, { phone, otp: '000000' });
    const code = await lastOtp(ctx, phone);
    if (code !== '000000') expect(wrong.status).toBe(400);
    const ok = await send('POST', '/platform-clans/otp/verify', g.auth, { phone, otp: code });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('phone number successfully verified');
    expect(ok.body.data).toMatchObject({ phoneNumber: phone, phoneVerified: true, complete: false });
    const [account] = await ctx.deps.db.select().from(schema.users).where(eq(schema.users.id, g.user.id));
    expect(account!.phoneNumber).toBeNull();

    // Another account may register with a phone an account already has (SPEC §8's 409 is for accounts).
    const owner = await gamer(ctx);
    const other = await gamer(ctx);
    await send('POST', '/platform-clans/otp', other.auth, { phone: owner.user.phoneNumber });
    const reuse = await send('POST', '/platform-clans/otp/verify', other.auth, {
      phone: owner.user.phoneNumber,
      otp: await lastOtp(ctx, owner.user.phoneNumber!),
    });
    expect(reuse.status).toBe(200);
    expect(reuse.body.data.phoneNumber).toBe(owner.user.phoneNumber);

    const bad = await send('PUT', '/platform-clans/registration', g.auth, {
      email: 'nope',
      chiefCity: 'Pune',
    });
    expect(bad.status).toBe(400);
    const saved = await send('PUT', '/platform-clans/registration', g.auth, {
      email: 'chief@example.com',
      chiefCity: 'Pune',
      collegeName: 'COEP',
      referrerPhoneNumber: '+919812345678',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      email: 'chief@example.com',
      chiefCity: 'Pune',
      phoneNumber: phone,
      phoneVerified: true,
      collegeName: 'COEP',
      referrerPhoneNumber: '+919812345678',
      complete: true,
    });
    expect((await ctx.json('/platform-clans/registration', { headers: g.auth })).body.data).toEqual(
      saved.body.data,
    );
  });

  it('a gamer signed in by phone is not asked to verify it again: the registration starts with it, verified', async () => {
    const g = await gamer(ctx);
    const start = await ctx.json('/platform-clans/registration', { headers: g.auth });
    expect(start.status).toBe(200);
    expect(start.body.data).toEqual({
      email: null,
      chiefCity: null,
      phoneNumber: g.user.phoneNumber,
      phoneVerified: true,
      collegeName: null,
      referrerPhoneNumber: null,
      complete: false,
    });
    expect((await ctx.json('/platform-clans/status', { headers: g.auth })).body.data.registration).toEqual(
      start.body.data,
    );
    const saved = await send('PUT', '/platform-clans/registration', g.auth, {
      email: 'phone.chief@example.com',
      chiefCity: 'Chennai',
      collegeName: 'IIT Madras',
    });
    expect(saved.body.data).toMatchObject({
      phoneNumber: g.user.phoneNumber,
      phoneVerified: true,
      complete: true,
    });
    const created = await send('POST', '/platform-clans', g.auth, clanBody());
    expect(created.status).toBe(201);
    // Another number verified by a code is the registration's own, and wins over the account's.
    const h = await gamer(ctx);
    const phone = randomIndianPhone();
    await send('POST', '/platform-clans/otp', h.auth, { phone });
    await send('POST', '/platform-clans/otp/verify', h.auth, { phone, otp: await lastOtp(ctx, phone) });
    expect((await ctx.json('/platform-clans/registration', { headers: h.auth })).body.data.phoneNumber).toBe(
      phone,
    );
  });

  it('refuses to create without a registration, a verified phone, or while in a clan', async () => {
    const g = await gamer(ctx, { phoneNumber: null });
    const none = await send('POST', '/platform-clans', g.auth, clanBody());
    expect(none.status).toBe(403);
    expect(none.body.message).toBe(CLAN_REGISTRATION_REQUIRED_MESSAGE);
    expect(await isInClan(ctx.deps.db, g.user.id)).toBe(false);
    await send('PUT', '/platform-clans/registration', g.auth, {
      email: 'a@example.com',
      chiefCity: 'Pune',
      collegeName: 'COEP',
    });
    const unverified = await send('POST', '/platform-clans', g.auth, clanBody());
    expect(unverified.status).toBe(403);
    expect(unverified.body.message).toBe(CLAN_PHONE_NOT_VERIFIED_MESSAGE);

    const chief = await registeredChief();
    const other = await clanOf(ctx, (await gamer(ctx)).user.id);
    await send('POST', `/platform-clans/${other.id}/join`, chief.auth);
    const inClan = await send('POST', '/platform-clans', chief.auth, clanBody());
    expect(inClan.status).toBe(409);
    expect(inClan.body.message).toBe(CLAN_ALREADY_IN_CLAN_MESSAGE);
    expect(
      (await send('POST', '/platform-clans', chief.auth, clanBody({ clanName: '$$' }))).body.message,
    ).toBe(CLAN_NAME_MESSAGE);
  });

  it('uploads JPEG logos (square) and banners (3:1) re-encoded without metadata, and serves them', async () => {
    const chief = await registeredChief();
    const png = await upload(chief.auth, await makePng());
    expect(png.status).toBe(415);
    expect(png.body.message).toBe(JPEG_ONLY_MESSAGE);
    const logo = await upload(chief.auth, await makeJpeg(900, 600, { exif: true }), 'logo');
    expect(logo.status).toBe(201);
    expect(logo.body.data).toMatchObject({ kind: 'logo', width: 512, height: 512 });
    const banner = await upload(chief.auth, await makeJpeg(2400, 1200), 'banner');
    expect(banner.body.data).toMatchObject({ kind: 'banner', width: 1500, height: 500 });
    expect((await upload(chief.auth, await makeJpeg(), 'poster')).status).toBe(400);

    // Images must be the user's own, of the right kind.
    const stranger = await gamer(ctx);
    const theirs = await upload(stranger.auth, await makeJpeg(), 'logo');
    const notMine = await send(
      'POST',
      '/platform-clans',
      chief.auth,
      clanBody({ logoImageId: theirs.body.data.id }),
    );
    expect(notMine.status).toBe(400);
    expect(notMine.body.message).toBe(CLAN_IMAGE_NOT_FOUND_MESSAGE);
    const wrongKind = await send(
      'POST',
      '/platform-clans',
      chief.auth,
      clanBody({ logoImageId: banner.body.data.id }),
    );
    expect(wrongKind.status).toBe(400);

    const created = await send(
      'POST',
      '/platform-clans',
      chief.auth,
      clanBody({ logoImageId: logo.body.data.id, bannerImageId: banner.body.data.id }),
    );
    expect(created.status).toBe(201);
    const clan = created.body.data;
    expect(clan.clanLogo).toMatch(
      new RegExp(`^https://khel.test/api/platform-clans/${clan.id}/images/logo\\?v=`),
    );
    const served = await ctx.app.request(`/platform-clans/${clan.id}/images/logo`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe('public, max-age=86400');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(app1Segments(bytes)).toEqual([]);
    expect((await sharp(bytes).metadata()).width).toBe(512);
    const etag = served.headers.get('etag')!;
    const again = await ctx.app.request(`/platform-clans/${clan.id}/images/logo`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    // A clan without a banner, an unknown clan or kind: 404 envelopes.
    const bare = await clanOf(ctx, (await gamer(ctx)).user.id);
    const missing = await ctx.json(`/platform-clans/${bare.id}/images/banner`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, message: CLAN_IMAGE_NOT_FOUND_MESSAGE });
    expect((await ctx.json(`/platform-clans/${clan.id}/images/poster`)).status).toBe(404);

    // The chief changes images and details; others cannot.
    const newLogo = await upload(chief.auth, await makeJpeg(300, 300), 'logo');
    const patched = await send('PATCH', '/platform-clans/me', chief.auth, {
      logoImageId: newLogo.body.data.id,
      bannerImageId: null,
      joinPolicy: 'APPROVAL',
      description: 'Ranked grind',
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({
      joinPolicy: 'APPROVAL',
      description: 'Ranked grind',
      bannerImage: null,
    });
    expect(patched.body.data.clanLogo).not.toBe(clan.clanLogo);
    expect(
      (await send('PATCH', '/platform-clans/me', stranger.auth, { description: 'x' })).body.message,
    ).toBe(CLAN_NOT_CHIEF_MESSAGE);
    expect((await send('PATCH', '/platform-clans/me', chief.auth, {})).status).toBe(400);
  });

  it('creates a clan: the chief is its first member, the college comes from the registration', async () => {
    const chief = await registeredChief();
    const body = clanBody({ joinPolicy: 'APPROVAL', dashboardType: 'k_drop' });
    const res = await send('POST', '/platform-clans', chief.auth, body);
    expect(res.status).toBe(201);
    const clan = res.body.data;
    expect(clan).toMatchObject({
      clanName: body.clanName,
      country: 'IN',
      collegeName: 'IIT Bombay',
      memberCount: 1,
      memberCap: 50,
      joinPolicy: 'APPROVAL',
      dashboardType: 'k_drop',
      tier: 'Bronze',
      viewerRole: 'Chief',
      chief: { userId: chief.user.id },
    });
    expect(clan.invite.startParam).toBe(`clan_${clan.id}`);
    expect((await membersOfClan(ctx, clan.id)).map((m) => [m.userId, m.role])).toEqual([
      [chief.user.id, 'Chief'],
    ]);
    expect((await eventsOf(ctx, clan.id)).map((e) => e.kind)).toEqual(['creation']);
    expect(await isInClan(ctx.deps.db, chief.user.id)).toBe(true);

    const status = await ctx.json('/platform-clans/status', { headers: chief.auth });
    expect(status.body.data).toMatchObject({
      role: 'Chief',
      clan: { id: clan.id },
      registration: { complete: true },
    });
    expect(status.body.data.rules.minDateBeforeClanDelete).toBe(
      new Date(new Date(clan.createdAt).getTime() + 7 * DAY).toISOString(),
    );

    // The name is taken ignoring case, until the clan is deleted.
    const rival = await registeredChief();
    const taken = await send(
      'POST',
      '/platform-clans',
      rival.auth,
      clanBody({ clanName: body.clanName.toUpperCase() }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(CLAN_NAME_TAKEN_MESSAGE);
  });

  it('recreate too early after a delete is refused with the date; allowed from the boundary on', async () => {
    const chief = await registeredChief();
    const first = await send('POST', '/platform-clans', chief.auth, clanBody());
    ctx.advance(7 * DAY);
    const deleted = await send('DELETE', '/platform-clans/me', await authNow(ctx, chief));
    expect(deleted.status).toBe(200);
    const [event] = (await eventsOf(ctx, first.body.data.id)).filter((e) => e.kind === 'delete');
    const availableAt = new Date(event!.at.getTime() + 30 * DAY);

    const rules = await ctx.json('/platform-clans/rules', { headers: chief.auth });
    expect(rules.body.data).toMatchObject({
      minDaysToRecreateClanAfterDelete: 30,
      minDateToRecreateClanAfterDelete: availableAt.toISOString(),
      minDateBeforeClanDelete: null,
      minDateToJoinClanAfterLeaving: null,
    });
    // Its name is free again at once.
    const reuse = await registeredChief();
    expect(
      (await send('POST', '/platform-clans', reuse.auth, clanBody({ clanName: first.body.data.clanName })))
        .status,
    ).toBe(201);

    ctx.advance(29 * DAY);
    const early = await send('POST', '/platform-clans', await authNow(ctx, chief), clanBody());
    expect(early.status).toBe(403);
    expect(early.body.message).toBe(
      CLAN_RECREATE_TOO_EARLY_MESSAGE.replace('{{date}}', formatClanDate(availableAt)),
    );
    expect(early.body.data).toEqual({
      code: CLAN_ERROR_CODES.recreateTooEarly,
      availableAt: availableAt.toISOString(),
    });

    ctx.advance(availableAt.getTime() - ctx.now().getTime());
    const again = await send('POST', '/platform-clans', await authNow(ctx, chief), clanBody());
    expect(again.status).toBe(201);
  });

  it('lists by score, searches by name (prefix first), recommends by college, city, country; members', async () => {
    const tag = `Zq${Math.floor(Math.random() * 1e6)}`;
    const chiefs = await Promise.all([1, 2, 3, 4, 5].map(() => gamer(ctx)));
    const a = await clanOf(ctx, chiefs[0]!.user.id, {
      name: `${tag} Alpha`,
      score: 30_000,
      city: 'Recife',
      country: 'BR',
    });
    const b = await clanOf(ctx, chiefs[1]!.user.id, {
      name: `The ${tag}`,
      score: 900_000,
      collegeName: 'IIT Delhi',
    });
    const c = await clanOf(ctx, chiefs[2]!.user.id, {
      name: `${tag} Gamma`,
      score: 10,
      city: 'Delhi',
      joinPolicy: 'APPROVAL',
    });
    const d = await clanOf(ctx, chiefs[3]!.user.id, { name: `${tag} Delta`, score: 9, city: 'Delhi' });
    const e = await clanOf(ctx, chiefs[4]!.user.id, {
      name: `${tag}_E%`,
      score: 5,
      country: 'BR',
      city: 'Sao Paulo',
    });

    const list = await ctx.json('/platform-clans/list?limit=100');
    expect(list.status).toBe(200);
    const scores = list.body.data.clans.map((x: { score: number }) => x.score);
    expect(scores).toEqual([...scores].sort((x: number, y: number) => y - x));
    expect(list.body.data.clans.map((x: { rank: number }) => x.rank)).toEqual(
      list.body.data.clans.map((_: unknown, i: number) => i + 1),
    );
    const page2 = await ctx.json('/platform-clans/list?limit=1&page=2');
    expect(page2.body.data).toMatchObject({ page: 2, limit: 1, offset: 1 });
    expect(page2.body.data.clans[0].id).toBe(list.body.data.clans[1].id);
    expect((await ctx.json('/platform-clans/list?limit=1000')).status).toBe(400);

    const found = await ctx.json(`/platform-clans/search?q=${tag.toLowerCase()}`);
    expect(found.body.data.clans.map((x: { id: string }) => x.id)).toEqual([a.id, c.id, d.id, e.id, b.id]);
    expect(found.body.data.total).toBe(5);
    const tier = found.body.data.clans.find((x: { id: string }) => x.id === a.id).tier;
    expect(tier).toBe('Diamond');
    // LIKE characters match themselves.
    const literal = await ctx.json(`/platform-clans/search?q=${encodeURIComponent(`${tag}_E%`)}`);
    expect(literal.body.data.clans.map((x: { id: string }) => x.id)).toEqual([e.id]);
    expect((await ctx.json('/platform-clans/search?q=')).status).toBe(400);

    const reader = await gamer(ctx, { college: 'IIT Delhi', city: 'Delhi', country: 'IN' });
    const rec = await ctx.json('/platform-clans/recommended?limit=100', { headers: reader.auth });
    const order = rec.body.data.clans
      .map((x: { id: string }) => x.id)
      .filter((id: string) => [a.id, b.id, c.id, d.id, e.id].includes(id));
    // College, then city (OPEN before APPROVAL), then country, then the rest by score.
    expect(order).toEqual([b.id, d.id, c.id, a.id, e.id]);
    await send('POST', `/platform-clans/${b.id}/join`, reader.auth);
    const recAfter = await ctx.json('/platform-clans/recommended?limit=100', { headers: reader.auth });
    expect(recAfter.body.data.clans.map((x: { id: string }) => x.id)).not.toContain(b.id);
    // A gamer who told us nothing (no college, city or country) gets every clan, OPEN first, then by score.
    const stranger = await gamer(ctx);
    const recNothing = await ctx.json('/platform-clans/recommended?limit=100', { headers: stranger.auth });
    expect(recNothing.status).toBe(200);
    const plain = recNothing.body.data.clans
      .map((x: { id: string }) => x.id)
      .filter((id: string) => [a.id, b.id, c.id, d.id, e.id].includes(id));
    expect(plain).toEqual([b.id, a.id, d.id, e.id, c.id]);

    const members = await ctx.json(`/platform-clans/${b.id}/members`);
    expect(members.body.data.members.map((m: { role: string }) => m.role)).toEqual(['Chief', 'Member']);
    expect(members.body.data.total).toBe(2);
    const prefix = reader.user.username!.slice(0, 4).toUpperCase();
    const search = await ctx.json(`/platform-clans/${b.id}/members/search?username=${prefix}`);
    expect(search.body.data.members.map((m: { userId: string }) => m.userId)).toContain(reader.user.id);
    expect(
      (await ctx.json(`/platform-clans/${b.id}/members/search?username=zzzzzz`)).body.data.members,
    ).toEqual([]);
    expect((await ctx.json(`/platform-clans/${b.id}/members/search`)).status).toBe(400);
    expect((await ctx.json('/platform-clans/0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f/members')).status).toBe(404);
    expect((await clanRow(ctx, b.id)).memberCount).toBe(2);
  });

  it.runIf(kind === 'postgres')('two chiefs taking one name at once: one clan, the other 409', async () => {
    const [x, y] = [await registeredChief(), await registeredChief()];
    const body = clanBody();
    const answers = await Promise.all(
      [x, y].map((g) => send('POST', '/platform-clans', g.auth, { ...body, clanName: body.clanName })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(CLAN_NAME_TAKEN_MESSAGE);
  });
});
