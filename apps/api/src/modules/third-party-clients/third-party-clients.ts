import { THIRD_PARTY_CLIENT_NOT_FOUND_MESSAGE } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { seedRuns, thirdPartyClients } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { signId } from '../../lib/signed-id.ts';
import { loadQuest } from '../quests/index.ts';

/** Where the sandbox community client lives (dev only): what a partner's site would be. */
export const SANDBOX_COMMUNITY_PATH = '/sandbox/community';

/**
 * The player token a client receives: `<userId>.<HMAC of client and user>`, so the client can ask us
 * to confirm who came, and a token made for one client means nothing to another.
 */
export const playerToken = (deps: AppDeps, clientId: string, userId: string): string =>
  signId(deps.secrets.questLinkKey, `third-party:${clientId}`, userId);

/** The client's redirect address with `{questId}`, `{questSlug}` and `{player}` filled in. */
export async function redirectUrlFor(deps: AppDeps, userId: string, clientId: string, questId: string) {
  const [client] = await deps.db
    .select()
    .from(thirdPartyClients)
    .where(and(eq(thirdPartyClients.clientId, clientId), eq(thirdPartyClients.active, true)));
  if (!client) throw new AppError(404, THIRD_PARTY_CLIENT_NOT_FOUND_MESSAGE);
  const { quest } = await loadQuest(deps.db, { id: questId });
  const redirectUrl = client.redirectUrlTemplate
    .replaceAll('{questId}', encodeURIComponent(quest.id))
    .replaceAll('{questSlug}', encodeURIComponent(quest.slug))
    .replaceAll('{player}', encodeURIComponent(playerToken(deps, clientId, userId)));
  return { statusCode: 200, redirectUrl };
}

/** The demo community client (dev): it sends users to our sandbox community page. */
/** The seed_runs marker of seedDemoClients. */
export const THIRD_PARTY_CLIENTS_DEMO_SEED = 'third-party-clients-v1';

export async function seedDemoClients(db: Database): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx
      .insert(seedRuns)
      .values({ name: THIRD_PARTY_CLIENTS_DEMO_SEED })
      .onConflictDoNothing()
      .returning();
    if (marked.length === 0) return { applied: false };
    await tx
      .insert(thirdPartyClients)
      .values({
        clientId: 'khel-community',
        name: 'Khel community (sandbox)',
        redirectUrlTemplate: `/api${SANDBOX_COMMUNITY_PATH}?quest={questSlug}&player={player}`,
      })
      .onConflictDoNothing();
    return { applied: true };
  });
}
