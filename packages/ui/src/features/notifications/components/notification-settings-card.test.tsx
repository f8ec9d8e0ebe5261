import { NOTIFICATION_KINDS, type NotificationSettings } from '@khel/core/contract';
import { PICKABLE_TIME_ZONES } from '@khel/core/domain';
import { notificationKindsByGroup } from '@khel/core/notification-groups';
import { describe, expect, it } from 'vitest';
import { accountEn } from '../../../i18n/resources/account-en.ts';
import { accountHi } from '../../../i18n/resources/account-hi.ts';
import { accountPtBR } from '../../../i18n/resources/account-pt-br.ts';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render.tsx';
import {
  getNotificationSettings,
  notificationSettingsQueryKey,
  updateNotificationSetting,
  updateNotificationSettings,
} from '../api/notification-settings.ts';
import {
  NotificationSettingsCard,
  quietHoursOptions,
  timeZoneOptions,
} from './notification-settings-card.tsx';

const texts = accountEn.profile.notifications;

function settingsOf(fields: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    botConnected: true,
    botBlocked: false,
    settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: kind !== 'hub_new_quest' })),
    muted: false,
    quietHours: null,
    timeZone: 'Asia/Kolkata',
    timeZoneChosen: false,
    ...fields,
  };
}

const render = (
  settings: NotificationSettings,
  props: { botLink?: string | null } = {},
  language?: 'hi' | 'pt-BR',
) =>
  renderScreen(<NotificationSettingsCard {...props} />, {
    queries: [[notificationSettingsQueryKey, settings]],
    ...(language ? { language } : {}),
  });

describe('NotificationSettingsCard', () => {
  it('lists mute all, then the kinds by group (a switch per group of several, one per kind), on or off as saved', () => {
    const html = render(settingsOf());
    expect(html).toContain(texts.title);
    for (const kind of NOTIFICATION_KINDS) expect(html).toContain(texts.kinds[kind]);
    const groups = notificationKindsByGroup().filter(([, kinds]) => kinds.length > 1);
    expect(groups.map(([group]) => group)).toEqual(['quests', 'money', 'campaigns', 'clans']);
    expect(html.match(/role="switch"/g)).toHaveLength(NOTIFICATION_KINDS.length + 1 + groups.length);
    // hub_new_quest is off: every kind but it is on, and every group but the quests' one.
    expect(html.match(/aria-checked="true"/g)).toHaveLength(
      NOTIFICATION_KINDS.length - 1 + groups.length - 1,
    );
    expect(html).toContain(`${texts.groups.quests}<span class="notification-settings__group-count"`);
    expect(html).toContain(texts.groupCount.replace('{{on}}', '6').replace('{{total}}', '7'));
    expect(html).toContain(texts.groupCount.replace('{{on}}', '12').replace('{{total}}', '12'));
    // In the bot's order: each group's kinds under it, the one-kind groups (Klash, POG) as switches of their own.
    const at = (text: string) => html.indexOf(text);
    expect(at(texts.groups.quests)).toBeLessThan(at(texts.kinds.quest_completed));
    expect(at(texts.kinds.hub_new_quest)).toBeLessThan(at(texts.groups.money));
    expect(at(texts.groups.clans)).toBeLessThan(at(texts.kinds.clan_chief_handover));
    expect(at(texts.kinds.clan_chief_handover)).toBeLessThan(at(texts.kinds.klash));
    expect(html).not.toContain(`aria-label="${texts.groups.klash}"`);
    expect(html).not.toContain(`aria-label="${texts.groups.pog}"`);
    expect(html.indexOf(texts.muteAll)).toBeLessThan(html.indexOf(texts.kinds.quest_completed));
    expect(html).not.toContain(texts.mutedHint);
    // No quiet hours yet: the choice says so, and no time zone is asked for.
    expect(html).toMatch(new RegExp(`<option value="none" selected="">${texts.noQuietHours}</option>`));
    expect(html).not.toContain(texts.timeZone);
    expect(html).not.toContain(texts.notConnected);
    expect(html).not.toContain(texts.blocked);
  });

  it('offers "Open the bot" while the bot is not connected, when the bot link is known', () => {
    const html = render(settingsOf({ botConnected: false }), { botLink: 'https://t.me/khel_bot' });
    expect(html).toContain(texts.notConnected);
    expect(html).toMatch(/<a [^>]*href="https:\/\/t\.me\/khel_bot"[^>]*>Open the bot<\/a>/);
  });

  it('says what to do in a sentence when the bot link is unknown', () => {
    const html = render(settingsOf({ botConnected: false }));
    expect(html).toContain(texts.notConnectedNoLink);
    expect(html).not.toContain(texts.openBot);
  });

  it('says the bot is blocked', () => {
    const html = render(settingsOf({ botBlocked: true }), { botLink: 'https://t.me/khel_bot' });
    expect(html).toContain(texts.blocked);
    expect(html).not.toContain(texts.openBot);
  });

  it('shows mute all and quiet hours as saved, the zone the country’s until one is picked (as the bot’s /settings)', () => {
    const muted = render(
      settingsOf({ muted: true, quietHours: { start: '22:00', end: '07:00' }, timeZone: 'Asia/Kolkata' }),
    );
    expect(muted).toMatch(new RegExp(`${texts.muteAll}</span><input [^>]*aria-checked="true" checked=""`));
    expect(muted).toContain(texts.mutedHint);
    expect(muted).toContain('<option value="22:00-07:00" selected="">22:00–07:00</option>');
    expect(muted).toContain(texts.timeZone);
    expect(muted).toContain(`<option value="auto" selected="">Automatic: India (IST)</option>`);

    const picked = render(
      settingsOf({ quietHours: { start: '21:30', end: '06:00' }, timeZone: 'UTC', timeZoneChosen: true }),
    );
    expect(picked).toContain('<option value="21:30-06:00" selected="">21:30–06:00</option>');
    expect(picked).toContain('<option value="UTC" selected="">UTC</option>');
    expect(picked).toContain(`<option value="auto">${texts.zoneAutoCountry}</option>`);
  });

  it('offers the bot’s quiet hours and zones, and the saved ones when they are others', () => {
    expect(quietHoursOptions(null)).toEqual([
      'none',
      '22:00-07:00',
      '22:00-08:00',
      '23:00-07:00',
      '23:00-08:00',
      '21:00-09:00',
    ]);
    expect(quietHoursOptions({ start: '23:00', end: '07:00' })).toHaveLength(6);
    expect(quietHoursOptions({ start: '20:00', end: '06:00' }).at(-1)).toBe('20:00-06:00');
    expect(timeZoneOptions({ timeZone: 'Asia/Kolkata', timeZoneChosen: false })).toEqual([
      'auto',
      ...PICKABLE_TIME_ZONES,
    ]);
    expect(timeZoneOptions({ timeZone: 'Europe/Lisbon', timeZoneChosen: true }).at(-1)).toBe('Europe/Lisbon');
  });

  it('speaks Hindi and Portuguese', () => {
    const quiet = settingsOf({ muted: true, quietHours: { start: '22:00', end: '07:00' } });
    for (const [language, part] of [
      ['hi', accountHi],
      ['pt-BR', accountPtBR],
    ] as const) {
      const html = render(quiet, {}, language);
      const n = part.profile.notifications;
      for (const text of [
        n.muteAll,
        n.mutedHint,
        n.quietHours,
        n.timeZone,
        n.zones['Asia/Kolkata'],
        n.groups.money,
        // The money group: deposits, KYC, payouts, expiring earnings, Stars purchases and Stars refunds.
        n.groupCount.replace('{{on}}', '6').replace('{{total}}', '6'),
      ])
        expect(html).toContain(text);
    }
    expect(render(settingsOf(), {}, 'hi')).toContain(accountHi.profile.notifications.kinds.quest_completed);
    expect(render(settingsOf(), {}, 'pt-BR')).toContain(
      accountPtBR.profile.notifications.kinds.quest_completed,
    );
  });

  it('reads and writes the settings through the contract routes', async () => {
    const api = fakeApi({
      'GET /api/users/me/notification-settings': [envelope(200, settingsOf())],
      'PUT /api/users/me/notification-settings': [envelope(200, settingsOf()), envelope(200, settingsOf())],
    });
    await expect(getNotificationSettings(api.client)).resolves.toEqual(settingsOf());
    await updateNotificationSetting(api.client, { kind: 'hub_new_quest', enabled: true });
    expect(api.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { settings: [{ kind: 'hub_new_quest', enabled: true }] },
    });
    await updateNotificationSettings(api.client, { quietHours: { start: '22:00', end: '07:00' } });
    expect(api.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { quietHours: { start: '22:00', end: '07:00' } },
    });
  });
});
