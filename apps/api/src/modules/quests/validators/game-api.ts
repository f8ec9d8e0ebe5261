import { MESSAGES } from '@khel/core/domain';
import type { AppDeps } from '../../../lib/context.ts';
import { gameSandboxEnabled, SANDBOX_GAME_HOST, sandboxGameStatus } from '../../quest-sandboxes/index.ts';
import { checkLoginValue } from './capture-login.ts';
import { defineValidator } from './types.ts';

export const GAME_PLAYER_NOT_FOUND_MESSAGE = 'We could not find that player in the game.';

/**
 * The HTTP status the partner's endpoint answers for this URL, or null when it did not answer within
 * the timeout or could not be reached. Endpoints on games.khel.local go to the sandbox partner game
 * server (game-sandbox.ts) when it is on; everything else is a real request. Redirects are not followed.
 */
async function partnerStatus(deps: AppDeps, url: URL): Promise<number | null> {
  if (url.hostname === SANDBOX_GAME_HOST && gameSandboxEnabled(deps)) return sandboxGameStatus(deps, url);
  try {
    const res = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.env.GAME_API_TIMEOUT_MS),
    });
    await res.body?.cancel().catch(() => undefined);
    return res.status;
  } catch (err) {
    deps.logger.warn('quests: game API did not answer', {
      endpoint: `${url.origin}${url.pathname}`,
      error: err instanceof Error ? err.name : String(err),
    });
    return null;
  }
}

/**
 * Game API validation (SPEC §3): the user types their game login value (checked by the SPEC §5 rule of
 * the task's method, like capture_login); we GET the partner's endpoint with `?playerId=<value>` and
 * expect 200 (the player exists: verified, the value is kept) or 400 (no such player) within
 * GAME_API_TIMEOUT_MS (10 s). Anything else, a timeout or a network error is 'API failure! Please try again'.
 */
export const gameApiValidator = defineValidator({
  type: 'game_api',
  validate: async (ctx) => {
    const value = checkLoginValue(ctx.config.method, ctx.value);
    const url = new URL(ctx.config.endpoint);
    url.searchParams.set('playerId', value);
    const status = await partnerStatus(ctx.deps, url);
    if (status === 200) return { ok: true, value };
    if (status === 400) return { ok: false, message: GAME_PLAYER_NOT_FOUND_MESSAGE };
    if (status !== null)
      ctx.deps.logger.warn('quests: game API answered neither 200 nor 400', {
        endpoint: `${url.origin}${url.pathname}`,
        status,
      });
    return { ok: false, message: MESSAGES.apiFailureTryAgain };
  },
});
