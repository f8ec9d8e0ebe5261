import { eq } from 'drizzle-orm';
import type { Database } from './client.ts';
import { seedRuns, storeItems, users } from './schema/index.ts';

/** Demo accounts a newcomer can look at; later capabilities add their own seed sets. */
export const DEMO_USERS = [
  { phoneNumber: '+919000000001', firstName: 'Aarav', username: 'aaravplays', languageCode: 'hi' },
  { phoneNumber: '+5511990000001', firstName: 'Beatriz', username: 'biagamer', languageCode: 'pt-BR' },
] as const;

const SEED_NAME = 'demo-users-v1';

/** Seeds demo data once: a marker row makes later runs (and concurrent starts) a no-op. */
export async function seedDemoData(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { applied: false };
    await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ ...u, isVerified: true })))
      .onConflictDoNothing({ target: users.phoneNumber });
    return { applied: true };
  });
}

/**
 * The K-Store catalogue (SPEC §1): gift cards, game currency and vouchers. Prices in minor units
 * (K-Cash has 3 decimals: 1 USDT = 1000 K-Cash = 1 000 000 minor units; rKHEL has 6).
 */
export const STORE_CATALOGUE = [
  {
    sku: 'gift-amazon-in-500',
    name: 'Amazon.in Gift Card ₹500',
    description: 'A ₹500 Amazon.in gift card code.',
    category: 'gift_card',
    priceKcash: 6_000_000n,
    priceRkhel: 60_000_000n,
    stock: 100,
    sortOrder: 10,
    regions: ['IN'],
    translations: {
      hi: { name: 'Amazon.in गिफ़्ट कार्ड ₹500', description: '₹500 का Amazon.in गिफ़्ट कार्ड कोड।' },
      'pt-BR': {
        name: 'Cartão-presente Amazon.in ₹500',
        description: 'Um código de cartão-presente Amazon.in de ₹500.',
      },
    },
  },
  {
    sku: 'gift-google-play-br-50',
    name: 'Google Play Gift Card R$50',
    description: 'A R$50 Google Play code for Brazil.',
    category: 'gift_card',
    priceKcash: 10_000_000n,
    priceRkhel: null,
    stock: 50,
    sortOrder: 20,
    regions: ['BR'],
    translations: {
      hi: { name: 'Google Play गिफ़्ट कार्ड R$50', description: 'ब्राज़ील के लिए R$50 का Google Play कोड।' },
      'pt-BR': {
        name: 'Cartão-presente Google Play R$50',
        description: 'Um código Google Play de R$50 para o Brasil.',
      },
    },
  },
  {
    sku: 'game-bgmi-uc-325',
    name: 'BGMI 325 UC',
    description: '325 Unknown Cash for Battlegrounds Mobile India.',
    category: 'game_currency',
    priceKcash: 4_500_000n,
    priceRkhel: 45_000_000n,
    stock: 200,
    sortOrder: 30,
    regions: ['IN'],
    translations: {
      hi: { name: 'BGMI 325 UC', description: 'Battlegrounds Mobile India के लिए 325 Unknown Cash।' },
      'pt-BR': { name: 'BGMI 325 UC', description: '325 Unknown Cash para Battlegrounds Mobile India.' },
    },
  },
  {
    sku: 'game-free-fire-diamonds-310',
    name: 'Free Fire 310 Diamonds',
    description: '310 diamonds for Free Fire.',
    category: 'game_currency',
    priceKcash: 3_000_000n,
    priceRkhel: 30_000_000n,
    stock: 200,
    sortOrder: 40,
    regions: [],
    translations: {
      hi: { name: 'Free Fire 310 डायमंड', description: 'Free Fire के लिए 310 डायमंड।' },
      'pt-BR': { name: 'Free Fire 310 diamantes', description: '310 diamantes para Free Fire.' },
    },
  },
  {
    sku: 'voucher-swiggy-100',
    name: 'Swiggy Voucher ₹100',
    description: '₹100 off a Swiggy order.',
    category: 'voucher',
    priceKcash: 1_200_000n,
    priceRkhel: null,
    stock: 300,
    sortOrder: 50,
    regions: ['IN'],
    translations: {
      hi: { name: 'Swiggy वाउचर ₹100', description: 'Swiggy ऑर्डर पर ₹100 की छूट।' },
      'pt-BR': { name: 'Vale Swiggy ₹100', description: '₹100 de desconto num pedido Swiggy.' },
    },
  },
  {
    sku: 'voucher-ifood-25',
    name: 'iFood Voucher R$25',
    description: 'R$25 off an iFood order.',
    category: 'voucher',
    priceKcash: null,
    priceRkhel: 5_000_000n,
    stock: 150,
    sortOrder: 60,
    regions: ['BR'],
    translations: {
      hi: { name: 'iFood वाउचर R$25', description: 'iFood ऑर्डर पर R$25 की छूट।' },
      'pt-BR': { name: 'Vale iFood R$25', description: 'R$25 de desconto num pedido iFood.' },
    },
  },
] as const;

const STORE_SEED_NAME = 'store-catalogue-v1';
const STORE_REGIONS_SEED_NAME = 'store-catalogue-v2-regions';

/**
 * The `seed_runs` markers of seedDemoData, seedStoreCatalogue and updateStoreCatalogueRegions: the
 * API skips all demo seeding at start when these and every module's markers are present.
 */
export const DEMO_SEED_MARKERS: readonly string[] = [SEED_NAME, STORE_SEED_NAME, STORE_REGIONS_SEED_NAME];

/** Seeds the store catalogue once (same marker scheme as seedDemoData); items are keyed on their sku. */
export async function seedStoreCatalogue(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: STORE_SEED_NAME })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return { applied: false };
    await tx
      .insert(storeItems)
      .values(STORE_CATALOGUE.map((item) => ({ ...item, regions: [...item.regions] })))
      .onConflictDoNothing({ target: storeItems.sku });
    return { applied: true };
  });
}

/**
 * Catalogues seeded before items had regions and translations get them (once, by sku): Indian items
 * are sold in India, Brazilian ones in Brazil (issue 10: each user sees the items of their region).
 */
export async function updateStoreCatalogueRegions(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: STORE_REGIONS_SEED_NAME })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return { applied: false };
    for (const item of STORE_CATALOGUE)
      await tx
        .update(storeItems)
        .set({ regions: [...item.regions], translations: item.translations })
        .where(eq(storeItems.sku, item.sku));
    return { applied: true };
  });
}
