import { randomUUID } from 'node:crypto';
import { schema } from '@khel/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { clanOf } from '../clans/clans.test-support.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';

const PUBLIC_KEYS = ['avatarUrl', 'clan', 'displayName', 'id', 'pogName', 'pogVariant', 'username'];

/** Every key of every object in a JSON value. */
function keysOf(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysOf(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysOf(v, out);
    }
  return out;
}

describe.each(DB_KINDS)('finding gamers on %s', (kind) => {
  let ctx: TestContext;
  let me: SignedInUser;
  let tag: string;
  const others: SignedInUser[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    tag = `z${randomUUID().replace(/-/g, '').slice(0, 4)}`;
    me = await signedInUser(ctx, { username: `${tag}me`, firstName: 'Me' });
    for (let i = 0; i < 12; i++) {
      others.push(
        await signedInUser(ctx, {
          username: `${tag}p${String(i).padStart(2, '0')}`,
          firstName: `Person${i}`,
          email: `p${i}@example.com`,
          telegramId: String(700_000 + i),
        }),
      );
    }
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('searches by username or first-name prefix, any case, paginated, without the reader', async () => {
    const first = await ctx.json(`/users/search?q=${tag.toUpperCase()}P&limit=5`, { headers: me.auth });
    expect(first.status, first.body.message).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, limit: 5, isLastPage: false });
    expect(first.body.data.users.map((u: any) => u.username)).toEqual(
      [0, 1, 2, 3, 4].map((i) => `${tag}p0${i}`),
    );
    const last = await ctx.json(`/users/search?q=${tag}p&limit=5&page=3`, { headers: me.auth });
    expect(last.body.data.isLastPage).toBe(true);
    expect(last.body.data.users).toHaveLength(2);
    const byName = await ctx.json('/users/search?q=person1', { headers: me.auth });
    expect(byName.body.data.users.map((u: any) => u.username)).toEqual(
      expect.arrayContaining([`${tag}p01`, `${tag}p10`, `${tag}p11`]),
    );
    const self = await ctx.json(`/users/search?q=${tag}me`, { headers: me.auth });
    expect(self.body.data.users).toEqual([]);
    // LIKE wildcards in the text are taken literally.
    expect((await ctx.json('/users/search?q=%25', { headers: me.auth })).status).toBe(400);
    expect((await ctx.json('/users/search?q=_', { headers: me.auth })).body.data.users).toEqual([]);
    expect((await ctx.json('/users/search?q=')).status).toBe(401);
    expect((await ctx.json('/users/search?q=', { headers: me.auth })).status).toBe(400);
  });

  it('uses the prefix indexes (text_pattern_ops) for the search', async () => {
    if (kind !== 'postgres') return;
    await ctx.deps.db.execute(sql`set enable_seqscan = off`);
    const plan = await ctx.deps.db.execute(
      sql`explain select id from users where lower(username) like 'abc%' union select id from users where lower(first_name) like 'abc%'`,
    );
    await ctx.deps.db.execute(sql`reset enable_seqscan`);
    const text = JSON.stringify(plan);
    expect(text).toContain('users_username_prefix_idx');
    expect(text).toContain('users_first_name_prefix_idx');
  });

  it('answers public fields only: no phone, email, KYC, Telegram id or wallet anywhere', async () => {
    const clanChief = others[0]!;
    const clan = await clanOf(ctx, clanChief.user.id, { name: `Clan${tag}` });
    const answers = [
      await ctx.json(`/users/search?q=${tag}`, { headers: me.auth }),
      await ctx.json('/users/batch-details', {
        headers: me.auth,
        body: { ids: others.map((o) => o.user.id) },
      }),
      await ctx.json(`/users/by-username/${tag}P00`),
      await ctx.json('/users/me/recent-searches', {
        headers: me.auth,
        body: { userId: clanChief.user.id },
      }),
    ];
    for (const a of answers) {
      expect(a.status, a.body.message).toBe(200);
      const keys = [...keysOf(a.body.data)].filter(
        (k) => !['users', 'page', 'limit', 'isLastPage', 'name'].includes(k),
      );
      for (const k of keys) expect(PUBLIC_KEYS).toContain(k);
      const text = JSON.stringify(a.body.data);
      expect(text).not.toContain('@example.com');
      expect(text).not.toContain('+91');
      expect(text).not.toContain('700000');
    }
    expect(answers[2]!.body.data).toMatchObject({
      id: clanChief.user.id,
      username: `${tag}p00`,
      clan: { id: clan.id, name: `Clan${tag}` },
      pogVariant: null,
      pogName: null,
    });
  });

  it('finds a userId from a username with a clear 404', async () => {
    const found = await ctx.json(`/users/by-username/${tag}p03`);
    expect(found.body.data.id).toBe(others[3]!.user.id);
    const missing = await ctx.json('/users/by-username/nobody12345');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No gamer has this username.');
    expect((await ctx.json('/users/by-username/%3Cscript%3E')).status).toBe(404);
  });

  it('batch-details caps at 100 ids and leaves unknown ids out, in the order asked', async () => {
    const unknown = randomUUID();
    const res = await ctx.json('/users/batch-details', {
      headers: me.auth,
      body: { ids: [others[2]!.user.id, unknown, others[1]!.user.id, others[2]!.user.id] },
    });
    expect(res.body.data.users.map((u: any) => u.id)).toEqual([others[2]!.user.id, others[1]!.user.id]);
    const tooMany = await ctx.json('/users/batch-details', {
      headers: me.auth,
      body: { ids: Array.from({ length: 101 }, () => randomUUID()) },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Send 1 to 100 user ids.');
    expect((await ctx.json('/users/batch-details', { headers: me.auth, body: { ids: [] } })).status).toBe(
      400,
    );
    expect((await ctx.json('/users/batch-details', { headers: me.auth, body: { ids: ['x'] } })).status).toBe(
      400,
    );
  });

  it('keeps the last ten recent searches, de-duplicated, newest first; clears them', async () => {
    const reader = await signedInUser(ctx, { username: `${tag}rd` });
    for (const o of others) {
      const res = await ctx.json('/users/me/recent-searches', {
        headers: reader.auth,
        body: { userId: o.user.id },
      });
      expect(res.status, res.body.message).toBe(200);
      ctx.advance(1000);
    }
    // Picking one again moves it to the top instead of adding a second row.
    await ctx.json('/users/me/recent-searches', {
      headers: reader.auth,
      body: { userId: others[5]!.user.id },
    });
    const list = await ctx.json('/users/me/recent-searches', { headers: reader.auth });
    const ids = list.body.data.users.map((u: any) => u.id);
    expect(ids).toHaveLength(10);
    expect(new Set(ids).size).toBe(10);
    expect(ids[0]).toBe(others[5]!.user.id);
    expect(ids.slice(1, 4)).toEqual([others[11]!.user.id, others[10]!.user.id, others[9]!.user.id]);
    const [{ n }] = (await ctx.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.userRecentSearches)
      .where(sql`user_id = ${reader.user.id}`)) as [{ n: number }];
    expect(n).toBe(10);
    const unknown = await ctx.json('/users/me/recent-searches', {
      headers: reader.auth,
      body: { userId: randomUUID() },
    });
    expect(unknown.status).toBe(404);
    const cleared = await ctx.json('/users/me/recent-searches', { headers: reader.auth, method: 'DELETE' });
    expect(cleared.body.data.users).toEqual([]);
    expect((await ctx.json('/users/me/recent-searches', { headers: reader.auth })).body.data.users).toEqual(
      [],
    );
  });

  it('rate-limits searching per user', async () => {
    const hasty = await signedInUser(ctx, { username: `${tag}hs` });
    let last = 200;
    for (let i = 0; i < 61; i++)
      last = (await ctx.json(`/users/search?q=${tag}`, { headers: hasty.auth })).status;
    expect(last).toBe(429);
    ctx.advance(61_000);
    expect((await ctx.json(`/users/search?q=${tag}`, { headers: hasty.auth })).status).toBe(200);
  });

  it('lists NFTs (empty, then the minted POG card) and the activity timeline', async () => {
    const holder = await signedInUser(ctx, { username: `${tag}nf` });
    expect((await ctx.json('/users/me/nfts', { headers: holder.auth })).body.data.nfts).toEqual([]);
    expect((await ctx.json('/users/me/activity', { headers: holder.auth })).body.data).toMatchObject({
      items: [],
      isLastPage: true,
    });
    const mintedAt = new Date(ctx.now().getTime() - 60_000);
    await ctx.deps.db.insert(schema.pogCards).values({
      userId: holder.user.id,
      name: `Pog${tag}`,
      nameKey: `pog${tag}`,
      state: 'Minted' as never,
      chain: 'ton',
      network: 'sandbox',
      contract: 'EQContract',
      txHash: 'abc123',
      explorerUrl: null,
      mintedAt,
    });
    const clan = await clanOf(ctx, others[4]!.user.id);
    await ctx.deps.db.insert(schema.clanEvents).values({
      clanId: clan.id,
      userId: holder.user.id,
      kind: 'join',
      at: new Date(mintedAt.getTime() - 60_000),
    });
    const nfts = (await ctx.json('/users/me/nfts', { headers: holder.auth })).body.data.nfts;
    expect(nfts).toEqual([
      expect.objectContaining({ kind: 'pog', name: `Pog${tag}`, chain: 'ton', txHash: 'abc123' }),
    ]);
    expect(nfts[0].imageUrl).toContain(`/pog/cards/Pog${tag}/front.png`);
    // The minted card's name leads from a username to the showcase (/pog-showcase?username=<name>).
    expect((await ctx.json(`/users/by-username/${tag}NF`)).body.data).toMatchObject({
      id: holder.user.id,
      pogVariant: 'Common',
      pogName: `Pog${tag}`,
    });
    const activity = await ctx.json('/users/me/activity?limit=1', { headers: holder.auth });
    expect(activity.body.data.items).toEqual([
      expect.objectContaining({ kind: 'pog_minted', title: `Pog${tag}`, at: mintedAt.toISOString() }),
    ]);
    expect(activity.body.data.isLastPage).toBe(false);
    const second = await ctx.json('/users/me/activity?limit=1&page=2', { headers: holder.auth });
    expect(second.body.data.items[0]).toMatchObject({ kind: 'clan_joined', title: clan.name });
    // Another user's activity is not in mine.
    expect((await ctx.json('/users/me/activity', { headers: me.auth })).body.data.items).toEqual([]);
  });
});
