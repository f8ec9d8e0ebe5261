/**
 * Klash benchmark (issue 14): requests per second of the tournament list and of a live leaderboard, as ratios to a
 * bare Hono app answering a constant envelope through `app.request()`, measured in the same run.
 *
 * Setup: one throwaway PostgreSQL database (BENCH_DATABASE_URL / TEST_DATABASE_URL, else the local server) with the
 * demo games, BENCH_KLASH_TOURNAMENTS (200) opened bracket tournaments registering now, and one live leaderboard with
 * BENCH_KLASH_ENTRIES (1 000) entries whose scores the game sandbox fed (bare accounts, loaded in one INSERT …
 * SELECT each). Rows, each for BENCH_SECONDS at concurrency 1 and 8:
 *
 * - bare Hono GET (the baseline);
 * - `GET /klash/tournaments?status=upcoming` (first page of 20, with its count);
 * - `GET /klash/tournaments/<id>/leaderboard` (top 100 with each rank's projected prize).
 *
 * It asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:klash
 */
import { SandboxKlashGameApi } from '@khel/api/modules/klash/game-api.ts';
import { openTournament, upsertTournament } from '@khel/api/modules/klash/klash.ts';
import { feedScores } from '@khel/api/modules/klash/leaderboard.ts';
import { startTournament } from '@khel/api/modules/klash/lifecycle.ts';
import { seedDemoQuests } from '@khel/api/modules/quests/catalogue.ts';
import { createTestContext } from '@khel/api/test-support';
import { schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ADMIN_URL, measure, positive, printTable, type Row, ratio } from './support.ts';

const TOURNAMENTS = Math.round(positive('BENCH_KLASH_TOURNAMENTS', 200));
const ENTRIES = Math.round(positive('BENCH_KLASH_ENTRIES', 1_000));
const HOUR = 3_600_000;
const ACTOR = { operatorId: null, name: 'bench' };

async function main() {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  try {
    ctx = await createTestContext('postgres', ADMIN_URL);
  } catch (error) {
    console.log(`postgres: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  const { db } = ctx.deps;
  const now = ctx.now();
  const iso = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
  await seedDemoQuests(db, now);
  const base = {
    description: 'Bench tournament.',
    rules: '',
    coverUrl: null,
    gameSlug: 'bullie-racer',
    mode: 'solo' as const,
    teamSize: 1,
    matchMinutes: 60,
    entryFee: '0',
    endsAt: null,
  };
  console.log(`setup: ${TOURNAMENTS} tournaments, a leaderboard of ${ENTRIES} entries`);
  await db.transaction(async (tx) => {
    for (let i = 0; i < TOURNAMENTS; i++) {
      const slug = `bench-cup-${i}`;
      await upsertTournament(
        tx,
        {
          ...base,
          slug,
          title: `Bench Cup ${i}`,
          format: 'bracket',
          capacity: 64,
          registrationOpensAt: iso(-1),
          registrationClosesAt: iso(24 + i),
          startsAt: iso(25 + i),
          prizes: {
            kind: 'rank',
            ranks: [
              { rank: 1, amount: '1200000' },
              { rank: 2, amount: '800000' },
            ],
          },
        },
        ACTOR,
        now,
      );
      await openTournament(tx, slug, ACTOR, now);
    }
    await upsertTournament(
      tx,
      {
        ...base,
        slug: 'bench-board',
        title: 'Bench Board',
        format: 'leaderboard',
        capacity: ENTRIES,
        registrationOpensAt: iso(-48),
        registrationClosesAt: iso(-6),
        startsAt: iso(-5),
        prizes: {
          kind: 'percentile',
          pool: '5000000',
          bands: [
            { fromPercent: 0, toPercent: 10, shareBasisPoints: 6000 },
            { fromPercent: 10, toPercent: 50, shareBasisPoints: 4000 },
          ],
        },
      },
      ACTOR,
      new Date(now.getTime() - 48 * HOUR),
    );
    const board = await openTournament(tx, 'bench-board', ACTOR, new Date(now.getTime() - 48 * HOUR));
    await tx.execute(sql`
      with players as (
        insert into users (username, is_verified)
        select 'bench_player_' || g, true from generate_series(1, ${ENTRIES}) g
        returning id, username
      )
      insert into klash_entries (tournament_id, captain_user_id, name, registered_at)
      select ${board.id}, id, username, now() - interval '10 hours' from players`);
    await tx
      .update(schema.klashTournaments)
      .set({ registeredCount: ENTRIES })
      .where(eq(schema.klashTournaments.id, board.id));
    await startTournament(tx, board.id, new Date(now.getTime() - 5 * HOUR));
    const [row] = await tx
      .select()
      .from(schema.klashTournaments)
      .where(eq(schema.klashTournaments.id, board.id));
    await feedScores(tx, row!, new SandboxKlashGameApi(), now);
  });
  await db.execute(sql`analyze`);
  const [board] = await db
    .select({ id: schema.klashTournaments.id })
    .from(schema.klashTournaments)
    .where(eq(schema.klashTournaments.slug, 'bench-board'));

  const bare = new Hono().get('/echo', (c) =>
    c.json({ success: true, status: 200, data: { ok: true }, message: 'ok' }),
  );
  const get = async (path: string) => {
    const res = await ctx.app.request(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  const rows: Row[] = [];
  for (const concurrency of [1, 8]) {
    const baseline = await measure(concurrency, async () => {
      await (await bare.request('/echo')).arrayBuffer();
    });
    rows.push({
      section: `concurrency ${concurrency}`,
      label: 'bare Hono GET, app.request()',
      concurrency,
      figures: baseline,
      ratios: [],
    });
    for (const [label, path] of [
      ['GET /klash/tournaments?status=upcoming', '/klash/tournaments?status=upcoming'],
      [
        `GET /klash/tournaments/<id>/leaderboard (${ENTRIES} entries)`,
        `/klash/tournaments/${board!.id}/leaderboard`,
      ],
    ] as const) {
      const figures = await measure(concurrency, () => get(path));
      rows.push({
        section: `concurrency ${concurrency}`,
        label,
        concurrency,
        figures,
        ratios: [ratio(figures.opsPerSecond, baseline.opsPerSecond, 'bare Hono')],
      });
    }
  }
  printTable('Klash: requests per second, ratios to a bare Hono app', rows);
  await ctx.close();
}

await main();
