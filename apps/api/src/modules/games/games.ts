import {
  GAME_GENRES,
  GAME_LOGIN_METHODS,
  GAME_NETWORKS,
  GAME_NOT_FOUND_MESSAGE,
  GAME_PLATFORMS,
  type Game,
  type GameInput,
  type gamesQuerySchema,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { type GameRow, games, questHubs, quests } from '@khel/db/schema';
import { and, asc, eq, ilike, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, logOperatorAction } from '../../lib/audit.ts';
import { AppError } from '../../lib/http.ts';
import { likePattern, pageState } from '../../lib/list-query.ts';

/** The games catalogue (SPEC §3): lists, filters and one game, for /games/ and /rkade. */

export function gameView(row: GameRow, liveQuestCount = 0): Game {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    genres: row.genres as Game['genres'],
    platforms: row.platforms as Game['platforms'],
    networks: row.networks as Game['networks'],
    loginMethods: row.loginMethods as Game['loginMethods'],
    coverUrl: row.coverUrl,
    playUrl: row.playUrl,
    hubSlug: row.hubSlug,
    liveQuestCount,
    translations: row.translations,
  };
}

const liveQuestCount = (now: Date) =>
  sql<number>`(select count(*)::int from ${quests} where ${quests.gameId} = ${games.id} and ${quests.kind} = 'quest' and ${quests.publishedAt} is not null and ${quests.endsAt} > ${now.toISOString()}::timestamptz)`;

export async function listGames(db: Executor, query: z.output<typeof gamesQuerySchema>, now: Date) {
  const where: SQL[] = [eq(games.active, true)];
  if (query.genre?.length) where.push(sql`${games.genres} && ${sql.param(query.genre)}::text[]`);
  if (query.platform?.length) where.push(sql`${games.platforms} && ${sql.param(query.platform)}::text[]`);
  if (query.network?.length) where.push(sql`${games.networks} && ${sql.param(query.network)}::text[]`);
  if (query.hub) where.push(eq(games.hubSlug, query.hub));
  if (query.playable === 'true') where.push(isNotNull(games.playUrl));
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(or(ilike(games.name, pattern), ilike(games.description, pattern))!);
  }
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({ game: games, live: liveQuestCount(now), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(games)
    .where(and(...where))
    .orderBy(asc(games.sortOrder), asc(games.name))
    .limit(query.limit)
    .offset(offset);
  const state = await pageState(query, offset, rows, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(games)
      .where(and(...where));
    return counted?.n ?? 0;
  });
  return { ...state, games: rows.map((r) => gameView(r.game, r.live)) };
}

export async function getGame(db: Executor, slug: string, now: Date): Promise<Game> {
  const [row] = await db
    .select({ game: games, live: liveQuestCount(now) })
    .from(games)
    .where(and(eq(games.slug, slug), eq(games.active, true)));
  if (!row) throw new AppError(404, GAME_NOT_FOUND_MESSAGE);
  return gameView(row.game, row.live);
}

const countBy = async <T extends string>(
  db: Executor,
  column: typeof games.genres | typeof games.platforms | typeof games.networks,
  values: readonly T[],
) => {
  const rows = await db
    .select({ value: sql<string>`unnest(${column})`, n: sql<number>`count(*)`.mapWith(Number) })
    .from(games)
    .where(eq(games.active, true))
    .groupBy(sql`1`);
  const counts = new Map(rows.map((r) => [r.value, r.n]));
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
};

export async function gameFilters(db: Executor) {
  return {
    genres: await countBy(db, games.genres, GAME_GENRES),
    platforms: await countBy(db, games.platforms, GAME_PLATFORMS),
    networks: await countBy(db, games.networks, GAME_NETWORKS),
  };
}

export async function gameMetadata(db: Executor) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      playable: sql<number>`count(${games.playUrl})`.mapWith(Number),
    })
    .from(games)
    .where(eq(games.active, true));
  return {
    totalGames: row?.total ?? 0,
    playableInBrowser: row?.playable ?? 0,
    loginMethods: [...GAME_LOGIN_METHODS],
  };
}

/** Creates or updates a game by slug (operators), logged with who did it. */
export async function upsertGame(tx: Transaction, input: GameInput, actor: Actor, now: Date): Promise<Game> {
  if (input.hubSlug) {
    const [hub] = await tx
      .select({ slug: questHubs.slug })
      .from(questHubs)
      .where(eq(questHubs.slug, input.hubSlug));
    if (!hub) throw new AppError(400, 'No partner hub has that slug.');
  }
  const [row] = await tx
    .insert(games)
    .values(input)
    .onConflictDoUpdate({ target: games.slug, set: { ...input } })
    .returning();
  await logOperatorAction(tx, actor, 'game.upsert', input.slug);
  const [live] = await tx
    .select({ n: liveQuestCount(now) })
    .from(games)
    .where(eq(games.id, row!.id));
  return gameView(row!, live?.n ?? 0);
}
