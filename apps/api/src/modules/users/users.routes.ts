import { USER_SEARCH_RATE_LIMITED_MESSAGE, USER_SEARCHES_PER_MINUTE, usersRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import {
  batchDetails,
  clearRecentSearches,
  recentSearches,
  recordRecentSearch,
  searchUsers,
  userActivity,
  userByUsername,
  userNfts,
} from './users.ts';

const MINUTE_MS = 60_000;

/** Search, recent searches, batch details, id from username, NFTs, activity (README.md). */
export function usersRouter() {
  const app = new Hono<AppEnv>();
  mount(app, usersRoutes.userSearch, ACTIVE_USER, async ({ c, user, query }) => {
    const deps = c.get('deps');
    // Searching lists other people: a per-user budget keeps anyone from walking the whole user table.
    const hit = await hitRateLimit(
      deps.db,
      `users-search:${user.id}`,
      USER_SEARCHES_PER_MINUTE,
      MINUTE_MS,
      deps.clock(),
    );
    if (!hit.allowed) {
      throw new AppError(
        429,
        USER_SEARCH_RATE_LIMITED_MESSAGE,
        { retryAfter: hit.retryAfterMs },
        { 'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))) },
      );
    }
    return { data: await searchUsers(deps, user.id, query.q, query) };
  });
  mount(app, usersRoutes.userRecentSearches, ACTIVE_USER, async ({ c, user }) => ({
    data: { users: await recentSearches(c.get('deps'), user.id) },
  }));
  mount(app, usersRoutes.userRecordRecentSearch, ACTIVE_USER, async ({ c, user, body }) => {
    const deps = c.get('deps');
    await deps.db.transaction((tx) => recordRecentSearch(tx, user.id, body.userId, deps.clock()));
    return { data: { users: await recentSearches(deps, user.id) } };
  });
  mount(app, usersRoutes.userClearRecentSearches, ACTIVE_USER, async ({ c, user }) => {
    await clearRecentSearches(c.get('deps').db, user.id);
    return { data: { users: [] } };
  });
  mount(app, usersRoutes.userBatchDetails, ACTIVE_USER, async ({ c, body }) => ({
    data: { users: await batchDetails(c.get('deps'), body.ids) },
  }));
  mount(app, usersRoutes.userByUsername, async ({ c, params }) => ({
    data: await userByUsername(c.get('deps'), params.username),
  }));
  mount(app, usersRoutes.userNfts, ACTIVE_USER, async ({ c, user }) => ({
    data: { nfts: await userNfts(c.get('deps'), user.id) },
  }));
  mount(app, usersRoutes.userActivity, ACTIVE_USER, async ({ c, user, query }) => ({
    data: await userActivity(c.get('deps').db, user.id, query),
  }));
  return app;
}
