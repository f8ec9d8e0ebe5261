import type { ApiClient, ApiResult } from '@khel/core/client';
import { POG_TELEGRAM_NOT_LINKED_MESSAGE, QUEST_NOT_FOUND_MESSAGE, type RouteDef } from '@khel/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { shareItemInTelegram } from './item-share.ts';

/** An API client answering each path with the given result, recording the calls. */
function api(answers: Record<string, ApiResult<unknown>>) {
  const calls: { path: string; params: unknown; query: unknown }[] = [];
  const client = {
    request: async (route: RouteDef, options?: { params?: unknown; query?: unknown }) => {
      calls.push({ path: route.path, params: options?.params, query: options?.query });
      const answer = answers[route.path];
      if (!answer) throw new Error(`unexpected ${route.path}`);
      return answer;
    },
  } as unknown as ApiClient;
  return { client, calls };
}

const ok = <T>(data: T): ApiResult<T> => ({ success: true, status: 200, data, message: 'OK' });
const refused = (status: number, message: string): ApiResult<never> => ({
  success: false,
  status,
  data: null,
  message,
});
const item = ok({
  kind: 'quest',
  id: '0b6f7c1e-5d7e-4f7a-9a39-2f7d1c9b8a10',
  slug: 'summer-cup',
  title: 'Summer Cup',
  line: 'Three matches.',
  pictureUrl: 'https://khel.example/api/share/quest/summer-cup/picture?v=1',
  startParam: 'quest_summer-cup',
  url: 'https://khel.example/quest-details/summer-cup',
});
const SHEET = `https://t.me/share/url?url=${encodeURIComponent('https://khel.example/quest-details/summer-cup')}&text=${encodeURIComponent('Summer Cup\nThree matches.')}`;

function sdk(available: boolean) {
  const shareMessage = Object.assign(
    vi.fn(async (_id: string) => {}),
    { isAvailable: () => available },
  );
  return { shareMessage };
}

describe('shareItemInTelegram', () => {
  it('prepares the item through the API and opens Telegram’s shareMessage with its id', async () => {
    const { client, calls } = api({
      '/share/:kind/:ref/telegram-prepared': ok({ id: 'prep7', expirationDate: 1_900_000_000 }),
    });
    const telegram = sdk(true);
    const openLink = vi.fn();
    expect(await shareItemInTelegram(client, 'quest', 'summer-cup', { sdk: telegram, openLink })).toEqual({
      via: 'telegram',
    });
    expect(calls).toEqual([
      {
        path: '/share/:kind/:ref/telegram-prepared',
        params: { kind: 'quest', ref: 'summer-cup' },
        query: undefined,
      },
    ]);
    expect(telegram.shareMessage).toHaveBeenCalledWith('prep7');
    expect(openLink).not.toHaveBeenCalled();
  });

  it('opens the share sheet with the item’s page when shareMessage is missing or the API cannot prepare', async () => {
    for (const telegram of [null, sdk(false)]) {
      const { client, calls } = api({ '/share/:kind/:ref': item });
      const openLink = vi.fn();
      expect(
        await shareItemInTelegram(client, 'quest', 'summer-cup', { sdk: telegram, openLink, lang: 'hi' }),
      ).toEqual({
        via: 'link',
        url: SHEET,
      });
      expect(calls).toEqual([
        { path: '/share/:kind/:ref', params: { kind: 'quest', ref: 'summer-cup' }, query: { lang: 'hi' } },
      ]);
      expect(openLink).toHaveBeenCalledWith(SHEET);
    }
    const { client } = api({
      '/share/:kind/:ref/telegram-prepared': refused(409, POG_TELEGRAM_NOT_LINKED_MESSAGE),
      '/share/:kind/:ref': item,
    });
    const telegram = sdk(true);
    const openLink = vi.fn();
    expect(await shareItemInTelegram(client, 'quest', 'summer-cup', { sdk: telegram, openLink })).toEqual({
      via: 'link',
      url: SHEET,
    });
    expect(telegram.shareMessage).not.toHaveBeenCalled();
  });

  it('answers the API’s message when the item does not exist', async () => {
    const { client } = api({
      '/share/:kind/:ref/telegram-prepared': refused(404, QUEST_NOT_FOUND_MESSAGE),
      '/share/:kind/:ref': refused(404, QUEST_NOT_FOUND_MESSAGE),
    });
    const openLink = vi.fn();
    expect(await shareItemInTelegram(client, 'quest', 'gone', { sdk: sdk(true), openLink })).toEqual({
      via: 'none',
      message: QUEST_NOT_FOUND_MESSAGE,
    });
    expect(openLink).not.toHaveBeenCalled();
  });
});
