import type { ApiClient, ApiResult } from '@khel/core/client';
import { POG_NOT_MINTED_MESSAGE, type RouteDef } from '@khel/core/contract';
import { describe, expect, it, vi } from 'vitest';
import { type PogShareSdk, STORY_TEXT_MAX, sharePogInTelegram, sharePogToStory } from './pog-share.ts';

const SHOWCASE = 'https://khel.example/pog-showcase?username=Ace01&lang=en';
const INTENT = `https://t.me/share/url?url=${encodeURIComponent(SHOWCASE)}&text=My%20card`;

/** An API client answering each path with the given result, recording the calls. */
function api(answers: Record<string, ApiResult<unknown>>) {
  const calls: { path: string; body: unknown }[] = [];
  const client = {
    request: async (route: RouteDef, options?: { body?: unknown }) => {
      calls.push({ path: route.path, body: options?.body });
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
const shareAnswer = ok({
  channel: 'telegram',
  url: SHOWCASE,
  text: 'My card',
  imageUrl: 'https://khel.example/api/pog/cards/Ace01/share.png',
  intentUrl: INTENT,
});

function sdk(available: { message: boolean; story: boolean }) {
  const shareMessage = Object.assign(
    vi.fn(async (_id: string) => {}),
    { isAvailable: () => available.message },
  );
  const shareStory = Object.assign(
    vi.fn((_url: string, _options?: unknown) => {}),
    { isAvailable: () => available.story },
  );
  return { shareMessage, shareStory } satisfies PogShareSdk;
}

describe('sharePogInTelegram', () => {
  it('prepares the message through the API and opens Telegram’s shareMessage with its id', async () => {
    const { client, calls } = api({
      '/pog/share/telegram-prepared': ok({ id: 'prep42', expirationDate: 1_900_000_000 }),
    });
    const telegram = sdk({ message: true, story: true });
    const openLink = vi.fn();
    expect(await sharePogInTelegram(client, { sdk: telegram, openLink })).toEqual({ via: 'telegram' });
    expect(calls.map((c) => c.path)).toEqual(['/pog/share/telegram-prepared']);
    expect(telegram.shareMessage).toHaveBeenCalledWith('prep42');
    expect(openLink).not.toHaveBeenCalled();
  });

  it('opens the share sheet (t.me/share/url) without shareMessage, or when the API cannot prepare one', async () => {
    for (const [telegram, answers] of [
      [sdk({ message: false, story: false }), {}],
      [null, {}],
      [
        sdk({ message: true, story: true }),
        { '/pog/share/telegram-prepared': refused(503, 'Sharing into Telegram is not available right now.') },
      ],
    ] as const) {
      const { client, calls } = api({ ...answers, '/pog/share': shareAnswer });
      const openLink = vi.fn();
      expect(await sharePogInTelegram(client, { sdk: telegram, openLink, lang: 'hi' })).toEqual({
        via: 'link',
        url: INTENT,
      });
      expect(openLink).toHaveBeenCalledWith(INTENT);
      expect(calls.at(-1)).toEqual({ path: '/pog/share', body: { channel: 'telegram', lang: 'hi' } });
    }
  });

  it('says why when there is no card to share', async () => {
    const { client } = api({
      '/pog/share/telegram-prepared': refused(409, POG_NOT_MINTED_MESSAGE),
      '/pog/share': refused(409, POG_NOT_MINTED_MESSAGE),
    });
    const openLink = vi.fn();
    expect(await sharePogInTelegram(client, { sdk: sdk({ message: true, story: false }), openLink })).toEqual(
      {
        via: 'none',
        message: POG_NOT_MINTED_MESSAGE,
      },
    );
    expect(openLink).not.toHaveBeenCalled();
  });
});

describe('sharePogToStory', () => {
  it('opens the story editor with the image, the text (at most 200 characters) and the link as a widget', async () => {
    const telegram = sdk({ message: false, story: true });
    const text = 'x'.repeat(250);
    expect(
      await sharePogToStory('https://khel.example/share.png', text, SHOWCASE, {
        sdk: telegram,
        openLink: vi.fn(),
      }),
    ).toEqual({ via: 'telegram' });
    const [image, options] = telegram.shareStory.mock.calls[0]!;
    expect(image).toBe('https://khel.example/share.png');
    expect(options).toEqual({
      text: `${'x'.repeat(STORY_TEXT_MAX - 1)}…`,
      widgetLink: { url: SHOWCASE, name: 'Khel POG' },
    });
  });

  it('falls back to the share sheet with the link and text', async () => {
    const openLink = vi.fn();
    const outcome = await sharePogToStory('https://khel.example/share.png', 'My card', SHOWCASE, {
      sdk: sdk({ message: true, story: false }),
      openLink,
    });
    expect(outcome).toEqual({ via: 'link', url: INTENT });
    expect(openLink).toHaveBeenCalledWith(INTENT);
  });
});
