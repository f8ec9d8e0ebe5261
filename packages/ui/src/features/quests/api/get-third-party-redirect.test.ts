import { describe, expect, it, vi } from 'vitest';
import type { QuestSignIn } from '../../../lib/quest-sign-in.ts';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { followCommunityFlow, getThirdPartyRedirectUrl } from './get-third-party-redirect.ts';

const QUEST_ID = '0b9e6a5c-4f1d-4c8e-9a7b-2d3e4f5a6b7c';
const PATH = '/quest-details/khel-welcome-quest';
const marker = (method: string): QuestSignIn => ({ path: PATH, method, at: 1 });
const REDIRECT = 'https://community.example/quest?questId=q&player=p';

function flow(
  answers: Parameters<typeof fakeApi>[0],
  fields: { search?: string; method?: string | null } = {},
) {
  const api = fakeApi(answers);
  const go = vi.fn();
  const fail = vi.fn();
  const takeMarker = vi.fn(() => (fields.method === null ? null : marker(fields.method ?? 'phone')));
  const run = followCommunityFlow({
    client: api.client,
    questId: QUEST_ID,
    pathname: PATH,
    search: fields.search ?? '?clientId=khel-community',
    takeMarker,
    go,
    fail,
  });
  return { api, go, fail, takeMarker, run };
}

describe('community-gaming flow (SPEC §2)', () => {
  it('after a phone sign-in on a page with ?clientId=, goes to the URL the API builds for the quest', async () => {
    const { api, go, fail, run } = flow({
      'GET /api/third-party-client/redirect-url': [envelope(200, { statusCode: 200, redirectUrl: REDIRECT })],
    });
    await expect(run).resolves.toBe(true);
    expect(go).toHaveBeenCalledWith(REDIRECT);
    expect(fail).not.toHaveBeenCalled();
    const url = new URL(api.calls[0]!.url, 'https://khel.invalid');
    expect(url.searchParams.get('clientId')).toBe('khel-community');
    expect(url.searchParams.get('questId')).toBe(QUEST_ID);
  });

  it("a failure (an unknown client's 404, no connection) shows 'API failure! Please try again' and stays", async () => {
    const notFound = flow({
      'GET /api/third-party-client/redirect-url': [
        envelope(404, null, 'This community client is not registered.'),
      ],
    });
    await notFound.run;
    expect(notFound.fail).toHaveBeenCalledTimes(1);
    expect(notFound.go).not.toHaveBeenCalled();
    const offline = flow({ 'GET /api/third-party-client/redirect-url': [new TypeError('fetch failed')] });
    await offline.run;
    expect(offline.fail).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a clientId, without a fresh sign-in marker, or after another sign-in method', async () => {
    const noClient = flow({}, { search: '?questId=x' });
    await expect(noClient.run).resolves.toBe(false);
    // No clientId: the marker is left for whoever reads it.
    expect(noClient.takeMarker).not.toHaveBeenCalled();
    await expect(flow({}, { method: null }).run).resolves.toBe(false);
    await expect(flow({}, { method: 'google' }).run).resolves.toBe(false);
    await expect(flow({}, { method: 'wallet' }).run).resolves.toBe(false);
  });

  it('asks GET /third-party-client/redirect-url with both ids', async () => {
    const api = fakeApi({
      'GET /api/third-party-client/redirect-url': [envelope(200, { statusCode: 200, redirectUrl: REDIRECT })],
    });
    await expect(
      getThirdPartyRedirectUrl(api.client, { clientId: 'khel-community', questId: QUEST_ID }),
    ).resolves.toBe(REDIRECT);
  });
});
