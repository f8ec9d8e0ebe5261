import { describe, expect, it } from 'vitest';
import { questsEn } from '../../../i18n/resources/quests-en.ts';
import { questsHi } from '../../../i18n/resources/quests-hi.ts';
import { questsPtBR } from '../../../i18n/resources/quests-pt-br.ts';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { getFollowedHubs, setHubFollowed } from '../api/follow-hub.ts';
import { HubFollowButton, hubFollowView } from './hub-follow-button.tsx';

const button = <HubFollowButton hubSlug="bullieverse" hubName="Bullieverse" />;

describe('HubFollowButton', () => {
  it('a visitor sees Follow (a tap opens the login modal), not a pressed toggle', () => {
    const html = renderScreen(button);
    expect(text(html)).toContain(questsEn.hub.follow);
    expect(html).not.toContain('aria-pressed');
  });

  it('a signed-in user sees Following on a hub they follow and Follow on another', () => {
    expect(hubFollowView(true, ['bullieverse'], 'bullieverse')).toEqual({ following: true, pressed: true });
    expect(hubFollowView(true, ['bullieverse'], 'dark-throne')).toEqual({ following: false, pressed: false });
    expect(hubFollowView(true, undefined, 'bullieverse')).toEqual({ following: false, pressed: false });
    expect(hubFollowView(false, ['bullieverse'], 'bullieverse')).toEqual({
      following: false,
      pressed: undefined,
    });
  });

  it('says Follow in Hindi and Portuguese too', () => {
    expect(text(renderScreen(button, { language: 'hi' }))).toContain(questsHi.hub.follow);
    expect(text(renderScreen(button, { language: 'pt-BR' }))).toContain(questsPtBR.hub.follow);
  });

  it('reads the followed hubs, follows with PUT and stops with DELETE', async () => {
    const api = fakeApi({
      'GET /api/quest/hubs/followed': [envelope(200, { hubs: ['bullieverse'] })],
      'PUT /api/quest/hubs/dark-throne/follow': [envelope(200, { hubSlug: 'dark-throne', following: true })],
      'DELETE /api/quest/hubs/dark-throne/follow': [
        envelope(200, { hubSlug: 'dark-throne', following: false }),
      ],
    });
    await expect(getFollowedHubs(api.client)).resolves.toEqual(['bullieverse']);
    await expect(setHubFollowed(api.client, 'dark-throne', true)).resolves.toEqual({
      hubSlug: 'dark-throne',
      following: true,
    });
    await expect(setHubFollowed(api.client, 'dark-throne', false)).resolves.toMatchObject({
      following: false,
    });
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/quest/hubs/followed',
      'PUT /api/quest/hubs/dark-throne/follow',
      'DELETE /api/quest/hubs/dark-throne/follow',
    ]);
  });
});
