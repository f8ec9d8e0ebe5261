import { REFERRAL_CYCLE_MESSAGE } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AppError } from '../../lib/http.ts';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { applyReferralCode, applyReferralCodeIn, ensureReferralCode, invitedCount } from './referrals.ts';

/** PostgreSQL only (PGlite runs one transaction at a time and would hide every race). */
describe('referral applies at once on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const newUser = async () => (await signedInUser(ctx)).user.id;
  const codeOf = (userId: string) => ensureReferralCode(ctx.deps.db, userId);
  const apply = (userId: string, code: string) => applyReferralCode(ctx.deps, userId, code);
  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  /** The outcome of an apply: 'applied', or the refusal's status and message. */
  const outcome = (r: PromiseSettledResult<void>) =>
    r.status === 'fulfilled'
      ? 'applied'
      : `${(r.reason as AppError).status} ${(r.reason as AppError).message}`;

  it('a burst of new accounts applying one code runs while another apply of it is still open', async () => {
    const inviter = await newUser();
    const code = await codeOf(inviter);
    const lone: number[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await newUser();
      lone.push(await timed(() => apply(u, code)));
    }
    const loneMs = lone.sort((a, b) => a - b)[1]!;

    // One apply holds its transaction open (its locks held) until the burst is over or the bound passed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldApplied!: () => void;
    const heldIsApplied = new Promise<void>((resolve) => {
      heldApplied = resolve;
    });
    const held = ctx.deps.db.transaction(async (tx) => {
      await applyReferralCodeIn(tx, ctx.now(), await newUser(), code);
      heldApplied();
      await released;
    });
    await heldIsApplied;

    const burst = await Promise.all(Array.from({ length: 8 }, newUser));
    let releasedAt = Number.POSITIVE_INFINITY;
    const started = performance.now();
    const answers = Promise.allSettled(burst.map((u) => apply(u, code)));
    // Under one lock for everyone the burst waits for the open apply: the bound releases it, and the
    // burst ends after it. Side by side, the burst ends first.
    const bound = 100 * loneMs;
    const timer = setTimeout(() => {
      releasedAt = performance.now();
      release();
    }, bound);
    const settled = await answers;
    const burstMs = performance.now() - started;
    clearTimeout(timer);
    release();
    await held;

    expect(settled.map(outcome)).toEqual(burst.map(() => 'applied'));
    expect(releasedAt).toBe(Number.POSITIVE_INFINITY);
    expect(burstMs).toBeLessThan(bound);
    expect(await invitedCount(ctx.deps.db, inviter)).toBe(3 + 1 + 8);
  }, 60_000);

  it('people applying each other’s codes at once, in pairs and in a ring of three: never a cycle', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const [a, b] = [await newUser(), await newUser()];
        return { a, b, codeA: await codeOf(a), codeB: await codeOf(b) };
      }),
    );
    const ring = [await newUser(), await newUser(), await newUser()];
    const ringCodes = await Promise.all(ring.map(codeOf));
    const [pairAnswers, ringAnswers] = await Promise.all([
      Promise.all(
        pairs.map(({ a, b, codeA, codeB }) => Promise.allSettled([apply(a, codeB), apply(b, codeA)])),
      ),
      // ring[i] applies the code of ring[i + 1]: all three would close the ring.
      Promise.allSettled(ring.map((u, i) => apply(u, ringCodes[(i + 1) % 3]!))),
    ]);
    const cycle = `400 ${REFERRAL_CYCLE_MESSAGE}`;
    for (const answers of pairAnswers) expect(answers.map(outcome).sort()).toEqual(['applied', cycle].sort());
    expect(ringAnswers.map(outcome).sort()).toEqual(['applied', 'applied', cycle].sort());
    // No account reaches itself by following its inviters.
    const loops = await ctx.deps.db.execute(sql`
      with recursive up(start, id, depth) as (
        select id, referred_by, 1 from users where referred_by is not null
        union all
        select up.start, u.referred_by, up.depth + 1 from up join users u on u.id = up.id
        where u.referred_by is not null and up.id <> up.start and up.depth < 50
      )
      select count(*)::int as n from up where id = start`);
    expect((loops as unknown as { n: number }[])[0]?.n).toBe(0);
  }, 60_000);
});
