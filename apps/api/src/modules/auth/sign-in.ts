import type { UserRow } from '@khel/db/schema';
import type { AppDeps } from '../../lib/context.ts';
import { toIdentity, toUserDto } from './users.ts';

/**
 * Work that must happen for every account the first time it signs in (e.g. the custodial wallet):
 * a module's `firstSignInHooks` (lib/module.ts); each hook is idempotent, so a retry after a crash is safe.
 */
export type { FirstSignInHook } from '../../lib/context.ts';

/** The one way every sign-in method ends: first-sign-in hooks, then the token set. */
export async function completeSignIn(deps: AppDeps, user: UserRow, isNewUser: boolean, source: string) {
  for (const hook of deps.firstSignInHooks) await hook(deps, user);
  const issued = await deps.tokens.issue(toIdentity(user), source);
  return { ...issued, user: toUserDto(user), isNewUser };
}
