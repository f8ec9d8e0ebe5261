import { describe, expect, it } from 'vitest';
import { leaveGameTarget, RKADE_PLAY_STATE } from './leave-game.ts';

describe('leaving a game in the Rkade', () => {
  it('goes back one step to the list the game was opened from', () => {
    expect(leaveGameTarget('/rkade', '?play=space-run', RKADE_PLAY_STATE)).toBe(-1);
  });

  it('shows the list in place of a game reached another way (deep link, reload), keeping the other flags', () => {
    expect(leaveGameTarget('/rkade', '?play=space-run', null)).toBe('/rkade');
    expect(leaveGameTarget('/rkade', '?play=space-run&header=false', { other: 1 })).toBe(
      '/rkade?header=false',
    );
  });
});
