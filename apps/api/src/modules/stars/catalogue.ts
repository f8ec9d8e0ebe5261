import { money, STORE_ITEM_NOT_FOUND_MESSAGE, type StarsPack, UUID_PATTERN } from '@khel/core/contract';
import { minorPerMajor } from '@khel/core/format';
import type { Database, Executor, Transaction } from '@khel/db';
import { type StarsPackRow, seedRuns, starsPacks, storeItems } from '@khel/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, logOperatorAction } from '../../lib/audit.ts';
import { AppError } from '../../lib/http.ts';

/** What is sold for Stars: K-Cash packs (stars_packs) and the Stars price of K-Store items (store_items.price_stars). */

export const toStarsPack = (row: StarsPackRow): StarsPack => ({
  id: row.id,
  sku: row.sku,
  kcash: money(row.kcash, 'KCASH'),
  stars: row.stars,
});

export const toOperatorStarsPack = (row: StarsPackRow) => ({
  ...toStarsPack(row),
  active: row.active,
  sortOrder: row.sortOrder,
});

/** The packs gamers may buy, cheapest first. */
export async function listStarsPacks(db: Executor): Promise<StarsPack[]> {
  const t = starsPacks;
  const rows = await db.select().from(t).where(eq(t.active, true)).orderBy(asc(t.sortOrder), asc(t.stars));
  return rows.map(toStarsPack);
}

export async function listAllStarsPacks(db: Executor) {
  const t = starsPacks;
  const rows = await db.select().from(t).orderBy(asc(t.sortOrder), asc(t.stars));
  return rows.map(toOperatorStarsPack);
}

export interface StarsPackInput {
  /** Whole K-Cash. */
  kcash: number;
  stars: number;
  active: boolean;
  sortOrder: number;
}

/** Creates or changes a pack by its sku; logged in the operators' audit log. */
export async function upsertStarsPack(tx: Transaction, sku: string, input: StarsPackInput, actor: Actor) {
  const kcash = BigInt(input.kcash) * minorPerMajor('KCASH');
  const [row] = await tx
    .insert(starsPacks)
    .values({ sku, kcash, stars: input.stars, active: input.active, sortOrder: input.sortOrder })
    .onConflictDoUpdate({
      target: starsPacks.sku,
      set: {
        kcash,
        stars: input.stars,
        active: input.active,
        sortOrder: input.sortOrder,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  await logOperatorAction(tx, actor, 'stars.pack.upsert', sku, { ...input });
  return toOperatorStarsPack(row!);
}

/** Sets (or with null removes) an item's Stars price; logged in the audit log. */
export async function setItemStarsPrice(tx: Transaction, itemId: string, stars: number | null, actor: Actor) {
  if (!UUID_PATTERN.test(itemId)) throw new AppError(404, STORE_ITEM_NOT_FOUND_MESSAGE);
  const [row] = await tx
    .update(storeItems)
    .set({ priceStars: stars })
    .where(eq(storeItems.id, itemId))
    .returning({
      id: storeItems.id,
      sku: storeItems.sku,
      name: storeItems.name,
      stars: storeItems.priceStars,
    });
  if (!row) throw new AppError(404, STORE_ITEM_NOT_FOUND_MESSAGE);
  await logOperatorAction(tx, actor, 'stars.item.price', row.sku, { stars });
  return row;
}

export const STARS_DEMO_SEED = 'stars-demo-v1';
const SEED_ACTOR: Actor = { operatorId: null, name: 'demo seed' };

/**
 * The demo's Stars prices: four packs at about 1 Star per 12 K-Cash (bigger packs a little cheaper per
 * K-Cash), and Stars prices for four of the six demo store items (the other two are not sold for Stars).
 */
export const DEMO_STARS_PACKS = [
  { sku: 'kcash-100', kcash: 100, stars: 10, sortOrder: 1 },
  { sku: 'kcash-500', kcash: 500, stars: 45, sortOrder: 2 },
  { sku: 'kcash-1000', kcash: 1000, stars: 85, sortOrder: 3 },
  { sku: 'kcash-5000', kcash: 5000, stars: 400, sortOrder: 4 },
] as const;
export const DEMO_ITEM_STARS: Record<string, number> = {
  'gift-amazon-in-500': 480,
  'game-bgmi-uc-325': 360,
  'game-free-fire-diamonds-310': 240,
  'voucher-swiggy-100': 95,
};

export async function seedDemoStars(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: STARS_DEMO_SEED })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return { applied: false };
    for (const pack of DEMO_STARS_PACKS)
      await upsertStarsPack(tx, pack.sku, { ...pack, active: true }, SEED_ACTOR);
    const items = await tx
      .select({ id: storeItems.id, sku: storeItems.sku })
      .from(storeItems)
      .where(and(inArray(storeItems.sku, Object.keys(DEMO_ITEM_STARS))));
    for (const item of items) await setItemStarsPrice(tx, item.id, DEMO_ITEM_STARS[item.sku]!, SEED_ACTOR);
    return { applied: true };
  });
}
