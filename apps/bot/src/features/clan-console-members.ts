import { CLAN_MEMBER_NOT_FOUND_MESSAGE } from '@khel/core/contract';
import { type Composer, InlineKeyboard } from 'grammy';
import { encodeClanCallback } from './clan-callbacks.ts';
import {
  type ClanConsoleKit,
  type ClanContext,
  type ClanPress,
  chiefConsole,
  clanButtons,
  refuse,
  show,
} from './clan-console-kit.ts';
import { membersView } from './clan-console-views.ts';

/** The console's members, page by page: Remove asks for confirmation, then removes and shows the page again. */
export function clanMembersComposer(kit: ClanConsoleKit): Composer<ClanContext> {
  const { api } = kit;

  async function showMembers({ ctx, callback, actor, texts, locale }: ClanPress) {
    const answer = await chiefConsole(api, actor, callback.clanId);
    if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
    const view = await membersView(api, answer.data.clan, callback.page ?? 1, texts, locale);
    if (!view.ok) return void (await refuse(ctx, texts, view.message));
    await show(ctx, view.data);
    await ctx.answerCallbackQuery();
  }

  async function askRemove({ ctx, callback, actor, texts, locale }: ClanPress) {
    const { clanId } = callback;
    const answer = await chiefConsole(api, actor, clanId);
    if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
    const page = callback.page ?? 1;
    const view = await membersView(api, answer.data.clan, page, texts, locale);
    if (!view.ok) return void (await refuse(ctx, texts, view.message));
    const member = view.data.members.find((m) => m.userId === callback.userId && m.role !== 'Chief');
    if (!member) {
      await show(ctx, view.data);
      return void (await refuse(ctx, texts, CLAN_MEMBER_NOT_FOUND_MESSAGE));
    }
    const userId = member.userId;
    await show(ctx, {
      text: texts.clan.confirmRemove(member.displayName, answer.data.clan.clanName),
      keyboard: new InlineKeyboard()
        .text(texts.clan.yesRemove, encodeClanCallback({ action: 'remove', clanId, userId, page }))
        .text(texts.clan.cancel, encodeClanCallback({ action: 'members', clanId, page })),
    });
    await ctx.answerCallbackQuery();
  }

  async function remove({ ctx, callback, actor, texts, locale }: ClanPress) {
    const result = await api.removeMember(actor, callback.clanId, callback.userId as string);
    if (!result.ok) return void (await refuse(ctx, texts, result.message));
    await ctx.answerCallbackQuery({ text: texts.clan.removed });
    const answer = await api.console(actor, callback.clanId);
    if (!answer.ok) return;
    const view = await membersView(api, answer.data.clan, callback.page ?? 1, texts, locale);
    if (view.ok) await show(ctx, view.data);
  }

  return clanButtons(kit, ['members', 'askRemove', 'remove'], async (press) => {
    if (press.callback.action === 'askRemove') return askRemove(press);
    if (press.callback.action === 'remove') return remove(press);
    return showMembers(press);
  });
}
