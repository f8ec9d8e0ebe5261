import { useEffect, useState } from 'react';
import { useApi } from '../../../providers/api-context.ts';
import { verifyUsername } from '../api/verify-username.ts';
import { type UsernameErrorKey, usernameRuleError } from '../lib/profile-rules.ts';

/** Wait after the last keystroke before asking the API (one check per pause, not per letter). */
export const USERNAME_CHECK_DELAY_MS = 400;

export type UsernameCheck =
  | { state: 'empty' }
  | { state: 'current' }
  | { state: 'invalid'; error: UsernameErrorKey }
  | { state: 'checking' }
  | { state: 'available' }
  | { state: 'taken' }
  | { state: 'failed'; error: unknown };

/**
 * Live availability (GET /users/me/verify-username): the SPEC §5 rule first, in the browser; a
 * valid name different from the user's own is checked after a short pause. A newer value cancels
 * the check of an older one, so an answer never belongs to text the user has since changed.
 */
export function useUsernameAvailability(value: string, current: string | null): UsernameCheck {
  const { client } = useApi();
  const ruleError = value === '' ? null : usernameRuleError(value);
  const isCurrent = current !== null && value.toLowerCase() === current.toLowerCase();
  const needsCheck = value !== '' && ruleError === null && !isCurrent;
  const [remote, setRemote] = useState<{ value: string; check: UsernameCheck } | null>(null);

  useEffect(() => {
    if (!needsCheck) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      verifyUsername(client, value, controller.signal).then(
        (availability) => setRemote({ value, check: { state: availability } }),
        (error: unknown) => {
          if (!controller.signal.aborted) setRemote({ value, check: { state: 'failed', error } });
        },
      );
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [client, value, needsCheck]);

  if (value === '') return { state: 'empty' };
  if (ruleError) return { state: 'invalid', error: ruleError };
  if (isCurrent) return { state: 'current' };
  return remote?.value === value ? remote.check : { state: 'checking' };
}
