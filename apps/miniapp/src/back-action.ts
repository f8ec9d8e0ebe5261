import { leaveGameTarget } from '@khel/ui';
import { backTarget, isGameScreen } from './chrome-rules.ts';

/**
 * What Telegram's back button does (DESIGN §7), pure so it is unit-tested apart from the SDK. Apart from
 * chrome-rules.ts, which the first screen loads (routes.tsx): this is needed only with the SDK's chunk.
 */

/** What Telegram's back button does on a screen: a step back, or an address opened in place of this one. */
export type BackAction = { to: -1 } | { to: string; replace: true };

/**
 * Telegram's back button on a screen: a game being played is left for the Rkade's list (the step it was opened
 * from, else the list in its place: leaveGameTarget, as its Close button), never for a game closed before;
 * any other screen goes back one step, or home from the first screen (backTarget).
 */
export function backAction(
  location: { pathname: string; search: string; key: string; state: unknown },
  historyIndex?: number | null,
): BackAction {
  if (isGameScreen(location.pathname, location.search)) {
    const target = leaveGameTarget(location.pathname, location.search, location.state);
    return target === -1 ? { to: -1 } : { to: target, replace: true };
  }
  const target = backTarget(location.key, historyIndex);
  return target === -1 ? { to: -1 } : { to: target, replace: true };
}
