import { CAMPAIGN_NO_SLOT_LEFT_MESSAGE } from '@khel/core/contract';
import { createDatabase, createTestPostgresDatabase } from '@khel/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RoundTripCounter, roundTripCounter } from '../../round-trip-counter.test-support.ts';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { CODES, liveCampaign, startCampaignAt, validateCampaign } from './campaigns.test-support.ts';

/**
 * What one finisher's validation costs PostgreSQL and the API in round trips (issue 23: in a burst each
 * one wakes both processes, and their cost was the largest part of a validation's CPU). Counted by a
 * proxy between the API and PostgreSQL, so the figure does not depend on the machine. Each path is
 * run once before it is counted: a statement's first use in a process also prepares it.
 */
describe('a campaign finisher in round trips to PostgreSQL', () => {
  let ctx: TestContext;
  let counter: RoundTripCounter;
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  beforeAll(async () => {
    database = await createTestPostgresDatabase(inject('postgresAdminUrl'), { migrated: true });
    counter = await roundTripCounter(database.url);
    const proxied = createDatabase({ kind: 'postgres', url: counter.url, max: 2 });
    ctx = await createTestContext('postgres', undefined, {}, { database: proxied });
  });
  afterAll(async () => {
    await ctx?.close();
    await counter?.close();
    await database?.close();
  });

  /** Enters, verifies the first task, then counts the round trips of the validation that finishes. */
  async function finishCounted(c: Awaited<ReturnType<typeof liveCampaign>>) {
    const { auth } = await signedInUser(ctx);
    expect((await startCampaignAt(ctx, auth, c.id)).status).toBe(200);
    expect((await validateCampaign(ctx, auth, c.id, c.taskIds[0]!, CODES[0])).status).toBe(200);
    const before = counter.count();
    const res = await validateCampaign(ctx, auth, c.id, c.taskIds[1]!, CODES[1]);
    expect(res.status).toBe(200);
    expect(res.body.data.verified).toBe(true);
    return {
      trips: counter.count() - before,
      slot: res.body.data.progress.slotNumber as number | null,
      progress: res.body.data.progress as { entryStatus: string; notice: string | null; rank: number | null },
    };
  }

  // A new gamer's first finish also reaches level 2: the level's K-Points are a ledger transfer in the same
  // transaction (3 of the round trips), as for most finishers of a launch-day burst.
  it('finishing once every slot is taken: 12 round trips (17 with each statement awaited in turn)', async () => {
    const c = await liveCampaign(ctx, { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 1, amount: '1000' });
    expect((await finishCounted(c)).slot).toBe(1); // the slot-taking path, once, unmeasured
    await finishCounted(c); // the no-slot path's statements prepared
    const { trips, slot, progress } = await finishCounted(c);
    expect(slot).toBeNull();
    // The answer's rows are read in the transaction, sent right after the finish: they show it.
    expect(progress).toMatchObject({
      entryStatus: 'FINISHED',
      notice: CAMPAIGN_NO_SLOT_LEFT_MESSAGE,
      rank: expect.any(Number),
    });
    expect(trips).toBe(12);
  });

  it('finishing with a slot: 15 round trips (19 with each statement awaited in turn)', async () => {
    const c = await liveCampaign(ctx, { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 3, amount: '1000' });
    await finishCounted(c);
    const { trips, slot } = await finishCounted(c);
    expect(slot).toBe(2);
    expect(trips).toBe(15);
  });
});
