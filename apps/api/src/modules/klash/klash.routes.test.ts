import {
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  KLASH_ALREADY_REGISTERED_MESSAGE,
  KLASH_FULL_MESSAGE,
  KLASH_MEMBER_PHONE_MESSAGE,
  KLASH_NOT_FOUND_MESSAGE,
  KLASH_REGISTRATION_CLOSED_MESSAGE,
  KLASH_SOLO_ONLY_MESSAGE,
  KLASH_TEAM_SIZE_MESSAGE,
  NOT_ENOUGH_KCASH_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { balances, verifyLedger } from '../ledger/ledger.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';
import { fundUser } from '../store/store.test-support.ts';
import {
  HOUR,
  idem,
  klashGame,
  openedTournament,
  systemBalance,
  tournamentInput,
} from './klash.test-support.ts';
import { cancelTournament, refundCancelledEntries } from './klash.ts';
import { advanceKlash } from './lifecycle.ts';

describe.each(DB_KINDS)('Klash tournaments on %s', (kind) => {
  let ctx: TestContext;
  let game: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    game = await klashGame(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A new access token for a user (the clock moved past the old one's life). */
  const fresh = async (p: SignedInUser) => {
    const { accessToken } = await completeSignIn(ctx.deps, p.user, true, 'website');
    return { ...p, accessToken, auth: { authorization: `Bearer ${accessToken}` } };
  };

  const registerAs = (tournamentId: string, token: string, body: unknown = {}) =>
    ctx.json(`/klash/tournaments/${tournamentId}/registration`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${token}`, ...idem() },
    });

  it('lists an opened tournament under upcoming with its schedule, fee, prizes and registration state, and shows details by slug or id', async () => {
    const t = await openedTournament(ctx, tournamentInput(ctx, game, { entryFee: '50000' }));
    const list = await ctx.json(`/klash/tournaments?status=upcoming&gameSlug=${game}`);
    expect(list.status).toBe(200);
    const row = list.body.data.tournaments.find((x: any) => x.id === t.id);
    expect(row).toMatchObject({
      slug: t.slug,
      format: 'bracket',
      mode: 'solo',
      status: 'registration_open',
      registration: 'open',
      capacity: 8,
      registeredCount: 0,
      entryFee: { amount: '50000', currency: 'KCASH', decimals: 3 },
      prizePool: { amount: '2000000', currency: 'KCASH', decimals: 3 },
      prizes: {
        kind: 'rank',
        ranks: [
          { rank: 1, amount: { amount: '1200000' } },
          { rank: 2, amount: { amount: '800000' } },
        ],
      },
    });
    expect(list.body.data).toMatchObject({ page: 1, isLastCard: true });
    for (const ref of [t.slug, t.id]) {
      const details = await ctx.json(`/klash/tournaments/${ref}`);
      expect(details.status).toBe(200);
      expect(details.body.data).toMatchObject({ id: t.id, myRegistration: null, seed: null });
      expect(details.body.data.seedHash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect((await ctx.json('/klash/tournaments/no-such-cup')).body.message).toBe(KLASH_NOT_FOUND_MESSAGE);
    expect((await ctx.json('/klash/tournaments?status=soon')).status).toBe(400);
  });

  it('registers a player once, taking the fee into escrow; withdrawing refunds it; the key is required', async () => {
    const t = await openedTournament(ctx, tournamentInput(ctx, game, { entryFee: '50000' }));
    const player = await signedInUser(ctx);
    // Short of the fee, which only K-Cash pays: the refusal names K-Cash alone (not '… or rKHEL').
    const short = await registerAs(t.id, player.accessToken);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(NOT_ENOUGH_KCASH_MESSAGE);
    expect(short.body.data).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      messageCode: 'NOT_ENOUGH_KCASH',
      currency: 'KCASH',
      required: '50000',
    });
    await fundUser(ctx, player.user.id, 'user_kcash_bought', 30_000n);
    await fundUser(ctx, player.user.id, 'user_kcash_earned', 40_000n);
    const escrowBefore = await systemBalance(ctx, 'klash_escrow');
    const noKey = await ctx.json(`/klash/tournaments/${t.id}/registration`, {
      method: 'POST',
      body: {},
      headers: player.auth,
    });
    expect(noKey.body.message).toBe(IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
    const res = await registerAs(t.id, player.accessToken);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      status: 'registered',
      isCaptain: true,
      feePaid: { amount: '50000' },
      team: null,
    });
    expect(await systemBalance(ctx, 'klash_escrow')).toBe(escrowBefore + 50_000n);
    const after = await balances(ctx.deps.db, player.user.id);
    expect(after.user_kcash_bought + after.user_kcash_earned).toBe(20_000n);
    expect((await registerAs(t.id, player.accessToken)).body.message).toBe(KLASH_ALREADY_REGISTERED_MESSAGE);
    const details = await ctx.json(`/klash/tournaments/${t.id}`, { headers: player.auth });
    expect(details.body.data).toMatchObject({
      registeredCount: 1,
      myRegistration: { entryId: res.body.data.entryId },
    });

    const out = await ctx.json(`/klash/tournaments/${t.id}/registration`, {
      method: 'DELETE',
      headers: { ...player.auth, ...idem() },
    });
    expect(out.status).toBe(200);
    expect(out.body.data).toMatchObject({ status: 'withdrawn', refunded: true });
    const back = await balances(ctx.deps.db, player.user.id);
    expect([back.user_kcash_bought, back.user_kcash_earned]).toEqual([30_000n, 40_000n]);
    expect(await systemBalance(ctx, 'klash_escrow')).toBe(escrowBefore);
    expect((await verifyLedger(ctx.deps.db)).ok).toBe(true);
  });

  it('takes a team with members by phone or email, refuses wrong sizes, foreign dial codes and teams in solo tournaments', async () => {
    const solo = await openedTournament(ctx, tournamentInput(ctx, game));
    const team = await openedTournament(ctx, tournamentInput(ctx, game, { mode: 'team', teamSize: 3 }));
    const captain = await signedInUser(ctx);
    const mate = await signedInUser(ctx);
    const body = (members: unknown[]) => ({ team: { name: 'Night Owls', members } });
    expect(
      (await registerAs(solo.id, captain.accessToken, body([{ type: 'email', email: 'a@b.co' }]))).body
        .message,
    ).toBe(KLASH_SOLO_ONLY_MESSAGE);
    expect(
      (await registerAs(team.id, captain.accessToken, body([{ type: 'email', email: 'a@b.co' }]))).body
        .message,
    ).toBe(KLASH_TEAM_SIZE_MESSAGE);
    const us = await registerAs(
      team.id,
      captain.accessToken,
      body([
        { type: 'phone', phone: '+14155550100' },
        { type: 'email', email: 'a@b.co' },
      ]),
    );
    expect(us.status).toBe(400);
    expect(us.body.message).toBe(KLASH_MEMBER_PHONE_MESSAGE);
    const ok = await registerAs(
      team.id,
      captain.accessToken,
      body([
        { type: 'phone', phone: mate.user.phoneNumber },
        { type: 'email', email: 'Friend@Example.com' },
      ]),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data.team.members).toEqual([
      { type: 'phone', masked: expect.stringMatching(/^\+91•••••\d{4}$/), joined: true },
      { type: 'email', masked: 'f•••@example.com', joined: false },
    ]);
    // The member sees the team's entry and got the registration notice.
    const seen = await ctx.json(`/klash/tournaments/${team.id}`, { headers: mate.auth });
    expect(seen.body.data.myRegistration).toMatchObject({ name: 'Night Owls', isCaptain: false });
    const notices = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, mate.user.id), eq(schema.outbox.kind, 'klash')));
    expect(notices.map((n) => (n.payload as any).event)).toEqual(['registered']);
    // The member cannot enter another team of theirs.
    const again = await registerAs(
      team.id,
      mate.accessToken,
      body([
        { type: 'email', email: 'x@y.co' },
        { type: 'email', email: 'z@y.co' },
      ]),
    );
    expect(again.status).toBe(409);
  });

  it('runs a bracket: start seeds it, reports settle or dispute, the operator settles, prizes are paid once as earnings', async () => {
    const t = await openedTournament(ctx, tournamentInput(ctx, game, { capacity: 4 }));
    const players = await Promise.all([0, 1, 2].map(() => signedInUser(ctx)));
    for (const p of players) expect((await registerAs(t.id, p.accessToken)).status).toBe(201);
    ctx.advance(3 * HOUR + 1000);
    await advanceKlash(ctx.deps.db, ctx.deps.klashGameApi, ctx.now());
    const bracket = await ctx.json(`/klash/tournaments/${t.id}/bracket`, {
      headers: (await fresh(players[0]!)).auth,
    });
    expect(bracket.body.data).toMatchObject({ status: 'live', roundCount: 2 });
    expect(bracket.body.data.seeding).toHaveLength(3);
    expect(bracket.body.data.seed).toMatch(/^[0-9a-f]{64}$/);
    const round1 = bracket.body.data.rounds[0].matches;
    expect(round1.filter((m: any) => m.resolution === 'bye')).toHaveLength(1);
    const ready = round1.find((m: any) => m.state === 'ready');
    const sideUser = (i: number) =>
      players.find((p) => p.user.username === null && ready.sides[i].entry && true) && players;
    void sideUser;
    const entryOwner = async (entryId: string) => {
      const [e] = await ctx.deps.db
        .select()
        .from(schema.klashEntries)
        .where(eq(schema.klashEntries.id, entryId));
      return fresh(players.find((p) => p.user.id === e!.captainUserId)!);
    };
    const a = await entryOwner(ready.sides[0].entry.entryId);
    const b = await entryOwner(ready.sides[1].entry.entryId);
    const report = (who: typeof a, result: string) =>
      ctx.json(`/klash/matches/${ready.id}/report`, { method: 'POST', body: { result }, headers: who.auth });
    const first = await report(a, 'won');
    expect(first.body.data.match).toMatchObject({ state: 'reported', mySide: 0 });
    const disputed = await report(b, 'won');
    expect(disputed.body.data.match.state).toBe('disputed');
    const mine = await ctx.json('/klash/me/matches', { headers: a.auth });
    expect(mine.body.data.matches[0]).toMatchObject({
      id: ready.id,
      tournament: { id: t.id, mode: 'solo' },
      canReport: true,
    });
    const ops = await ctx.json(`/operator/klash/tournaments/${t.slug}/disputes`, { headers: t.auth });
    expect(ops.body.data.matches.map((m: any) => m.id)).toEqual([ready.id]);
    const settled = await ctx.json(`/operator/klash/matches/${ready.id}/settle`, {
      method: 'POST',
      body: { winnerEntryId: ready.sides[1].entry.entryId },
      headers: t.auth,
    });
    expect(settled.body.data.match).toMatchObject({
      state: 'settled',
      winnerSide: 1,
      resolution: 'operator',
    });
    // The final: nobody reports, the better seed advances at the deadline.
    ctx.advance(HOUR + 1000);
    await advanceKlash(ctx.deps.db, ctx.deps.klashGameApi, ctx.now());
    const done = await ctx.json(`/klash/tournaments/${t.id}`);
    expect(done.body.data.status).toBe('completed');
    expect(done.body.data.winner).not.toBeNull();
    for (let i = 0; i < 2; i++) await runDueJobs(ctx.deps, { limit: 50 });
    const earnings = await ctx.deps.db
      .select()
      .from(schema.earnings)
      .where(eq(schema.earnings.sourceRef, t.id));
    expect(earnings.map((e) => e.amount).sort()).toEqual([1_200_000n, 800_000n].sort());
    const paid = await ctx.json(`/klash/tournaments/${t.id}`);
    expect(paid.body.data.payoutStatus).toBe('paid');
    expect((await verifyLedger(ctx.deps.db)).ok).toBe(true);
  });

  it('runs a leaderboard from the game sandbox and pays by percentile when it closes after 24 hours', async () => {
    const t = await openedTournament(
      ctx,
      tournamentInput(ctx, game, {
        format: 'leaderboard',
        capacity: 50,
        prizes: {
          kind: 'percentile',
          pool: '1000001',
          bands: [
            { fromPercent: 0, toPercent: 10, shareBasisPoints: 6000 },
            { fromPercent: 10, toPercent: 100, shareBasisPoints: 4000 },
          ],
        },
      }),
    );
    const players = await Promise.all(Array.from({ length: 5 }, () => signedInUser(ctx)));
    for (const p of players) expect((await registerAs(t.id, p.accessToken)).status).toBe(201);
    ctx.advance(3 * HOUR + 1000);
    await advanceKlash(ctx.deps.db, ctx.deps.klashGameApi, ctx.now());
    ctx.advance(2 * HOUR);
    await advanceKlash(ctx.deps.db, ctx.deps.klashGameApi, ctx.now());
    const board = await ctx.json(`/klash/tournaments/${t.id}/leaderboard`, {
      headers: (await fresh(players[0]!)).auth,
    });
    expect(board.body.data).toMatchObject({ status: 'live', total: 5 });
    expect(board.body.data.me).not.toBeNull();
    const ranks = board.body.data.rows.map((r: any) => r.rank);
    expect(ranks[0]).toBe(1);
    ctx.advance(24 * HOUR);
    await advanceKlash(ctx.deps.db, ctx.deps.klashGameApi, ctx.now());
    await runDueJobs(ctx.deps, { limit: 50 });
    const final = await ctx.json(`/klash/tournaments/${t.id}/leaderboard`);
    expect(final.body.data.status).toBe('completed');
    const earnings = await ctx.deps.db
      .select()
      .from(schema.earnings)
      .where(eq(schema.earnings.sourceRef, t.id));
    expect(earnings.reduce((s, e) => s + e.amount, 0n)).toBe(1_000_001n);
  });

  it('a cancelled tournament refunds every fee exactly once, whatever runs twice', async () => {
    const t = await openedTournament(ctx, tournamentInput(ctx, game, { entryFee: '7000', capacity: 16 }));
    const players = await Promise.all(Array.from({ length: 6 }, () => signedInUser(ctx)));
    for (const p of players) {
      await fundUser(ctx, p.user.id, 'user_kcash_bought', 5_000n);
      await fundUser(ctx, p.user.id, 'user_kcash_earned', 5_000n);
      expect((await registerAs(t.id, p.accessToken)).status).toBe(201);
    }
    const poolBefore = await systemBalance(ctx, 'rewards_pool');
    const cancel = () =>
      ctx.json(`/operator/klash/tournaments/${t.slug}/cancel`, {
        method: 'POST',
        body: { reason: 'Server outage' },
        headers: t.auth,
      });
    const [c1, c2] = await Promise.all([cancel(), cancel()]);
    expect([c1.status, c2.status]).toEqual([200, 200]);
    expect(c1.body.data).toMatchObject({ status: 'cancelled', refunds: 6 });
    // The job runs, then runs again (a retry), and the refund function is called twice at once.
    await runDueJobs(ctx.deps, { limit: 50 });
    await Promise.all([
      refundCancelledEntries(ctx.deps.db, t.id, ctx.now()),
      refundCancelledEntries(ctx.deps.db, t.id, ctx.now()),
    ]);
    await ctx.deps.db.transaction((tx) => cancelTournament(tx, t.slug, 'again', null, ctx.now()));
    for (const p of players) {
      const b = await balances(ctx.deps.db, p.user.id);
      expect([b.user_kcash_bought, b.user_kcash_earned]).toEqual([5_000n, 5_000n]);
    }
    const refunds = await ctx.deps.db
      .select()
      .from(schema.ledgerTransfers)
      .where(eq(schema.ledgerTransfers.kind, 'fee'));
    const mine = refunds.filter(
      (r) => (r.metadata as any).tournamentId === t.id && (r.metadata as any).refund,
    );
    expect(mine.reduce((s, r) => s + r.amount, 0n)).toBe(6n * 7_000n);
    expect(await systemBalance(ctx, 'rewards_pool')).toBe(poolBefore - 2_000_000n);
    const details = await ctx.json(`/klash/tournaments/${t.id}`, { headers: players[0]!.auth });
    expect(details.body.data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Server outage',
      myRegistration: { status: 'cancelled', refunded: true },
    });
    expect((await registerAs(t.id, players[0]!.accessToken)).body.message).toBe(
      KLASH_REGISTRATION_CLOSED_MESSAGE,
    );
    expect((await verifyLedger(ctx.deps.db)).ok).toBe(true);
  });

  if (kind === 'postgres')
    it('200 registrations at once for 64 places: exactly 64 are taken, each fee once', async () => {
      const t = await openedTournament(ctx, tournamentInput(ctx, game, { capacity: 64, entryFee: '1000' }));
      const players = await Promise.all(Array.from({ length: 200 }, () => signedInUser(ctx)));
      for (const p of players) await fundUser(ctx, p.user.id, 'user_kcash_bought', 1_000n);
      const escrowBefore = await systemBalance(ctx, 'klash_escrow');
      const results = await Promise.all(players.map((p) => registerAs(t.id, p.accessToken)));
      const ok = results.filter((r) => r.status === 201);
      expect(ok).toHaveLength(64);
      expect(
        results
          .filter((r) => r.status !== 201)
          .every((r) => r.status === 409 && r.body.message === KLASH_FULL_MESSAGE),
      ).toBe(true);
      const rows = await ctx.deps.db
        .select()
        .from(schema.klashEntries)
        .where(eq(schema.klashEntries.tournamentId, t.id));
      expect(rows).toHaveLength(64);
      expect((await ctx.json(`/klash/tournaments/${t.id}`)).body.data).toMatchObject({
        registeredCount: 64,
        spotsLeft: 0,
        registration: 'full',
      });
      expect(await systemBalance(ctx, 'klash_escrow')).toBe(escrowBefore + 64n * 1_000n);
      expect((await verifyLedger(ctx.deps.db)).ok).toBe(true);
    }, 120_000);
});
