import { describe, expect, it } from 'vitest';
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
  });

  it('make a game being played the fullscreen one', () => {
    expect(isGameScreen('/rkade', '?play=space-run')).toBe(true);
    expect(isGameScreen('/rkade/', '?play=space-run&x=1')).toBe(true);
    expect(isGameScreen('/rkade', '')).toBe(false);
    expect(isGameScreen('/games', '?play=space-run')).toBe(false);
  });
});
