import { readSignedId, signId } from '../../../lib/signed-id.ts';
import { defineValidator } from './types.ts';

export const REDIRECT_NOT_VISITED_MESSAGE = 'Open the link first.';

/**
 * URI redirection (SPEC §3): the user opens our signed link `/api/userquest/redirect/<taskId>.<userId>.<mac>`
 * (lib/signed-id.ts), which records the visit on their task and then sends them on to the page; a link
 * cannot be made for someone else.
 */
export const redirectToken = (key: Buffer, taskId: string, userId: string): string =>
  signId(key, 'quest-redirect', `${taskId}.${userId}`);

/** The task and user a token names, or null when it was not signed by us. */
export function readRedirectToken(key: Buffer, token: string): { taskId: string; userId: string } | null {
  const parts = readSignedId(key, 'quest-redirect', token)?.split('.');
  if (parts?.length !== 2) return null;
  const [taskId, userId] = parts as [string, string];
  return { taskId, userId };
}

export const uriRedirectionValidator = defineValidator({
  type: 'uri_redirection',
  validate: async (ctx) =>
    ctx.userTask.visitedAt ? { ok: true } : { ok: false, message: REDIRECT_NOT_VISITED_MESSAGE },
});
