import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { checkQuestFile } from '../quests/quest-cli.ts';
import { HOUR } from '../quests/quests.test-support.ts';
import { runCli } from './cli.ts';
import { cliThroughApp } from './operators.test-support.ts';
import { createOperator } from './operators.ts';

const questJson = (slug: string, now: Date) => ({
  slug,
  title: 'Operator quest',
  description: 'Made through the operator API.',
  startsAt: new Date(now.getTime() - HOUR).toISOString(),
  endsAt: new Date(now.getTime() + 48 * HOUR).toISOString(),
  totalSlots: 10,
  rewards: { kpoints: '25' },
  tasks: [{ title: 'Enter the code', config: { type: 'special_code', code: 'OPS1' } }],
});

describe.each(DB_KINDS)('the operator API on %s', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    const op = await createOperator(ctx.deps.db, 'asha.ops');
    auth = { authorization: `Operator ${op.token}` };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('refuses without an operator token, with a user token, or with a wrong one', async () => {
    const body = { quest: questJson('ops-none', ctx.now()) };
    expect((await ctx.json('/operator/quests', { body })).status).toBe(401);
    expect(
      (await ctx.json('/operator/quests', { body, headers: { authorization: 'Bearer x.y.z' } })).status,
    ).toBe(401);
    const wrong = await ctx.json('/operator/quests', {
      body,
      headers: { authorization: 'Operator khop_wrong' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Operator credentials are required.');
  });

  it('creates a draft, publishes it, and logs who did each step', async () => {
    const created = await ctx.json('/operator/quests', {
      body: { quest: questJson('ops-draft', ctx.now()) },
      headers: auth,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ slug: 'ops-draft', created: true, published: false });
    expect((await ctx.json('/quest/by-slug/ops-draft')).status).toBe(404);
    const published = await ctx.json('/operator/quests/ops-draft/publish', { body: {}, headers: auth });
    expect(published.status).toBe(200);
    const details = await ctx.json('/quest/by-slug/ops-draft');
    expect(details.body.data).toMatchObject({ status: 'LIVE', remainingSlots: 10 });
    const log = await ctx.json('/operator/actions?limit=5', { headers: auth });
    expect(log.body.data.actions.slice(0, 2)).toMatchObject([
      { actor: 'asha.ops', action: 'quest.publish', target: 'ops-draft' },
      { actor: 'asha.ops', action: 'quest.create', target: 'ops-draft' },
    ]);
  });

  it('refuses a quest that breaks the contract, naming the field, and changes nothing', async () => {
    const bad = {
      ...questJson('ops-bad', ctx.now()),
      tasks: [{ title: 'x', config: { type: 'capture_login', method: 'fax' } }],
    };
    const res = await ctx.json('/operator/quests', { body: { quest: bad }, headers: auth });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^tasks\.0\.config\.method: /);
    expect(await ctx.deps.db.select().from(schema.quests).where(eq(schema.quests.slug, 'ops-bad'))).toEqual(
      [],
    );
  });

  it('creates games and hubs and refuses a game of an unknown hub', async () => {
    const hub = await ctx.json('/operator/hubs', {
      body: { slug: 'ops-hub', name: 'Ops Hub', logoUrl: '/art/hubs/x.svg', bannerUrl: '/art/hubs/y.svg' },
      headers: auth,
    });
    expect(hub.status).toBe(200);
    const game = await ctx.json('/operator/games', {
      body: {
        slug: 'ops-game',
        name: 'Ops Game',
        genres: ['Racing'],
        platforms: ['Android'],
        coverUrl: '/art/games/x.svg',
        hubSlug: 'ops-hub',
      },
      headers: auth,
    });
    expect(game.status).toBe(200);
    expect(game.body.data).toMatchObject({ slug: 'ops-game', hubSlug: 'ops-hub', networks: ['OffChain'] });
    const orphan = await ctx.json('/operator/games', {
      body: {
        slug: 'ops-orphan',
        name: 'X',
        genres: ['Racing'],
        platforms: ['Android'],
        coverUrl: '/x.svg',
        hubSlug: 'no-hub',
      },
      headers: auth,
    });
    expect(orphan.status).toBe(400);
  });

  it('the CLI checks a file against the contract and imports it through the API', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'khel-cli-'));
    try {
      const file = join(dir, 'quests.json');
      writeFileSync(
        file,
        JSON.stringify([questJson('ops-cli-1', ctx.now()), questJson('ops-cli-2', ctx.now())]),
      );
      // The CLI's fetch goes to the app in process, as it would to a server.
      const { lines, out, viaApp, source } = cliThroughApp(ctx, auth);
      expect(await runCli(['quests', 'import', file, '--publish'], out, viaApp, source)).toBe(0);
      expect(lines).toEqual(['created ops-cli-1 (published)', 'created ops-cli-2 (published)']);
      expect((await ctx.json('/quest/by-slug/ops-cli-2')).status).toBe(200);
      writeFileSync(file, JSON.stringify({ ...questJson('ops-cli-3', ctx.now()), rewards: {} }));
      lines.length = 0;
      expect(await runCli(['quests', 'import', file], out, viaApp, source)).toBe(1);
      expect(lines).toEqual(['! ops-cli-3: rewards: A quest gives at least one reward']);
      expect(await runCli(['quests', 'import', file], out, viaApp, {})).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('checkQuestFile', () => {
  it('says what is not JSON', () => {
    expect(checkQuestFile('{').problems[0]).toMatch(/^not JSON/);
  });
});
