/**
 * Leaving a game in the Rkade (`/rkade?play=<slug>`), by its Close button or by Telegram's back button: pure, so
 * the rule is unit-tested apart from the router.
 *
 * A game opened from the list is a step pushed on the history, marked by its state (`RKADE_PLAY_STATE`):
 * leaving it goes back that step, so the history never holds a closed game for a later "back" to open again.
 * A game reached any other way (a deep link, a reload, a shared address) has no list behind it: leaving it
 * shows the list in its place.
 */

/** The history state of a game opened from the Rkade's list. */
export const RKADE_PLAY_STATE = { rkadeOpenedFromList: true } as const;

const openedFromList = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  (state as Record<string, unknown>).rkadeOpenedFromList === true;

/** Where leaving the game goes: -1 (back to the list it was opened from), else the list's address (replace). */
export function leaveGameTarget(pathname: string, search: string, state: unknown): -1 | string {
  if (openedFromList(state)) return -1;
  const params = new URLSearchParams(search);
  params.delete('play');
  const query = params.toString();
  return `${pathname}${query ? `?${query}` : ''}`;
}
