import { NOTIFICATION_KINDS } from '@khel/core/contract';
import { isSpaRoute } from '@khel/core/spa-routes';
import { describe, expect, it } from 'vitest';
import { renderNotification } from '../messages.ts';
import { webPushPayload } from './send-web-push.ts';

const PAYLOAD = {
  questSlug: 'summer-cup',
  questTitle: 'Summer Cup',
  kcash: '1234500',
  clanId: '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f',
  clanName: 'Pune Crew',
  campaignSlug: 'diwali-drop',
  tournamentSlug: 'friday-cup',
  name: 'Ace01',
};

describe('webPushPayload', () => {
  it("is the Telegram text of every kind, in the account's language, opening a route of the website", () => {
    for (const languageCode of ['en', 'hi', 'pt-BR']) {
      for (const kind of NOTIFICATION_KINDS) {
        const push = webPushPayload({ id: 7, kind, payload: PAYLOAD, languageCode });
        expect(push.body, kind).toBe(renderNotification(kind, PAYLOAD, languageCode).text);
        expect(push.title).toBe('Khel');
        expect(push.tag).toBe('khel-7');
        expect(isSpaRoute(new URL(push.url, 'https://khel.example').pathname), `${kind} → ${push.url}`).toBe(
          true,
        );
      }
    }
    expect(webPushPayload({ id: 1, kind: 'quest_completed', payload: PAYLOAD, languageCode: 'hi' }).url).toBe(
      '/quest-details/summer-cup',
    );
  });

  it('stays far under the 4 096 bytes a push service takes, encrypted', () => {
    const long = { ...PAYLOAD, questTitle: 'Q'.repeat(200), text: 'घ'.repeat(2000) };
    for (const kind of NOTIFICATION_KINDS) {
      const bytes = Buffer.byteLength(
        JSON.stringify(webPushPayload({ id: 1, kind, payload: long, languageCode: 'hi' })),
      );
      // aes128gcm adds 86 bytes of header, a delimiter and a 16-byte tag.
      expect(bytes + 103, kind).toBeLessThan(4096);
    }
  });
});
