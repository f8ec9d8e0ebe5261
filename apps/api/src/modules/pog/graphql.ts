import type { AppDeps } from '../../lib/context.ts';
import { cardByName } from './cards.ts';
import { pogDashboard } from './dashboard.ts';
import { feedPage, pogLeaderboard } from './social.ts';

/**
 * SPEC §7 "POST graphql POG dashboard (tps path)": a small GraphQL schema over the same services as the REST
 * routes, for dashboards that want several things in one request. graphql-js, loaded on first use.
 */
const SDL = /* GraphQL */ `
  type Scores { HUMAN: Int! PLAY: Int! SKILL: Int! COMMERCE: Int! SOCIAL: Int! }
  type Badge { id: String! type: String! earnedAt: String! }
  type Mint { chain: String! network: String! contract: String! tokenId: String! owner: String! txHash: String! }
  type Card {
    id: ID! name: String! theme: String variant: String! scores: Scores! total: Int! badges: [Badge!]!
    avatarUrl: String likes: Int! likedByMe: Boolean! rank: Int showcaseUrl: String! mint: Mint
    clanName: String
  }
  type NextVariant { variant: String! pointsNeeded: Int! }
  type Dashboard {
    card: Card scores: Scores! total: Int! variant: String! nextVariant: NextVariant badges: [Badge!]!
    boostBasisPoints: Int!
  }
  type ClanEntry { rank: Int! clanId: ID! clanName: String! pogScore: Int! minted: Int! memberCount: Int! }
  type Leaderboard { clans: [ClanEntry!]! myClan: ClanEntry }
  type Query {
    "The signed-in user's POG dashboard (null for a visitor)."
    me: Dashboard
    card(name: String!): Card
    feed(kind: String = "all", page: Int = 1, limit: Int = 20): [Card!]!
    leaderboard: Leaderboard!
  }
`;

type Schema = import('graphql').GraphQLSchema;
let schema: Promise<Schema> | null = null;

function schemaOnce(): Promise<Schema> {
  schema ??= import('graphql').then((g) => g.buildSchema(SDL));
  return schema;
}

const cardView = (card: Awaited<ReturnType<typeof cardByName>>) => ({
  ...card,
  clanName: card.clan?.name ?? null,
});

export async function runPogGraphql(
  deps: AppDeps,
  readerId: string | null,
  body: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null },
): Promise<{ data?: unknown; errors?: unknown[] }> {
  const { graphql } = await import('graphql');
  const root = {
    me: async () => {
      if (!readerId) return null;
      const d = await pogDashboard(deps, readerId);
      return { ...d, card: d.card ? cardView(d.card) : null };
    },
    card: async ({ name }: { name: string }) => {
      try {
        return cardView(await cardByName(deps, readerId, name));
      } catch {
        return null;
      }
    },
    feed: async ({ kind, page, limit }: { kind: string; page: number; limit: number }) => {
      const feed = kind === 'legendary' ? 'legendary' : kind === 'clan' && readerId ? 'clan' : 'all';
      const result = await feedPage(deps, readerId, feed, {
        page: Math.max(1, Math.min(page, 10_000)),
        limit: Math.max(1, Math.min(limit, 50)),
      });
      return result.cards.map(cardView);
    },
    leaderboard: () => pogLeaderboard(deps, readerId, 'global-clans'),
  };
  const result = await graphql({
    schema: await schemaOnce(),
    source: body.query,
    rootValue: root,
    variableValues: body.variables ?? undefined,
    operationName: body.operationName ?? undefined,
  });
  // Errors name what was wrong with the query; a failure of ours is logged, never described.
  const errors = result.errors?.map((e) => {
    if (e.originalError) deps.logger.warn('pog graphql: a resolver failed', { err: String(e.originalError) });
    return { message: e.originalError ? 'Something went wrong, Please try again!' : e.message };
  });
  return { data: result.data ?? null, ...(errors ? { errors } : {}) };
}
