import {
  QUEST_NO_SLOTS_MESSAGE,
  QUEST_NOT_FOUND_MESSAGE,
  QUEST_NOT_LIVE_MESSAGE,
  QUEST_NOT_STARTED_MESSAGE,
  SPECIAL_CODE_LOCKED_MESSAGE,
  SPECIAL_CODE_WRONG_MESSAGE,
  TASK_LOCKED_MESSAGE,
  TASK_PROOF_REQUIRED_MESSAGE,
  TASK_TYPES,
} from '@khel/core/contract';
import { DEMO_QUESTS, schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { HOUR, newQuest, seedQuests, start, tasksOfQuest, validate } from './quests.test-support.ts';

describe.each(DB_KINDS)('quests on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedQuests(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const earningsOf = (userId: string) =>
    ctx.deps.db.select().from(schema.earnings).where(eq(schema.earnings.userId, userId));

  describe('the catalogue', () => {
    it('seeds 20 quests over the three partner hubs that use every task type, once', async () => {
      expect((await seedQuests(ctx)).applied).toBe(false);
      const res = await ctx.json('/quest/list/v2?status=PUBLISHED,LIVE,COMPLETED,CONCLUDED');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page: 1, limit: 100, isLastCard: true });
      const seeded = (res.body.data.quests as any[]).filter((q) =>
        DEMO_QUESTS.some((d) => d.slug === q.slug),
      );
      expect(seeded).toHaveLength(20);
      expect(new Set(seeded.flatMap((q) => (q.hub ? [q.hub.slug] : [])))).toEqual(
        new Set(['bullieverse', 'colexion', 'dark-throne']),
      );
      const types = new Set<string>();
      for (const q of seeded) for (const t of await tasksOfQuest(ctx, q.slug)) types.add(t.type);
      expect([...types].sort()).toEqual([...TASK_TYPES].sort());
      const games = await ctx.json('/game');
      expect(games.body.data.games.length).toBeGreaterThanOrEqual(12);
      // Every demo text comes in Hindi and Portuguese too.
      for (const q of seeded) {
        expect(Object.keys(q.translations.hi ?? {}).sort(), q.slug).toEqual(['description', 'title']);
        expect(Object.keys(q.translations['pt-BR'] ?? {}).sort(), q.slug).toEqual(['description', 'title']);
        const details = (await ctx.json(`/quest/by-slug/${q.slug}`)).body.data;
        for (const t of details.tasks) {
          expect(t.translations.hi?.title, t.title).toEqual(expect.any(String));
          expect(t.translations['pt-BR']?.title, t.title).toEqual(expect.any(String));
        }
      }
      for (const g of games.body.data.games as any[])
        expect(g.translations['pt-BR']?.description, g.slug).toEqual(expect.any(String));
    });

    it('filters by hub, words and reward, pages, and shows remaining slots and rewards', async () => {
      const hubAll = ((await ctx.json('/quest/list/v2')).body.data.quests as any[]).map((q) => q.slug);
      const hub = await ctx.json('/quest/list/v2?hub=colexion&limit=2');
      expect(hub.status).toBe(200);
      expect(hub.body.data).toMatchObject({ page: 1, limit: 2, total: 3, isLastCard: false });
      expect((hub.body.data.quests as any[]).every((q) => q.hub.slug === 'colexion')).toBe(true);
      const page2 = await ctx.json('/quest/list/v2?hub=colexion&limit=2&page=2');
      expect(page2.body.data).toMatchObject({ page: 2, offset: 2, isLastCard: true });
      expect(page2.body.data.quests).toHaveLength(1);
      const words = await ctx.json('/quest/list/v2?search=siege');
      expect((words.body.data.quests as any[]).map((q) => q.slug)).toContain('dark-throne-siege-master');
      // The quests that pay rKHEL (where the swap screen sends a gamer with nothing to swap).
      const rkhel = await ctx.json('/quest/list/v2?reward=rkhel');
      const payers = DEMO_QUESTS.filter((d) => d.rewards.rkhel).map((d) => d.slug);
      expect(payers.length).toBeGreaterThan(0);
      expect((rkhel.body.data.quests as any[]).map((q) => q.slug).sort()).toEqual(
        payers.filter((slug) => (hubAll as string[]).includes(slug)).sort(),
      );
      expect((rkhel.body.data.quests as any[]).every((q) => BigInt(q.rewards.rkhel.amount) > 0n)).toBe(true);
      expect((await ctx.json('/quest/list/v2?reward=gold')).status).toBe(400);
      const details = await ctx.json('/quest/by-slug/squad-royale-drop-in');
      expect(details.body.data).toMatchObject({
        status: 'LIVE',
        totalSlots: 50,
        remainingSlots: 50,
        rewards: { kpoints: { amount: '100' }, kcash: { amount: '50000', currency: 'KCASH' }, rkhel: null },
      });
      expect(JSON.stringify(details.body.data)).not.toContain('secret');
      // Deep links name a quest whose slug is too long for Telegram by its id: the same route takes it.
      const byId = await ctx.json(`/quest/by-slug/${details.body.data.id}`);
      expect(byId.body.data).toEqual(details.body.data);
      expect((await ctx.json('/quest/by-slug/0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f')).status).toBe(404);
    });

    it('never sends a special code, and answers 404 for an unknown or malformed slug', async () => {
      const welcome = await ctx.json('/quest/by-slug/khel-welcome-quest');
      expect(JSON.stringify(welcome.body.data)).not.toMatch(/KHEL"|secretHash/);
      expect(welcome.body.data.tasks[0]).toMatchObject({
        type: 'special_code',
        input: 'code',
        hint: expect.any(String),
      });
      expect((await ctx.json('/quest/by-slug/no-such-quest')).status).toBe(404);
      const bad = await ctx.json('/quest/by-slug/NOT_A_SLUG');
      expect(bad.status).toBe(404);
      expect(bad.body.message).toBe(QUEST_NOT_FOUND_MESSAGE);
    });

    it('lists filters and games with counts', async () => {
      const filters = await ctx.json('/quest/filter');
      expect(filters.body.data.hubs.map((h: any) => h.slug)).toEqual([
        'bullieverse',
        'colexion',
        'dark-throne',
      ]);
      const games = await ctx.json('/game?genre=Shooter,MOBA&platform=Android');
      expect(games.body.data.games.map((g: any) => g.slug).sort()).toEqual(['lane-clash', 'squad-royale']);
      const rkade = await ctx.json('/game?playable=true');
      expect((rkade.body.data.games as any[]).every((g) => g.playUrl)).toBe(true);
      const bad = await ctx.json('/game?genre=Cooking');
      expect(bad.status).toBe(400);
    });
  });

  describe('starting a quest', () => {
    it('takes a slot once per user and says so', async () => {
      const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'ABCD' } }], {
        totalSlots: 2,
      });
      const a = await signedInUser(ctx);
      const first = await start(ctx, a.auth, q.id);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ status: 'STARTED', remainingSlots: 1 });
      const again = await start(ctx, a.auth, q.id);
      expect(again.body.data).toMatchObject({ status: 'STARTED', remainingSlots: 1 });
      await start(ctx, (await signedInUser(ctx)).auth, q.id);
      const late = await start(ctx, (await signedInUser(ctx)).auth, q.id);
      expect(late.status).toBe(409);
      expect(late.body.message).toBe(QUEST_NO_SLOTS_MESSAGE);
      expect((await ctx.json(`/userquest/slots/${q.id}`, { headers: a.auth })).body.data).toEqual({
        totalSlots: 2,
        remainingSlots: 0,
      });
      expect((await ctx.json(`/quest/by-slug/${q.slug}`)).body.data.status).toBe('COMPLETED');
    });

    it('refuses a quest that has not started or has ended, and a visitor', async () => {
      const later = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'ABCD' } }], {
        startsAt: new Date(ctx.now().getTime() + HOUR).toISOString(),
      });
      const u = await signedInUser(ctx);
      const res = await start(ctx, u.auth, later.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(QUEST_NOT_LIVE_MESSAGE);
      expect((await ctx.json('/userquest/start', { body: { questId: later.id } })).status).toBe(401);
      expect((await start(ctx, u.auth, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });

    // PGlite runs one transaction at a time, so the race is PostgreSQL's; on PGlite a small burst checks the count.
    const [GAMERS, SLOTS] = kind === 'postgres' ? [500, 50] : [60, 6];
    it(`${GAMERS} concurrent starts on ${SLOTS} slots start exactly ${SLOTS}`, async () => {
      const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'ABCD' } }], {
        totalSlots: SLOTS,
      });
      const users = await Promise.all(Array.from({ length: GAMERS }, () => signedInUser(ctx)));
      const answers = await Promise.all(users.map((u) => start(ctx, u.auth, q.id)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(SLOTS);
      expect(statuses.filter((s) => s === 409)).toHaveLength(GAMERS - SLOTS);
      const [row] = await ctx.deps.db.select().from(schema.quests).where(eq(schema.quests.id, q.id));
      expect(row!.remainingSlots).toBe(0);
      const started = await ctx.deps.db
        .select()
        .from(schema.userQuests)
        .where(eq(schema.userQuests.questId, q.id));
      expect(started).toHaveLength(SLOTS);
    }, 120_000);
  });

  describe('validating tasks', () => {
    it('a special code: wrong codes count down, the right one completes the quest and rewards once', async () => {
      const q = await newQuest(
        ctx,
        [{ title: 'Code', config: { type: 'special_code', code: 'Open Sesame' } }],
        {
          rewards: { kpoints: '100', kcash: '5000', rkhel: '7' },
        },
      );
      const [task] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      const before = await validate(ctx, u.auth, q.id, task!.id, 'open sesame');
      expect(before.status).toBe(409);
      expect(before.body.message).toBe(QUEST_NOT_STARTED_MESSAGE);
      await start(ctx, u.auth, q.id);
      const wrong = await validate(ctx, u.auth, q.id, task!.id, 'nope');
      expect(wrong.status).toBe(200);
      expect(wrong.body.data).toMatchObject({
        verified: false,
        message: SPECIAL_CODE_WRONG_MESSAGE,
        task: { status: 'FAILED', attemptsLeft: 4 },
      });
      const right = await validate(ctx, u.auth, q.id, task!.id, '  OPEN SESAME ');
      expect(right.body.data).toMatchObject({
        verified: true,
        task: { status: 'VERIFIED' },
        quest: { status: 'COMPLETED' },
      });
      const again = await validate(ctx, u.auth, q.id, task!.id, 'open sesame');
      expect(again.body.data.verified).toBe(true);
      const balances = await balancesOf(ctx, u.user.id);
      expect(balances.user_kpoints).toBe(100n);
      expect(balances.user_rkhel).toBe(7n);
      const earned = await earningsOf(u.user.id);
      expect(earned).toHaveLength(1);
      expect(earned[0]).toMatchObject({ amount: 5000n, status: 'pending', source: 'kquest' });
      const status = await ctx.json(`/userquest/queststatus/${q.id}`, { headers: u.auth });
      expect(status.body.data).toMatchObject({
        status: 'COMPLETED',
        completedTasks: 1,
        totalTasks: 1,
        rewarded: { kpoints: { amount: '100' }, kcash: { amount: '5000' }, rkhel: { amount: '7' } },
      });
      const notes = await ctx.deps.db.select().from(schema.outbox).where(eq(schema.outbox.userId, u.user.id));
      expect(notes.map((n) => n.kind).sort()).toEqual(['quest_completed', 'reward_ready']);
      expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
    });

    it('locks a special code after 5 wrong tries, even when they come at once', async () => {
      const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'RIGHT' } }]);
      const [task] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => validate(ctx, u.auth, q.id, task!.id, 'WRONG')),
      );
      expect(answers.filter((a) => a.body.data.message === SPECIAL_CODE_WRONG_MESSAGE)).toHaveLength(5);
      expect(answers.filter((a) => a.body.data.message === SPECIAL_CODE_LOCKED_MESSAGE)).toHaveLength(7);
      const right = await validate(ctx, u.auth, q.id, task!.id, 'RIGHT');
      expect(right.body.data).toMatchObject({ verified: false, message: SPECIAL_CODE_LOCKED_MESSAGE });
      expect(await balancesOf(ctx, u.user.id)).toMatchObject({ user_kpoints: 0n });
    });

    it('validated twice at once: one completion and one reward', async () => {
      const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'TWICE' } }]);
      const [task] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => validate(ctx, u.auth, q.id, task!.id, 'twice')),
      );
      expect(answers.every((a) => a.status === 200 && a.body.data.verified)).toBe(true);
      expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(100n);
      expect(await earningsOf(u.user.id)).toHaveLength(1);
    });

    it('a locked task waits for the others; the last task completes the quest', async () => {
      const q = await newQuest(ctx, [
        { title: 'Email', config: { type: 'capture_login', method: 'email' } },
        { title: 'Code', locked: true, config: { type: 'special_code', code: 'LAST' } },
      ]);
      const [email, code] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      const early = await validate(ctx, u.auth, q.id, code!.id, 'LAST');
      expect(early.status).toBe(409);
      expect(early.body.message).toBe(TASK_LOCKED_MESSAGE);
      expect((await validate(ctx, u.auth, q.id, email!.id, 'gamer@example.com')).body.data).toMatchObject({
        verified: true,
        quest: { status: 'STARTED', completedTasks: 1 },
      });
      expect((await validate(ctx, u.auth, q.id, code!.id, 'last')).body.data.quest.status).toBe('COMPLETED');
    });

    it('game login values follow SPEC §5 and a bad one is a 422 Quest login method message that records nothing', async () => {
      const q = await newQuest(ctx, [
        { title: 'Steam', config: { type: 'capture_login', method: 'steam_id' } },
        { title: 'Solana', config: { type: 'capture_login', method: 'solana_wallet' } },
      ]);
      const [steam, solana] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      const bad = await validate(ctx, u.auth, q.id, steam!.id, '7656119800000000');
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe(
        'Quest login method: Steam id: Steam ID must contain only digits and be at least 17 digits long',
      );
      const [row] = await ctx.deps.db
        .select()
        .from(schema.userTasks)
        .where(and(eq(schema.userTasks.userId, u.user.id), eq(schema.userTasks.taskId, steam!.id)));
      expect(row?.status ?? 'PENDING').toBe('PENDING');
      expect((await validate(ctx, u.auth, q.id, solana!.id, '0xnotsolana')).status).toBe(422);
      expect((await validate(ctx, u.auth, q.id, steam!.id, '76561198000000000')).body.data.verified).toBe(
        true,
      );
      expect(
        (await validate(ctx, u.auth, q.id, solana!.id, 'So11111111111111111111111111111111111111112')).body
          .data.quest.status,
      ).toBe('COMPLETED');
    });

    it('link tasks pass only with the identity linked', async () => {
      const q = await newQuest(ctx, [{ title: 'X', config: { type: 'link_twitter' } }]);
      const [task] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      const missing = await validate(ctx, u.auth, q.id, task!.id);
      expect(missing.body.data).toMatchObject({
        verified: false,
        message: 'Link your X (Twitter) account in your profile first.',
      });
      await ctx.deps.db
        .insert(schema.identities)
        .values({ userId: u.user.id, provider: 'twitter', subject: `x-${u.user.id}` });
      expect((await validate(ctx, u.auth, q.id, task!.id)).body.data.verified).toBe(true);
    });

    it('internal checks: a K-Cash store purchase, KYC, and no POG or clan yet', async () => {
      const q = await newQuest(ctx, [
        { title: 'Spend', config: { type: 'internal_api', check: 'store_spent' } },
        { title: 'POG', config: { type: 'internal_api', check: 'has_pog' } },
      ]);
      const [spend, pog] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      expect((await validate(ctx, u.auth, q.id, spend!.id)).body.data.verified).toBe(false);
      expect((await validate(ctx, u.auth, q.id, pog!.id)).body.data).toMatchObject({
        verified: false,
        message: 'Mint your POG card first.',
      });
    });

    it('a redirection task passes after the user opened their signed link, and a forged link is refused', async () => {
      const q = await newQuest(ctx, [
        { title: 'Visit', config: { type: 'uri_redirection', url: 'https://example.com/page' } },
      ]);
      const [task] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      expect((await validate(ctx, u.auth, q.id, task!.id)).body.data.verified).toBe(false);
      const status = await ctx.json(`/userquest/queststatus/${q.id}`, { headers: u.auth });
      const link: string = status.body.data.tasks[0].redirectUrl;
      expect(link).toMatch(/^\/api\/userquest\/redirect\//);
      const forged = link.replace(u.user.id, (await signedInUser(ctx)).user.id);
      expect((await ctx.app.request(forged.replace('/api', ''))).status).toBe(404);
      const res = await ctx.app.request(link.replace('/api', ''));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('https://example.com/page');
      expect((await validate(ctx, u.auth, q.id, task!.id)).body.data.verified).toBe(true);
    });

    it('a task that wants proof needs it first: text, link and a JPEG image', async () => {
      const q = await newQuest(ctx, [
        { title: 'Text', proof: 'text', config: { type: 'capture_login', method: 'username' } },
        { title: 'Image', proof: 'image', config: { type: 'capture_login', method: 'username' } },
      ]);
      const [text, image] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      expect((await validate(ctx, u.auth, q.id, text!.id, 'gamer')).body.data).toMatchObject({
        verified: false,
        message: TASK_PROOF_REQUIRED_MESSAGE,
      });
      const wrongKind = await ctx.json('/userquest/proofs/v2', {
        body: { questId: q.id, taskId: text!.id, link: 'https://example.com' },
        headers: u.auth,
      });
      expect(wrongKind.status).toBe(400);
      const proof = await ctx.json('/userquest/proofs/v1', {
        body: { questId: q.id, taskId: text!.id, text: 'I played three rounds' },
        headers: u.auth,
      });
      expect(proof.status).toBe(201);
      expect((await validate(ctx, u.auth, q.id, text!.id, 'gamer')).body.data.verified).toBe(true);
      const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f80' } })
        .jpeg()
        .toBuffer();
      const form = new FormData();
      form.set('questId', q.id);
      form.set('taskId', image!.id);
      form.set('image', new File([jpeg], 'proof.jpg', { type: 'image/jpeg' }));
      const upload = await ctx.app.request('/userquest/proofs/v3', {
        method: 'POST',
        body: form,
        headers: u.auth,
      });
      expect(upload.status).toBe(201);
      const png = new FormData();
      png.set('questId', q.id);
      png.set('taskId', image!.id);
      png.set('image', new File([Buffer.from('\x89PNG\r\n')], 'x.png', { type: 'image/png' }));
      expect(
        (await ctx.app.request('/userquest/proofs/v3', { method: 'POST', body: png, headers: u.auth }))
          .status,
      ).toBe(415);
      expect((await validate(ctx, u.auth, q.id, image!.id, 'gamer')).body.data.quest.status).toBe(
        'COMPLETED',
      );
    });

    it('/userquest/me and /live list started quests with the next step', async () => {
      const q = await newQuest(ctx, [
        { title: 'First', config: { type: 'capture_login', method: 'username' } },
        { title: 'Second', config: { type: 'special_code', code: 'NEXT' } },
      ]);
      const [first] = await tasksOfQuest(ctx, q.slug);
      const u = await signedInUser(ctx);
      expect((await ctx.json('/userquest/me', { headers: u.auth })).body.data.quests).toEqual([]);
      await start(ctx, u.auth, q.id);
      await validate(ctx, u.auth, q.id, first!.id, 'gamer');
      const live = await ctx.json('/userquest/live', { headers: u.auth });
      expect(live.body.data.quests).toHaveLength(1);
      expect(live.body.data.quests[0]).toMatchObject({
        quest: { slug: q.slug },
        progress: { status: 'STARTED', completedTasks: 1, totalTasks: 2 },
        nextTask: { title: 'Second', type: 'special_code' },
      });
    });
  });
});
