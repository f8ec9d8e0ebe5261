import type { Composer } from 'grammy';
import {
  type ClanConsoleKit,
  type ClanContext,
  chiefConsole,
  clanButtons,
  refuse,
  show,
} from './clan-console-kit.ts';
import { requestsView } from './clan-console-views.ts';

/** The console's pending requests: the list, and Approve / Refuse, after which the list shows again. */
export function clanRequestsComposer(kit: ClanConsoleKit): Composer<ClanContext> {
  const { api } = kit;
  return clanButtons(kit, ['requests', 'approve', 'refuse'], async ({ ctx, callback, actor, texts }) => {
    const { clanId } = callback;
    if (callback.action === 'requests') {
      const answer = await chiefConsole(api, actor, clanId);
      if (!answer.ok) return void (await refuse(ctx, texts, answer.message));
      await show(ctx, requestsView(answer.data, texts));
      await ctx.answerCallbackQuery();
      return;
    }
    const userId = callback.userId as string;
    const result =
      callback.action === 'approve'
        ? await api.approve(actor, clanId, userId)
        : await api.refuse(actor, clanId, userId);
    if (!result.ok) return void (await refuse(ctx, texts, result.message));
    await ctx.answerCallbackQuery({
      text: 'displayName' in result.data ? texts.clan.approved(result.data.displayName) : texts.clan.refused,
    });
    const answer = await api.console(actor, callback.clanId);
    if (answer.ok) await show(ctx, requestsView(answer.data, texts));
  });
}
