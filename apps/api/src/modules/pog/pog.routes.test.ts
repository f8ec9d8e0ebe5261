import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  POG_AVATAR_GENERATIONS_MAX,
  POG_NOT_MINTED_MESSAGE,
  POG_TON_WALLET_NEEDED_MESSAGE,
  POG_WRONG_STEP_MESSAGE,
} from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { POG_USERNAME_LENGTH_MESSAGE, USERNAME_TAKEN_MESSAGE } from '@khel/core/validation';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mountStaticSite } from '../../static.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { clanOf } from '../clans/clans.test-support.ts';
import { systemAccount, transfer, userAccount } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { newQuest, start, tasksOfQuest, validate } from '../quests/quests.test-support.ts';
import { CARD_IMAGE_FAILED_MESSAGE } from './card/card-render-pool.ts';
import { pogEvmChain } from './chain/evm/evm-pog.ts';
import { pogTonChain } from './chain/ton/ton-pog.ts';
import { pogShowcaseHead } from './og.ts';
import {
  customizeToAvatar,
  freshName,
  linkTonWallet,
  mintedUser,
  post,
  reserve,
  runMint,
} from './pog.test-support.ts';

describe.each(DB_KINDS)('POG on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { PUBLIC_URL: 'https://khel.test' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reserves a name by SPEC §5 rules; the same name in another case is taken', async () => {
    const a = await signedInUser(ctx);
    const b = await signedInUser(ctx);
    expect((await reserve(ctx, a.auth, 'abc')).body.message).toBe(POG_USERNAME_LENGTH_MESSAGE);
    expect((await reserve(ctx, a.auth, 'has space1')).status).toBe(400);
    expect((await reserve(ctx, a.auth, 'bad_name!')).status).toBe(400);
    const name = freshName('Ace');
    const ok = await reserve(ctx, a.auth, name);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ name, state: 'AvatarCategorySelection', step: 1 });
    const taken = await reserve(ctx, b.auth, name.toUpperCase());
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(USERNAME_TAKEN_MESSAGE);
    expect((await ctx.json(`/pog/mint/name-available?name=${name.toLowerCase()}`)).body.data.available).toBe(
      false,
    );
    // A visitor starts at ReserveUsername.
    expect((await ctx.json('/pog/mint/status', { headers: b.auth })).body.data.state).toBe('ReserveUsername');
  });

  it('customize_pog on the website: every screen, a refresh limit, then the mint job mints on the EVM chain', async () => {
    const u = await signedInUser(ctx);
    await reserve(ctx, u.auth, freshName());
    // A step out of order changes nothing.
    const early = await post(ctx, '/pog/mint/save-style', u.auth, { style: 'x' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(POG_WRONG_STEP_MESSAGE);
    const status = await customizeToAvatar(ctx, u.auth);
    expect(status.avatarUrl).toMatch(/\/api\/pog\/nft-image\//);
    expect(status.generationsLeft).toBe(POG_AVATAR_GENERATIONS_MAX - 1);
    // Back one screen and forward again.
    expect((await post(ctx, '/pog/mint/back', u.auth, { to: 'SelfieUpload' })).body.data.state).toBe(
      'SelfieUpload',
    );
    // Going back does not give generations back: the skip made the second picture.
    const again = await post(ctx, '/pog/mint/selfie/skip', u.auth);
    expect(again.body.data.generationsLeft).toBe(POG_AVATAR_GENERATIONS_MAX - 2);
    for (let i = 2; i < POG_AVATAR_GENERATIONS_MAX; i++)
      expect((await post(ctx, '/pog/mint/avatar/generate', u.auth)).status).toBe(200);
    const limited = await post(ctx, '/pog/mint/avatar/generate', u.auth);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.refreshLimitReached);

    const started = await post(ctx, '/pog/mint/activate', u.auth, { chain: 'evm' });
    expect(started.status).toBe(202);
    expect(started.body.data.state).toBe('MintInProgress');
    expect(started.body.data.mintStartedAt).not.toBeNull();
    const card = await runMint(ctx, u.user.id);
    expect(card.state).toBe('Minted');
    const chain = (await pogEvmChain(ctx.deps.env))!;
    const onChain = await chain.findMint(card.serial);
    expect(onChain?.txHash).toBe(card.txHash);
    expect(onChain?.owner.toLowerCase()).toBe(card.ownerAddress?.toLowerCase());
    const after = (await ctx.json('/pog/mint/status', { headers: u.auth })).body.data;
    expect(after).toMatchObject({ state: 'Minted', step: 2, mint: { chain: 'evm', txHash: card.txHash } });
    expect(after.card.images.front).toContain('/front.png');
    // Scored at the mint: a phone on the account is HUMAN.
    expect(after.card.scores.HUMAN).toBeGreaterThan(0);
    expect(after.card.total).toBeGreaterThan(0);
  });

  it('quick_mint in the Mini App mints a TON soulbound item to the linked TON wallet', async () => {
    const u = await signedInUser(ctx);
    const name = freshName();
    const refused = await post(ctx, '/pog/mint/quick-mint', u.auth, { name, chain: 'ton' });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(POG_TON_WALLET_NEEDED_MESSAGE);
    // The refusal changed nothing: no card, the name still free, the flow still at its first screen.
    const cards = await ctx.deps.db
      .select()
      .from(schema.pogCards)
      .where(eq(schema.pogCards.userId, u.user.id));
    expect(cards).toEqual([]);
    const available = await ctx.json(`/pog/mint/name-available?name=${name}`);
    expect(available.body.data).toMatchObject({ available: true });
    const status = await ctx.json('/pog/mint/status', { headers: u.auth });
    expect(status.body.data).toMatchObject({ state: 'ReserveUsername', cardId: null });
    await linkTonWallet(ctx, u.user.id);
    const res = await post(ctx, '/pog/mint/quick-mint', u.auth, { name, chain: 'ton' });
    expect(res.status).toBe(202);
    const card = await runMint(ctx, u.user.id);
    expect(card.chain).toBe('ton');
    expect(card.name).toBe(name);
    const onChain = await (await pogTonChain(ctx.deps.env))!.findMint(card.serial);
    expect(onChain?.txHash).toBe(card.txHash);
  });

  it('a selfie without a face is refused with the SPEC text; a non-JPEG too', async () => {
    const u = await signedInUser(ctx);
    await reserve(ctx, u.auth, freshName());
    const catalogue = (await ctx.json('/pog/mint/catalogue')).body.data;
    const theme = catalogue.themes[0];
    await post(ctx, '/pog/mint/category', u.auth, { theme: theme.id, category: theme.categories[0].id });
    await post(ctx, '/pog/mint/character', u.auth, { character: theme.categories[0].characters[0].id });
    await post(ctx, '/pog/mint/save-style', u.auth, { style: theme.styles[0].id });
    const { readFileSync } = await import('node:fs');
    const noFace = readFileSync(new URL('./avatar/test-images/no-face-coffee.jpg', import.meta.url));
    const form = new FormData();
    form.append('file', new File([new Uint8Array(noFace)], 'me.jpg', { type: 'image/jpeg' }));
    const res = await ctx.app.request('/pog/mint/selfie', { method: 'POST', headers: u.auth, body: form });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { message: string }).message).toBe(MESSAGES.faceNotDetected);
    const face = readFileSync(new URL('./avatar/test-images/face-astronaut.jpg', import.meta.url));
    const ok = new FormData();
    ok.append('file', new File([new Uint8Array(face)], 'me.jpg', { type: 'image/jpeg' }));
    const passed = await ctx.app.request('/pog/mint/selfie', { method: 'POST', headers: u.auth, body: ok });
    expect(passed.status).toBe(200);
    const body = (await passed.json()) as { data: { state: string; choices: { selfie: boolean } } };
    expect(body.data).toMatchObject({ state: 'AvatarGenerationPending', choices: { selfie: true } });
  }, 60_000);

  it('a card image that cannot be drawn answers a 503 envelope, not a 500 with a stack', async () => {
    const { user } = await signedInUser(ctx);
    const name = freshName('Bad');
    // An avatar that is not a PNG: the drawing fails in the render worker.
    await ctx.deps.db.insert(schema.pogCards).values({
      userId: user.id,
      name,
      nameKey: name.toLowerCase(),
      theme: 'Toon',
      avatar: Buffer.from([1, 2, 3]),
      avatarVersion: 1,
    });
    const res = await ctx.app.request(`/pog/cards/${name}/front.png`);
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = (await res.json()) as { success: boolean; status: number; message: string; data: unknown };
    expect(body).toMatchObject({ success: false, status: 503, message: CARD_IMAGE_FAILED_MESSAGE });
    expect(JSON.stringify(body)).not.toMatch(/DataView|stack|\.ts:\d+/);
    // Not remembered: the same address fails again rather than answering a stale error from the cache.
    expect((await ctx.app.request(`/pog/cards/${name}/front.png`)).status).toBe(503);
  });

  it('feeds, showcase, images, metadata, likes (once per user), share and the leaderboard', async () => {
    const owner = await mintedUser(ctx, 'evm');
    const fan = await signedInUser(ctx);
    const all = (await ctx.json('/pog/feeds/all?limit=50')).body.data;
    expect(all.cards.some((c: { name: string }) => c.name === owner.name)).toBe(true);
    const show = await ctx.json(`/pog/showcase/${owner.name.toUpperCase()}`);
    expect(show.status).toBe(200);
    expect(show.body.data).toMatchObject({ name: owner.name, likes: 0, mint: { chain: 'evm' } });
    expect((await ctx.json('/pog/showcase/nobody00000')).status).toBe(404);

    const like = () => ctx.json(`/pog/posts/${owner.cardId}/like`, { method: 'POST', headers: fan.auth });
    expect((await like()).body.data).toMatchObject({ likes: 1, likedByMe: true });
    expect((await like()).body.data).toMatchObject({ likes: 1, likedByMe: true });
    const unliked = await ctx.json(`/pog/posts/${owner.cardId}/like`, {
      method: 'DELETE',
      headers: fan.auth,
    });
    expect(unliked.body.data).toMatchObject({ likes: 0, likedByMe: false });

    for (const face of ['front', 'back', 'share']) {
      const img = await ctx.app.request(`/pog/cards/${owner.name}/${face}.png?lang=hi`);
      expect(img.status).toBe(200);
      expect(img.headers.get('content-type')).toBe('image/png');
      expect(
        Buffer.from(await img.arrayBuffer())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    const meta = (await (await ctx.app.request(`/pog/metadata/${owner.name}`)).json()) as Record<
      string,
      unknown
    >;
    expect(meta.name).toContain(owner.name);
    expect(String(meta.image)).toContain('/front.png');

    const share = await post(ctx, '/pog/share', owner.auth, { channel: 'x', lang: 'pt-BR' });
    expect(share.status).toBe(200);
    expect(share.body.data.intentUrl).toMatch(/^https:\/\/x\.com\/intent\/post\?/);
    expect(share.body.data.url).toContain(`/pog-showcase?username=${owner.name}`);
    const notMinted = await signedInUser(ctx);
    expect((await post(ctx, '/pog/share', notMinted.auth, { channel: 'x' })).status).toBe(409);

    const board = await ctx.json('/pog/leaderboard?tab=global-clans');
    expect(board.status).toBe(200);
    expect(Array.isArray(board.body.data.clans)).toBe(true);
    const gql = await ctx.json('/tps/graphql', {
      method: 'POST',
      headers: owner.auth,
      body: {
        query: `{ me { total variant boostBasisPoints card { name } } card(name: "${owner.name}") { likes } }`,
      },
    });
    expect(gql.status).toBe(200);
    expect(gql.body.data.me.card.name).toBe(owner.name);
    expect(gql.body.data.me.boostBasisPoints).toBeGreaterThan(10_000);
    const badQuery = await ctx.json('/tps/graphql', { method: 'POST', body: { query: '{ nope }' } });
    expect((badQuery.body as unknown as { errors: { message: string }[] }).errors[0]!.message).toMatch(
      /nope/,
    );
  }, 120_000);

  it('an avatar edit needs a slot bought through the ledger; not enough money changes nothing', async () => {
    const u = await mintedUser(ctx, 'evm');
    const buy = (currency: 'KCASH' | 'RKHEL', key: string) =>
      ctx.json('/pog/slots/unlock', {
        method: 'POST',
        headers: { ...u.auth, 'idempotency-key': key },
        body: { currency },
      });
    const poor = await buy('KCASH', 'slot-1');
    expect(poor.status).toBe(409);
    expect(poor.body.message).toBe(MESSAGES.notEnoughBalance);
    expect((await ctx.json('/pog/mint/status', { headers: u.auth })).body.data.state).toBe('Minted');
    await ctx.deps.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-rkhel:${u.user.id}`,
        debit: systemAccount('treasury'),
        credit: userAccount(u.user.id, 'user_rkhel'),
        amount: 6_000_000n,
        currency: 'RKHEL',
        kind: 'dev_grant',
      }),
    );
    // The price the screens show is what the ledger takes: 5 rKHEL (500 K-Cash at 1 rKHEL = 100 K-Cash).
    const shown = (await ctx.json('/pog/mint/status', { headers: u.auth })).body.data.slotPrices;
    expect(shown).toEqual({ KCASH: '500000', RKHEL: '5000000' });
    const paid = await buy('RKHEL', 'slot-2');
    expect(paid.status).toBe(200);
    expect(paid.body.data.status.state).toBe('AvatarCategorySelection');
    const [slot] = await ctx.deps.db
      .select()
      .from(schema.pogSlotPurchases)
      .where(eq(schema.pogSlotPurchases.userId, u.user.id));
    expect(slot).toMatchObject({ currency: 'RKHEL', amount: BigInt(shown.RKHEL) });
    // Granted 6 rKHEL, 1 rKHEL is left.
    const left = (await ctx.json('/wallets/balance', { headers: u.auth })).body.data.rkhel.amount;
    expect(left).toBe('1000000');
    expect((await buy('RKHEL', 'slot-2')).headers.get('idempotent-replayed')).toBe('true');
    const [acc] = await ctx.deps.db
      .select()
      .from(schema.ledgerAccounts)
      .where(eq(schema.ledgerAccounts.ownerUserId, u.user.id));
    expect(acc).toBeDefined();
    const before = (await ctx.json('/pog/mint/status', { headers: u.auth })).body.data.card.avatarUrl;
    await customizeToAvatar(ctx, u.auth);
    const applied = await post(ctx, '/pog/mint/activate', u.auth, { chain: 'evm' });
    expect(applied.body.data.state).toBe('Minted');
    expect(applied.body.data.card.avatarUrl).not.toBe(before);
    // No second token: the card keeps its mint.
    expect(applied.body.data.mint.tokenId).toBeDefined();
    const fresh = await signedInUser(ctx);
    await reserve(ctx, fresh.auth, freshName());
    const notYet = await buy('RKHEL', 'slot-3');
    expect(notYet.status).toBe(409);
    const other = await ctx.json('/pog/slots/unlock', {
      method: 'POST',
      headers: { ...fresh.auth, 'idempotency-key': 'slot-4' },
      body: { currency: 'RKHEL' },
    });
    expect(other.body.message).toBe(POG_NOT_MINTED_MESSAGE);
  }, 120_000);

  it('only minters get boosts: a quest reward after the mint is boosted once and the earning says so', async () => {
    const plain = await signedInUser(ctx);
    const minter = await mintedUser(ctx, 'evm');
    const quest = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'KHEL' } }], {
      rewards: { kpoints: '100', kcash: '1000' },
    });
    const [task] = await tasksOfQuest(ctx, quest.slug);
    for (const u of [plain, minter]) {
      await start(ctx, u.auth, quest.id);
      const done = await validate(ctx, u.auth, quest.id, task!.id, 'KHEL');
      expect(done.status).toBe(200);
    }
    const earningOf = async (userId: string) =>
      ctx.deps.db.select().from(schema.earnings).where(eq(schema.earnings.userId, userId));
    const [base] = await earningOf(plain.user.id);
    expect(base).toMatchObject({ amount: 1000n, boostBasisPoints: null });
    const boosted = await earningOf(minter.user.id);
    expect(boosted).toHaveLength(1);
    expect(boosted[0]!.boostBasisPoints).toBeGreaterThan(10_000);
    expect(boosted[0]!.baseAmount).toBe(1000n);
    expect(boosted[0]!.amount).toBe((1000n * BigInt(boosted[0]!.boostBasisPoints!)) / 10_000n);
    const list = await ctx.json('/collect-earning/list', { headers: minter.auth });
    if (list.status === 200)
      expect(list.body.data.list[0].boost.basisPoints).toBe(boosted[0]!.boostBasisPoints);
  }, 120_000);

  it("the quests' 'share POG card on X' task: a minted card and a recent post of the share text on the linked X account", async () => {
    const quest = await newQuest(ctx, [{ title: 'Share', config: { type: 'share_pog_x' } }]);
    const [task] = await tasksOfQuest(ctx, quest.slug);
    const noCard = await signedInUser(ctx);
    await start(ctx, noCard.auth, quest.id);
    expect((await validate(ctx, noCard.auth, quest.id, task!.id)).body.data).toMatchObject({
      verified: false,
      message: POG_NOT_MINTED_MESSAGE,
    });
    const u = await mintedUser(ctx, 'evm');
    const xId = String(700_000_000_000_000 + Math.floor(Math.random() * 1e12));
    await ctx.deps.db
      .insert(schema.identities)
      .values({ userId: u.user.id, provider: 'twitter', subject: xId });
    await start(ctx, u.auth, quest.id);
    const missing = await validate(ctx, u.auth, quest.id, task!.id);
    expect(missing.body.data.verified).toBe(false);
    expect(missing.body.data.message).toContain('#KhelPOG');
    const share = await post(ctx, '/pog/share', u.auth, { channel: 'x' });
    const posted = await ctx.json('/dev/social/actions', {
      body: { platform: 'x', actor: xId, action: 'post', value: share.body.data.text },
    });
    expect(posted.status).toBe(201);
    expect((await validate(ctx, u.auth, quest.id, task!.id)).body.data.verified).toBe(true);
  }, 120_000);

  it('a clan counts its members’ minted cards: pog-scores, the POG clans board, the my-clan feed and tab', async () => {
    const chief = await mintedUser(ctx, 'evm');
    const clan = await clanOf(ctx, chief.user.id);
    const member = await mintedUser(ctx, 'evm');
    await ctx.deps.db
      .insert(schema.clanMembers)
      .values({ clanId: clan.id, userId: member.user.id, role: 'Member' });
    await ctx.deps.db.update(schema.clans).set({ memberCount: 2 }).where(eq(schema.clans.id, clan.id));
    await ctx.json('/pog/me', { headers: chief.auth });
    await ctx.json('/pog/me', { headers: member.auth });
    const pog = (await ctx.json(`/platform-clans/${clan.id}/pog-scores`)).body.data;
    expect(pog.minters).toBe(2);
    const board = (await ctx.json('/pog/leaderboard?tab=global-clans', { headers: member.auth })).body.data;
    expect(board.myClan).toMatchObject({ clanId: clan.id, minted: 2, pogScore: pog.total });
    expect(board.clans.some((c: { clanId: string }) => c.clanId === clan.id)).toBe(true);
    const mine = (await ctx.json('/pog/leaderboard?tab=my-clan', { headers: member.auth })).body.data;
    expect(mine.members.map((m: { card: { name: string } }) => m.card.name).sort()).toEqual(
      [chief.name, member.name].sort(),
    );
    const feed = (await ctx.json('/pog/feeds/clan', { headers: chief.auth })).body.data;
    expect(feed.cards).toHaveLength(2);
    expect(feed.cards[0].clan).toMatchObject({ id: clan.id });
    const visitor = await ctx.json('/pog/feeds/clan');
    expect(visitor.status).toBe(401);
  }, 120_000);

  it('the dashboard scores real activity: a completed quest raises PLAY, a minted card gives a boost', async () => {
    const u = await signedInUser(ctx);
    const before = (await ctx.json('/pog/me', { headers: u.auth })).body.data;
    expect(before).toMatchObject({ card: null, boostBasisPoints: 10_000 });
    expect(before.scores.HUMAN).toBeGreaterThan(0);
    const quest = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'PLAY' } }]);
    const [task] = await tasksOfQuest(ctx, quest.slug);
    await start(ctx, u.auth, quest.id);
    await validate(ctx, u.auth, quest.id, task!.id, 'PLAY');
    const after = (await ctx.json('/pog/me', { headers: u.auth })).body.data;
    expect(after.scores.PLAY).toBeGreaterThan(before.scores.PLAY);
    expect(after.scores.HUMAN).toBe(before.scores.HUMAN);
    expect(after.activity.questsCompleted).toBe(1);
  }, 120_000);

  it('a shared showcase link previews: Open Graph and X card tags with the share picture, escaped', async () => {
    const owner = await mintedUser(ctx, 'evm');
    const dist = mkdtempSync(join(tmpdir(), 'khel-og-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Khel</title></head><body></body></html>',
    );
    const site = new Hono();
    mountStaticSite(
      site,
      { prefix: '', dist, frameAncestors: '*', isKnownPath: () => true, headFor: pogShowcaseHead(ctx.deps) },
      () => {},
    );
    const page = await site.request(`/pog-showcase?username=${owner.name}&lang=hi`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`<meta property="og:title" content="${owner.name} · Khel POG">`);
    expect(html).toMatch(
      /<meta property="og:image" content="https:\/\/khel\.test\/api\/pog\/cards\/[^"]+\/share\.png\?v=[^"]+&amp;lang=hi">/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    for (const other of [
      '/pog-showcase?username=nobody12345',
      '/pog-showcase?username=%3Cscript%3E',
      '/pog',
    ]) {
      const plain = await (await site.request(other)).text();
      expect(plain).not.toContain('og:title');
    }
    rmSync(dist, { recursive: true, force: true });
  }, 60_000);
});
