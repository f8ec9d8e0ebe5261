import { linkedSubject, linkFirstMessage } from '../validators/identity-links.ts';
import type { ValidationContext, ValidationOutcome } from '../validators/types.ts';
import { SocialApiError } from './fetch-json.ts';

export const platformUnreachableMessage = (platform: 'X' | 'Discord') =>
  `We could not reach ${platform} right now. Please try again in a minute.`;
export const platformUnavailableMessage = (platform: 'X' | 'Discord') =>
  `${platform} tasks cannot be checked right now.`;

/** What a social check reads of the validation context. */
export type SocialCheckContext = Pick<ValidationContext, 'deps' | 'db' | 'user' | 'task'>;

/**
 * Runs a social check for the person behind the user's linked account: 'link first' when there is
 * none, 'cannot be checked' when the platform has no provider, 'try again' when the platform could not
 * answer (logged; nothing is recorded as done).
 */
export async function checkAsLinkedPerson<P>(
  ctx: SocialCheckContext,
  link: { provider: 'twitter' | 'discord'; platform: 'X' | 'Discord'; api: P | null },
  check: (api: P, platformUserId: string) => Promise<ValidationOutcome>,
): Promise<ValidationOutcome> {
  const subject = await linkedSubject(ctx, link.provider);
  if (!subject) return { ok: false, message: linkFirstMessage(link.provider) };
  if (!link.api) return { ok: false, message: platformUnavailableMessage(link.platform) };
  try {
    return await check(link.api, subject);
  } catch (err) {
    if (!(err instanceof SocialApiError)) throw err;
    ctx.deps.logger.warn('social platform check failed', {
      platform: link.platform,
      taskType: ctx.task.type,
      reason: err.message,
    });
    return { ok: false, message: platformUnreachableMessage(link.platform) };
  }
}
