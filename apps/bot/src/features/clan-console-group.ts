import type { ClanSummary } from '@khel/core/contract';
import { startParamToPath } from '@khel/core/deep-links';
import { Composer, type Context, InlineKeyboard } from 'grammy';
import { KhelApiUnavailableError } from '../khel-api.ts';
import { describeError } from '../logger.ts';
import { type BotTexts, localeFor, textsFor } from '../texts.ts';
import { encodeClanCallback } from './clan-callbacks.ts';
import {
  type ClanConsoleKit,
  type ClanContext,
  clanButtons,
  DESTINATIONS,
  refuse,
} from './clan-console-kit.ts';
import { numberFormat } from './clan-console-views.ts';
import { groupOf, isGroupAdmin } from './clan-groups.ts';

const GROUP_CHATS: Array<'group' | 'supergroup'> = ['group', 'supergroup'];

/** The clan's page in the Mini App (`startapp=clan_<id>`, a t.me link in a group), as the group news open it. */
function clanPage(clanId: string) {
  const startParam = `clan_${clanId}`;
  return { path: startParamToPath(startParam), startParam };
}

/**
 * `/clan` typed in a group or supergroup: the clan the group is linked to (tier, members, rank) with a button into
 * its page in the Mini App; in a group no clan has, a chief who administers it gets a button to link it to their
 * clan, anyone else how a chief links it. The chief's console stays in the private chat. The Link button, pressed
 * in the group, links it as the presser: the API refuses anyone but that clan's chief now (only the chief can do
 * that, or they are no longer the chief), and the bot refuses a presser who does not administer the group.
 */
export function clanGroupComposer(kit: ClanConsoleKit): Composer<ClanContext> {
  const composer = new Composer<ClanContext>();

  composer.chatType(GROUP_CHATS).command('clan', async (ctx) => {
    const from = ctx.from;
    if (!from) return;
    const languageCode = await kit.languageOf(ctx);
    const texts = textsFor(languageCode);
    try {
      const answer = await kit.api.groupClan(from.id, ctx.chat.id);
      if (!answer.ok) {
        kit.logger.warn('The API refused the clan of a group', {
          chatId: ctx.chat.id,
          message: answer.message,
        });
        await ctx.reply(texts.clan.unavailable);
        return;
      }
      const clan = answer.data.clan;
      if (clan) return void (await replyLinked(ctx, kit, clan, texts, languageCode));
      await replyNotLinked(ctx, kit, texts, from.id, ctx.chat.id);
    } catch (error) {
      if (!(error instanceof KhelApiUnavailableError)) throw error;
      kit.logger.error('/clan in a group could not reach the API', { error: describeError(error) });
      await ctx.reply(texts.clan.unavailable);
    }
  });

  composer.use(
    clanButtons(kit, ['linkGroup'], async ({ ctx, callback, actor, texts }) => {
      const chat = ctx.chat;
      if (!chat || (chat.type !== 'group' && chat.type !== 'supergroup'))
        return void (await ctx.answerCallbackQuery());
      if (!(await isGroupAdmin(ctx.api, chat.id, actor)))
        return void (await ctx.answerCallbackQuery({ text: texts.clan.groupOnlyAdmins, show_alert: true }));
      const answer = await kit.api.linkGroup(actor, callback.clanId, groupOf(chat));
      if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
      kit.logger.info('Linked a Telegram group to a clan from /clan', {
        chatId: chat.id,
        clanId: callback.clanId,
      });
      await ctx.answerCallbackQuery();
      // The welcome follows as the clan's `group_linked` news (the notifier posts it).
      await ctx.editMessageText(texts.clan.groupLinkedNow);
    }),
  );
  return composer;
}

async function replyLinked(
  ctx: Context,
  kit: ClanConsoleKit,
  clan: ClanSummary,
  texts: BotTexts,
  languageCode: string | undefined,
): Promise<void> {
  const n = numberFormat(localeFor(languageCode));
  const text = texts.clan.groupClan({
    clan: clan.clanName,
    tier: texts.clan.tiers[clan.tier],
    score: n.format(clan.score),
    rank: clan.rank,
    members: clan.memberCount,
    memberCap: clan.memberCap,
  });
  await ctx.reply(text, {
    reply_markup: new InlineKeyboard().add(kit.appButton(ctx, texts.clan.groupNewsButton, clanPage(clan.id))),
    link_preview_options: { is_disabled: true },
  });
}

/** A group no clan has: a chief who administers it may link it here; others learn how. */
async function replyNotLinked(
  ctx: Context,
  kit: ClanConsoleKit,
  texts: BotTexts,
  userId: number,
  chatId: number,
): Promise<void> {
  const chief = await kit.api.console(userId);
  const admin = chief.ok && (await isGroupAdmin(ctx.api, chatId, userId).catch(() => false));
  if (chief.ok && admin) {
    const clan = chief.data.clan;
    await ctx.reply(texts.clan.groupNotLinkedChief(clan.clanName), {
      reply_markup: new InlineKeyboard().text(
        texts.clan.groupLinkButton(clan.clanName),
        encodeClanCallback({ action: 'linkGroup', clanId: clan.id }),
      ),
    });
    return;
  }
  await ctx.reply(texts.clan.groupNotLinked, {
    reply_markup: new InlineKeyboard().add(
      kit.appButton(ctx, texts.clan.discoverClans, DESTINATIONS.discover),
    ),
  });
}
