import { createHmac, timingSafeEqual } from 'node:crypto';
import { defineValidator } from './types.ts';

export const REDIRECT_NOT_VISITED_MESSAGE = 'Open the link first.';

/**
 * URI redirection (SPEC §3): the user opens our signed link `/api/userquest/redirect/<taskId>.<userId>.<sig>`,
 * which records the visit on their task and then sends them on to the page. The signature is an
 * HMAC-SHA256 of `<taskId>.<userId>` with the server's key, so a link cannot be made for someone else.
 */
export function redirectToken(key: Buffer, taskId: string, userId: string): string {
  const sig = createHmac('sha256', key).update(`${taskId}.${userId}`).digest('base64url');
  return `${taskId}.${userId}.${sig}`;
}

/** The task and user a token names, or null when it was not signed by us. */
export function readRedirectToken(key: Buffer, token: string): { taskId: string; userId: string } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [taskId, userId, sig] = parts as [string, string, string];
  const expected = Buffer.from(redirectToken(key, taskId, userId).split('.')[2]!, 'base64url');
  const given = Buffer.from(sig, 'base64url');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { taskId, userId };
}

export const uriRedirectionValidator = defineValidator({
  type: 'uri_redirection',
  validate: async (ctx) =>
    ctx.userTask.visitedAt ? { ok: true } : { ok: false, message: REDIRECT_NOT_VISITED_MESSAGE },
});
