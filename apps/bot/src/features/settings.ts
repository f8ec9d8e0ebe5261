import { Menu } from '@grammyjs/menu';
import { NOTIFICATION_KINDS } from '@khel/core/contract';
import { LANGUAGES } from '@khel/core/format';
import type { Database } from '@khel/db';
import { Composer, type Context } from 'grammy';
import {
  type BotUser,
  disabledKinds,
  findTelegramUser,
  recordBotChat,
  setAccountLanguage,
  setKindEnabled,
} from '../bot-users.ts';
import { type MiniAppSettings, openAppButton, replyWithButton } from '../open-app.ts';
import { BOT_TEXTS, type BotTexts, localeFor, textsFor } from '../texts.ts';

export const SETTINGS_MENU_ID = 'notify';

/** The user's language: their Khel profile's, else Telegram's. */
function textsOf(ctx: Context, user: BotUser | null) {
  return textsFor(user?.languageCode ?? ctx.from?.language_code);
}

/** What /settings says above its buttons. */
const introOf = (texts: BotTexts) => `${texts.settings.intro}\n${texts.settings.languageLine}`;

/**
 * `/settings`: the account's language (a first row of the three, the current one ticked), then one switch per
 * notification kind (NOTIFICATION_KINDS), in the user's language. A language tap stores it on the account
 * (users.language_code, which the website and the Mini App read and every push speaks) and redraws the message
 * in it. A kind tap flips the kind in `notification_settings` (the same rows as PUT
 * /users/me/notification-settings) and redraws the menu.
 * Built with @grammyjs/menu: it routes the button presses, answers the callback queries and notices menus
 * drawn before a change made elsewhere (it redraws them instead of applying a stale tap).
 */
export function settingsFeature(settings: MiniAppSettings, db: Database | undefined): Composer<Context> {
  const composer = new Composer<Context>();
  if (!db) {
    composer.command('settings', async (ctx) => {
      await ctx.reply(textsFor(ctx.from?.language_code).settings.unavailable);
    });
    return composer;
  }

  const menu = new Menu<Context>(SETTINGS_MENU_ID).dynamic(async (ctx, range) => {
    const user = ctx.from ? await findTelegramUser(db, ctx.from.id) : null;
    if (!user) return;
    const current = localeFor(user.languageCode ?? ctx.from?.language_code);
    for (const { code, nativeName } of LANGUAGES) {
      const label = code === current ? `✓ ${nativeName}` : nativeName;
      range.text({ text: label, payload: `lang-${code}` }, async (press) => {
        if (code === current) return;
        await setAccountLanguage(db, user.id, code);
        // The message is written again in the new language; the menu plugin redraws the buttons with it.
        await press.editMessageText(introOf(BOT_TEXTS[code]));
      });
    }
    range.row();
    const texts = textsOf(ctx, user).settings;
    const off = await disabledKinds(db, user.id);
    for (const kind of NOTIFICATION_KINDS) {
      const enabled = !off.has(kind);
      const label = `${enabled ? '✅' : '🔕'} ${texts.kinds[kind]}: ${enabled ? texts.on : texts.off}`;
      range
        .text({ text: label, payload: kind }, async (press) => {
          await setKindEnabled(db, user.id, kind, !enabled);
          press.menu.update();
        })
        .row();
    }
  });
  composer.use(menu);

  composer.command('settings', async (ctx) => {
    if (!ctx.from) return;
    const user = await findTelegramUser(db, ctx.from.id);
    const texts = textsOf(ctx, user);
    if (!user) {
      const button = openAppButton(
        texts.openAppButton,
        { path: '/profile', startParam: 'profile' },
        settings,
        {
          type: ctx.chat?.type,
          botUsername: ctx.me.username,
        },
      );
      await replyWithButton(ctx, texts.settings.notLinked, button, texts);
      return;
    }
    if (ctx.chat?.type === 'private') await recordBotChat(db, user.id, ctx.chat.id);
    await ctx.reply(introOf(texts), { reply_markup: menu });
  });
  return composer;
}
