import { RKADE_PLAY_STATE } from '@khel/ui/games';
import { describe, expect, it } from 'vitest';
import { backAction } from './back-action.ts';
import { backTarget, isGameScreen, showsBackButton } from './chrome-rules.ts';

describe("Telegram's controls per screen", () => {
  it('show the back button everywhere but on the five tabs (and / , the home)', () => {
    for (const tab of ['/', '/home', '/home/', '/k-quest', '/k-drop/campaigns', '/my-clan', '/profile'])
      expect(showsBackButton(tab, '')).toBe(false);
    // The screens that lost their tab are reached from home now: back leads there.
    for (const inner of [
      '/k-store',
      '/collect-earnings',
      '/pog',
      '/klash',
      '/rkade',
      '/settings',
      '/quest-details/x',
    ])
      expect(showsBackButton(inner, '')).toBe(true);
    // A step inside a tab.
    expect(showsBackButton('/k-drop/campaigns', '?tab=ended')).toBe(true);
    expect(showsBackButton('/k-drop/campaigns/summer-drop', '')).toBe(true);
  });

  it("go back one step, or home from the session's first screen (a deep link)", () => {
    expect(backTarget('default')).toBe('/home');
    expect(backTarget('x7f3k2')).toBe(-1);
    // A screen put in place of the first one (its key changed) is still the first entry.
    expect(backTarget('x7f3k2', 0)).toBe('/home');
    expect(backTarget('x7f3k2', 2)).toBe(-1);
  });

  it('leave a game being played for the Rkade list, never for a game closed before', () => {
    const at = (search: string, state: unknown, key = 'k1') => ({ pathname: '/rkade', search, key, state });
    // Opened from the list: one step back, to it.
    expect(backAction(at('?play=space-run', RKADE_PLAY_STATE), 3)).toEqual({ to: -1 });
    // Opened by a deep link (the session's first screen) or a reload: the list in its place, not home.
    expect(backAction(at('?play=space-run', null, 'default'), 0)).toEqual({ to: '/rkade', replace: true });
    expect(backAction(at('?play=space-run', null), 4)).toEqual({ to: '/rkade', replace: true });
    // Then from that list: home, as from any first screen.
    expect(backAction(at('', null, 'k2'), 0)).toEqual({ to: '/home', replace: true });
    expect(backAction(at('', null, 'k3'), 2)).toEqual({ to: -1 });
  });

  it('make a game being played the fullscreen one', () => {
    expect(isGameScreen('/rkade', '?play=space-run')).toBe(true);
    expect(isGameScreen('/rkade/', '?play=space-run&x=1')).toBe(true);
    expect(isGameScreen('/rkade', '')).toBe(false);
    expect(isGameScreen('/games', '?play=space-run')).toBe(false);
  });
});
