import { TELEGRAM_LINK_REQUIRED_MESSAGE } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import type { Api } from 'grammy';
import { botApiOf } from '../../../lib/telegram-api.ts';
import { linkedSubject } from './identity-links.ts';
import { defineValidator } from './types.ts';

export { TELEGRAM_LINK_REQUIRED_MESSAGE };
export const TELEGRAM_NOT_MEMBER_MESSAGE = 'Join the Telegram channel first, then check again.';

/** Statuses of someone in the chat; `restricted` counts only while `is_member`. */
const isInChat = (member: Awaited<ReturnType<Api['getChatMember']>>) =>
  member.status === 'creator' ||
  member.status === 'administrator' ||
  member.status === 'member' ||
  (member.status === 'restricted' && member.is_member);

/**
 * Join a Telegram channel or group (SPEC §3): our bot asks Telegram `getChatMember(chat, <the user's
 * Telegram id>)`. The bot must be an administrator of a channel to see its members; when Telegram will
 * not answer (chat not found, no rights, outage) the user is told to try again and the operator's
 * mistake is logged, never reported as "not a member".
 */
export const telegramJoinChannelValidator = defineValidator({
  type: 'telegram_join_channel',
  validate: async (ctx) => {
    const telegramId = await linkedSubject(ctx, 'telegram');
    if (!telegramId) return { ok: false, message: TELEGRAM_LINK_REQUIRED_MESSAGE };
    const api = await botApiOf(ctx.deps.env);
    if (!api) {
      ctx.deps.logger.warn('quests: telegram_join_channel needs TELEGRAM_BOT_TOKEN', { taskId: ctx.task.id });
      return { ok: false, message: MESSAGES.apiFailureTryAgain };
    }
    try {
      const member = await api.getChatMember(ctx.config.chat, Number(telegramId));
      return isInChat(member) ? { ok: true } : { ok: false, message: TELEGRAM_NOT_MEMBER_MESSAGE };
    } catch (err) {
      const description = (err as { description?: string }).description ?? String(err);
      // Telegram's answer for a user id it never saw: they cannot be in the chat.
      if (/user not found|PARTICIPANT_ID_INVALID/i.test(description))
        return { ok: false, message: TELEGRAM_NOT_MEMBER_MESSAGE };
      ctx.deps.logger.warn('quests: getChatMember failed', { chat: ctx.config.chat, error: description });
      return { ok: false, message: MESSAGES.apiFailureTryAgain };
    }
  },
});
