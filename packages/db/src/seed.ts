import type { Database } from './client.ts';
import { seedRuns, users } from './schema/index.ts';

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
