import { BOT_USER_NOT_LINKED_MESSAGE, CLAN_NOT_IN_CLAN_MESSAGE } from '@khel/core/contract';
import { Composer, InlineKeyboard } from 'grammy';
import { type BotClanConsoleAnswer, type KhelApiResult, KhelApiUnavailableError } from '../khel-api.ts';
import { describeError } from '../logger.ts';
import { replyWithButton } from '../open-app.ts';
import { localeFor, textsFor } from '../texts.ts';
import {
  type ClanConsoleKit,
  type ClanContext,
  chiefConsole,
  clanButtons,
  DESTINATIONS,
  refuse,
  show,
} from './clan-console-kit.ts';
import { consoleView } from './clan-console-views.ts';

/**
 * `/clan` and the console's Refresh / Back: stats and rank for a chief; for anyone else a way into the Mini App
 * (sign in, find a clan, or open theirs).
 */
export function clanHomeComposer(kit: ClanConsoleKit): Composer<ClanContext> {
  const composer = new Composer<ClanContext>();

  composer.chatType('private').command('clan', async (ctx) => {
    const languageCode = await kit.languageOf(ctx);
    const texts = textsFor(languageCode);
    let answer: KhelApiResult<BotClanConsoleAnswer>;
    try {
      answer = await kit.api.console(ctx.from.id);
    } catch (error) {
      if (!(error instanceof KhelApiUnavailableError)) throw error;
      kit.logger.error('The clan console could not reach the API', { error: describeError(error) });
      await ctx.reply(texts.clan.unavailable);
      return;
    }
    if (answer.ok) {
      const view = consoleView(kit, ctx, answer.data, texts, localeFor(languageCode));
      await ctx.reply(view.text, { reply_markup: view.keyboard });
      return;
    }
    if (answer.message === BOT_USER_NOT_LINKED_MESSAGE) {
      await replyWithButton(
        ctx,
        texts.clan.notLinked,
        kit.appButton(ctx, texts.openAppButton, DESTINATIONS.home),
        texts,
      );
      return;
    }
    if (answer.message === CLAN_NOT_IN_CLAN_MESSAGE) {
      await ctx.reply(texts.clan.noClan, {
        reply_markup: new InlineKeyboard()
          .add(kit.appButton(ctx, texts.clan.discoverClans, DESTINATIONS.discover))
          .row()
          .add(kit.appButton(ctx, texts.clan.becomeChief, DESTINATIONS.chief)),
      });
      return;
    }
    // A member, or a gamer without a clan (the API does not say which): both ways in.
    await ctx.reply(texts.clan.notChiefMember, {
      reply_markup: new InlineKeyboard()
        .add(kit.appButton(ctx, texts.clan.openMyClan, DESTINATIONS.myClan))
        .row()
        .add(kit.appButton(ctx, texts.clan.discoverClans, DESTINATIONS.discover)),
    });
  });

  composer.use(
    clanButtons(kit, ['home'], async ({ ctx, callback, actor, texts, locale }) => {
      const answer = await chiefConsole(kit.api, actor, callback.clanId);
      if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
      await show(ctx, consoleView(kit, ctx, answer.data, texts, locale));
      await ctx.answerCallbackQuery();
    }),
  );
  return composer;
}
