import { NOTIFICATION_KINDS, type NotificationSettings } from '@khel/core/contract';
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
} from '../api/notification-settings.ts';
import { NotificationSettingsCard } from './notification-settings-card.tsx';

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
  it('lists one switch per notification kind, on or off as saved', () => {
    const html = render(settingsOf());
    expect(html).toContain(texts.title);
    for (const kind of NOTIFICATION_KINDS) expect(html).toContain(texts.kinds[kind]);
    expect(html.match(/role="switch"/g)).toHaveLength(NOTIFICATION_KINDS.length);
    expect(html.match(/aria-checked="true"/g)).toHaveLength(NOTIFICATION_KINDS.length - 1);
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

  it('speaks Hindi and Portuguese', () => {
    expect(render(settingsOf(), {}, 'hi')).toContain(accountHi.profile.notifications.kinds.quest_completed);
    expect(render(settingsOf(), {}, 'pt-BR')).toContain(
      accountPtBR.profile.notifications.kinds.quest_completed,
    );
  });

  it('reads and writes the settings through the contract routes', async () => {
    const api = fakeApi({
      'GET /api/users/me/notification-settings': [envelope(200, settingsOf())],
      'PUT /api/users/me/notification-settings': [envelope(200, settingsOf())],
    });
    await expect(getNotificationSettings(api.client)).resolves.toEqual(settingsOf());
    await updateNotificationSetting(api.client, { kind: 'hub_new_quest', enabled: true });
    expect(api.calls.at(-1)).toMatchObject({
      method: 'PUT',
      body: { settings: [{ kind: 'hub_new_quest', enabled: true }] },
    });
  });
});
