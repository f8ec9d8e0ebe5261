import { Menu, type MenuRange } from '@grammyjs/menu';
import type { NotificationKind } from '@khel/core/contract';
import {
  formatClock,
  PICKABLE_TIME_ZONES,
  QUIET_HOURS_CHOICES,
  type QuietHours,
  timeZoneOf,
} from '@khel/core/domain';
import { LANGUAGES } from '@khel/core/format';
import type { NotificationGroup } from '@khel/core/notification-groups';
import {
  type Database,
  type NotificationPreferences,
  readNotificationPreferences,
  writeNotificationPreferences,
} from '@khel/db';
import { Composer, type Context } from 'grammy';
import {
  type BotUser,
  disabledKinds,
  findTelegramUser,
  recordBotChat,
  setAccountLanguage,
  setKindsEnabled,
} from '../bot-users.ts';
import { kindsByGroup } from '../notifier/kinds/index.ts';
import { type MiniAppSettings, openAppButton, replyWithButton } from '../open-app.ts';
import { BOT_TEXTS, type BotTexts, localeFor, type PickableTimeZone, textsFor } from '../texts.ts';

export const SETTINGS_MENU_ID = 'notify';
const QUIET_MENU_ID = 'notify-quiet';
const ZONE_MENU_ID = 'notify-zone';
const groupMenuId = (group: NotificationGroup) => `notify-${group}`;

/** The quiet hours /settings offers (the website's and the Mini App's settings offer the same). */
export { QUIET_HOURS_CHOICES };

/** The user's language: their Khel profile's, else Telegram's. */
function textsOf(ctx: Context, user: BotUser | null) {
  return textsFor(user?.languageCode ?? ctx.from?.language_code);
}

/** What /settings says above its buttons. */
const introOf = (texts: BotTexts) => `${texts.settings.intro}\n${texts.settings.languageLine}`;

const window = (quiet: QuietHours) => `${formatClock(quiet.start)}–${formatClock(quiet.end)}`;
const mark = (chosen: boolean, label: string) => (chosen ? `✅ ${label}` : label);
const zoneLabel = (texts: BotTexts['settings'], zone: string) =>
  texts.zones[zone as PickableTimeZone] ?? zone;

/** What every menu of /settings draws from: the presser's account, language, switches and preferences. */
interface SettingsView {
  user: BotUser;
  texts: BotTexts['settings'];
  off: Set<string>;
  preferences: NotificationPreferences;
}

/**
 * `/settings`, grouped and short: the account's language (a first row of the three, the current one ticked; a
 * tap stores it on the account, users.language_code, which the website and the Mini App read and every push
 * speaks, and redraws the message in it), one switch that mutes every notification, quiet hours (a few windows of local
 * time, and the time zone they are read in: the user's pick, else their country's), then the kinds by group (a
 * group of one kind is its own switch; a bigger group opens its switches with All on / All off). Every tap writes
 * the same rows as PUT /users/me/notification-settings (`notification_settings`, `notification_preferences`) and
 * redraws the menu. Built with @grammyjs/menu: it routes the presses, answers the callback queries and notices
 * menus drawn before a change made elsewhere (it redraws them instead of applying a stale tap).
 */
export function settingsFeature(settings: MiniAppSettings, db: Database | undefined): Composer<Context> {
  const composer = new Composer<Context>();
  if (!db) {
    composer.command('settings', async (ctx) => {
      await ctx.reply(textsFor(ctx.from?.language_code).settings.unavailable);
    });
    return composer;
  }

  async function viewOf(ctx: Context): Promise<SettingsView | null> {
    const user = ctx.from ? await findTelegramUser(db!, ctx.from.id) : null;
    if (!user) return null;
    return {
      user,
      texts: textsOf(ctx, user).settings,
      off: await disabledKinds(db!, user.id),
      preferences: await readNotificationPreferences(db!, user.id),
    };
  }
  const dynamic =
    (draw: (view: SettingsView, range: MenuRange<Context>, ctx: Context) => void) =>
    async (ctx: Context, range: MenuRange<Context>) => {
      const view = await viewOf(ctx);
      if (view) draw(view, range, ctx);
    };
  const setPreferences = (view: SettingsView, change: Partial<NotificationPreferences>) =>
    writeNotificationPreferences(db, view.user.id, change);
  const groups = kindsByGroup();

  const kindSwitch = (
    range: MenuRange<Context>,
    view: SettingsView,
    kind: NotificationKind,
    label: string,
  ) => {
    const enabled = !view.off.has(kind);
    const text = `${enabled ? '✅' : '🔕'} ${label}: ${enabled ? view.texts.on : view.texts.off}`;
    range
      .text({ text, payload: kind }, async (press) => {
        await setKindsEnabled(db, view.user.id, [kind], !enabled);
        press.menu.update();
      })
      .row();
  };

  const main = new Menu<Context>(SETTINGS_MENU_ID).dynamic(
    dynamic((view, range, ctx) => {
      const { texts, preferences } = view;
      const current = localeFor(view.user.languageCode ?? ctx.from?.language_code);
      for (const { code, nativeName } of LANGUAGES) {
        const label = code === current ? `✓ ${nativeName}` : nativeName;
        range.text({ text: label, payload: `lang-${code}` }, async (press) => {
          if (code === current) return;
          await setAccountLanguage(db, view.user.id, code);
          // The message is written again in the new language; the menu plugin redraws the buttons with it.
          await press.editMessageText(introOf(BOT_TEXTS[code]));
        });
      }
      range.row();
      const muted = preferences.muted;
      range
        .text(`${muted ? '🔕' : '🔔'} ${texts.all}: ${muted ? texts.muted : texts.on}`, async (press) => {
          await setPreferences(view, { muted: !muted });
          press.menu.update();
        })
        .row();
      const quiet = preferences.quietHours;
      range.submenu(`🌙 ${texts.quietHours}: ${quiet ? window(quiet) : texts.off}`, QUIET_MENU_ID).row();
      for (const [group, kinds] of groups) {
        if (kinds.length === 1) {
          kindSwitch(range, view, kinds[0]!, texts.groups[group]);
          continue;
        }
        const on = kinds.filter((kind) => !view.off.has(kind)).length;
        const icon = on === kinds.length ? '✅' : on === 0 ? '🔕' : '🔸';
        range.submenu(`${icon} ${texts.groups[group]} · ${on}/${kinds.length}`, groupMenuId(group)).row();
      }
    }),
  );

  for (const [group, kinds] of groups) {
    if (kinds.length < 2) continue;
    const menu = new Menu<Context>(groupMenuId(group)).dynamic(
      dynamic((view, range) => {
        for (const kind of kinds) kindSwitch(range, view, kind, view.texts.kinds[kind]);
        for (const [label, enabled] of [
          [view.texts.allOn, true],
          [view.texts.allOff, false],
        ] as const)
          range.text({ text: label, payload: String(enabled) }, async (press) => {
            await setKindsEnabled(db, view.user.id, kinds, enabled);
            press.menu.update();
          });
        range.row().back(view.texts.back);
      }),
    );
    main.register(menu);
  }

  const quietMenu = new Menu<Context>(QUIET_MENU_ID).dynamic(
    dynamic((view, range) => {
      const { texts, preferences, user } = view;
      const current = preferences.quietHours;
      const same = (q: QuietHours | null) => q?.start === current?.start && q?.end === current?.end;
      for (const [i, choice] of [null, ...QUIET_HOURS_CHOICES].entries()) {
        const label = choice ? window(choice) : texts.noQuietHours;
        range
          .text({ text: mark(same(choice), label), payload: `q${i}` }, async (press) => {
            await setPreferences(view, { quietHours: choice });
            press.menu.update();
          })
          .row();
      }
      const zone = timeZoneOf({ ...user, timeZone: preferences.timeZone });
      range.submenu(`🌍 ${texts.timeZone}: ${zoneLabel(texts, zone)}`, ZONE_MENU_ID).row();
      range.back(texts.back);
    }),
  );
  main.register(quietMenu);

  const zoneMenu = new Menu<Context>(ZONE_MENU_ID).dynamic(
    dynamic((view, range) => {
      const { texts, preferences, user } = view;
      const countryZone = timeZoneOf({ ...user, timeZone: null });
      const chosen = preferences.timeZone;
      range
        .text(
          { text: mark(chosen === null, texts.zoneAuto(zoneLabel(texts, countryZone))), payload: 'auto' },
          async (press) => {
            await setPreferences(view, { timeZone: null });
            press.menu.update();
          },
        )
        .row();
      // Menu payloads may not hold a '/': the zone's place in the list names it.
      for (const [i, zone] of PICKABLE_TIME_ZONES.entries())
        range
          .text({ text: mark(chosen === zone, texts.zones[zone]), payload: `z${i}` }, async (press) => {
            await setPreferences(view, { timeZone: zone });
            press.menu.update();
          })
          .row();
      range.back(texts.back);
    }),
  );
  quietMenu.register(zoneMenu);
  composer.use(main);

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
    await ctx.reply(introOf(texts), { reply_markup: main });
  });
  return composer;
}
