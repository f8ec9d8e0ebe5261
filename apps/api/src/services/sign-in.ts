import type { UserRow } from '@khel/db/schema';
import type { AppDeps } from '../lib/context.ts';
import { toIdentity, toUserDto } from './users.ts';

/**
 * Work that must happen for every account the first time it signs in (e.g. the custodial wallet).
 * Registered in deps.ts; each hook is idempotent, so a retry after a crash is safe.
 */
export type FirstSignInHook = (deps: AppDeps, user: UserRow) => Promise<void>;

/** The one way every sign-in method ends: first-sign-in hooks, then the token set. */
export async function completeSignIn(deps: AppDeps, user: UserRow, isNewUser: boolean, source: string) {
  for (const hook of deps.firstSignInHooks) await hook(deps, user);
  const issued = await deps.tokens.issue(toIdentity(user), source);
  return { ...issued, user: toUserDto(user), isNewUser };
}
