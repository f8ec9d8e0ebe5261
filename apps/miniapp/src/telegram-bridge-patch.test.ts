import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * `patches/@telegram-apps__bridge@2.11.0.patch`: the SDK's postEvent found Telegram's native bridge with valibot's
 * `looseObject`, which copies every enumerable property of the value it checks. It checked the window, so every
 * event the app sent to Telegram (ready, header colour, back button, main button, haptics…) read all of the window's
 * properties, its geometry among them, and forced a style recalculation and a layout: 23 ms of layout in one task of
 * the Mini App's start in a Chromium trace, 4 × that on a low-end phone. The patched check reads only the bridge.
 */
describe('the Telegram bridge, patched', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** A window as Telegram's Android and iOS clients make it: a native `TelegramWebviewProxy` with `postEvent`. */
  function fakeTelegramWindow() {
    const posted: [string, string | undefined][] = [];
    let geometryReads = 0;
    const window: Record<string, unknown> = {
      TelegramWebviewProxy: {
        postEvent: (eventType: string, eventData: string | undefined) => {
          posted.push([eventType, eventData]);
        },
      },
    };
    window.self = window;
    window.top = window;
    for (const name of ['innerHeight', 'innerWidth', 'scrollX', 'scrollY', 'outerHeight']) {
      Object.defineProperty(window, name, {
        enumerable: true,
        get() {
          geometryReads += 1;
          return 0;
        },
      });
    }
    return { window, posted, geometryReads: () => geometryReads };
  }

  it("sends an event through Telegram's native bridge without reading the rest of the window", async () => {
    const telegram = fakeTelegramWindow();
    vi.stubGlobal('window', telegram.window);
    const { postEvent } = await import('@telegram-apps/sdk-react');

    postEvent('web_app_set_header_color', { color_key: 'bg_color' });
    postEvent('web_app_ready');

    expect(telegram.posted).toEqual([
      ['web_app_set_header_color', JSON.stringify({ color_key: 'bg_color' })],
      ['web_app_ready', undefined],
    ]);
    expect(telegram.geometryReads()).toBe(0);
  });

  it('still refuses a window with no bridge (UnknownEnvError), as before', async () => {
    const window: Record<string, unknown> = { TelegramWebviewProxy: { postEvent: 'not a function' } };
    window.self = window;
    window.top = window;
    vi.stubGlobal('window', window);
    const { postEvent, isUnknownEnvError } = await import('@telegram-apps/sdk-react');

    let refusal: unknown;
    try {
      postEvent('web_app_ready');
    } catch (error) {
      refusal = error;
    }
    expect(isUnknownEnvError(refusal)).toBe(true);
  });
});
