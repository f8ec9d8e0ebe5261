import { autoRetry } from '@grammyjs/auto-retry';
import { type Conversation, createConversation } from '@grammyjs/conversations';
import { CLAN_ANNOUNCEMENT_MAX } from '@khel/core/contract';
import { Composer, type Context, GrammyError, InlineKeyboard } from 'grammy';
import type { KhelApiResult } from '../khel-api.ts';
import { describeError } from '../logger.ts';
import { textsFor } from '../texts.ts';
import { encodeClanCallback } from './clan-callbacks.ts';
import {
  type ClanConsoleKit,
  type ClanContext,
  type ClanPress,
  chiefConsole,
  clanButtons,
  refusalText,
  refuse,
} from './clan-console-kit.ts';

/** The conversation that asks a chief for an announcement's text (@grammyjs/conversations). */
export const ANNOUNCEMENT_CONVERSATION = 'clanAnnouncement';
/** An announcement being written is dropped after this long without an answer. */
const ANNOUNCEMENT_WAIT_MS = 30 * 60_000;

/** Asks for the text, checks it, and sends it through the API as the chief. */
function announcementConversation(kit: ClanConsoleKit) {
  return async function announcement(
    conversation: Conversation<ClanContext, Context>,
    ctx: Context,
    clanId: string,
    clanName: string,
    languageCode: string | null,
  ): Promise<void> {
    const texts = textsFor(languageCode ?? undefined);
    const actor = ctx.from?.id;
    if (actor === undefined) return;
    await ctx.reply(texts.clan.announcePrompt(clanName, CLAN_ANNOUNCEMENT_MAX), {
      reply_markup: new InlineKeyboard().text(
        texts.clan.cancel,
        encodeClanCallback({ action: 'cancelAnnounce', clanId }),
      ),
    });
    for (;;) {
      // Button presses and other updates go on to the console's handlers (Cancel among them).
      const answer = await conversation.waitFor('message', { next: true });
      const text = answer.message.text;
      if (text === undefined) {
        await answer.reply(texts.clan.announceTextOnly);
        continue;
      }
      if (text.startsWith('/')) {
        await answer.reply(texts.clan.announceCancelled);
        if (/^\/cancel(@\w+)?\s*$/i.test(text)) return;
        // Another command: it runs as usual.
        await conversation.halt({ next: true });
      }
      const trimmed = text.trim();
      // The contract counts UTF-16 units (zod's max), so count the same way.
      if (trimmed.length > CLAN_ANNOUNCEMENT_MAX) {
        await answer.reply(texts.clan.announceTooLong(CLAN_ANNOUNCEMENT_MAX));
        continue;
      }
      if (trimmed === '') {
        await answer.reply(texts.clan.announceTextOnly);
        continue;
      }
      const result = await conversation.external(async (): Promise<KhelApiResult<{ recipients: number }>> => {
        try {
          return await kit.api.announce(actor, clanId, trimmed);
        } catch (error) {
          kit.logger.error('Could not send an announcement to the API', { error: describeError(error) });
          return { ok: false, status: 0, message: texts.somethingWentWrong };
        }
      });
      await answer.reply(
        result.ok ? texts.clan.announceSent(result.data.recipients) : refusalText(texts, result.message),
      );
      return;
    }
  };
}

/**
 * The console's Announce: asks for the text in a conversation and sends it through the API (the notifier then
 * delivers it to each member who has announcements on); Cancel drops it. Needs the conversations plugin before it.
 */
export function clanAnnouncementComposer(kit: ClanConsoleKit): Composer<ClanContext> {
  const composer = new Composer<ClanContext>();
  // A conversation builds its own Api from the token, without the bot's transformers: retry its replies too.
  const retryReplies = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 10, rethrowHttpErrors: true });
  composer.use(
    createConversation<ClanContext, Context>(announcementConversation(kit), {
      id: ANNOUNCEMENT_CONVERSATION,
      maxMillisecondsToWait: ANNOUNCEMENT_WAIT_MS,
      plugins: [
        async (ctx, next) => {
          ctx.api.config.use(retryReplies);
          await next();
        },
      ],
    }),
  );

  async function announce({ ctx, callback, actor, texts, languageCode }: ClanPress) {
    const answer = await chiefConsole(kit.api, actor, callback.clanId);
    if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
    await ctx.answerCallbackQuery();
    if (ctx.conversation.active(ANNOUNCEMENT_CONVERSATION) > 0)
      await ctx.conversation.exit(ANNOUNCEMENT_CONVERSATION);
    await ctx.conversation.enter(
      ANNOUNCEMENT_CONVERSATION,
      callback.clanId,
      answer.data.clan.clanName,
      languageCode,
    );
  }

  async function cancel({ ctx, texts }: ClanPress) {
    await ctx.conversation.exit(ANNOUNCEMENT_CONVERSATION);
    await ctx.answerCallbackQuery();
    try {
      await ctx.editMessageText(texts.clan.announceCancelled);
    } catch (error) {
      if (!(error instanceof GrammyError)) throw error;
    }
  }

  composer.use(
    clanButtons(kit, ['announce', 'cancelAnnounce'], (press) =>
      press.callback.action === 'announce' ? announce(press) : cancel(press),
    ),
  );
  return composer;
}
