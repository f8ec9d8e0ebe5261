import { type DailyReward, money } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render.tsx';
import { claimDailyReward } from '../api/claim-daily-reward.ts';
import { dailyRewardQueryKey } from '../api/get-daily-reward.ts';
import { DailyRewardCard } from './daily-reward-card.tsx';

const LADDER = [10n, 15n, 20n, 25n, 30n, 40n, 60n];
const reward = (claimedToday: boolean): DailyReward => ({
  streak: claimedToday ? 3 : 2,
  claimedToday,
  todayReward: money(20n, 'KPOINTS'),
  day: '2026-11-24',
  nextDayAt: '2026-11-24T18:30:00.000Z',
  week: LADDER.map((k, i) => ({
    day: i + 1,
    reward: money(k, 'KPOINTS'),
    claimed: i < (claimedToday ? 3 : 2),
    frozen: false,
    today: i === 2,
  })),
  freezes: { held: 0, max: 2, price: money(200n, 'KPOINTS') },
  freezeUsed: false,
  freezeReady: false,
  freezeEarned: false,
});

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the daily reward card', () => {
  it("shows the streak, the week's ladder as 7 chips with today marked, and the claim with its amount", () => {
    const html = renderScreen(<DailyRewardCard />, { queries: [[dailyRewardQueryKey, reward(false)]] });
    expect(html.match(/class="daily__chip/g)).toHaveLength(7);
    expect(html.match(/daily__chip--claimed/g)).toHaveLength(2);
    expect(html).toMatch(/daily__chip--today[^"]*" aria-current="date"/);
    expect(plain(html)).toContain('2-day streak');
    expect(plain(html)).toMatch(/Claim 20 K\u2011Points/);
  });

  it('once claimed, says to come back tomorrow instead of offering the claim', () => {
    const html = renderScreen(<DailyRewardCard />, { queries: [[dailyRewardQueryKey, reward(true)]] });
    expect(plain(html)).toContain('Come back tomorrow');
    expect(plain(html)).not.toMatch(/Claim 20/);
  });

  it('speaks Hindi and Portuguese', () => {
    const q = { queries: [[dailyRewardQueryKey, reward(false)]] as const };
    expect(renderScreen(<DailyRewardCard />, { ...q, language: 'hi' })).toContain('रोज़ का इनाम');
    expect(renderScreen(<DailyRewardCard />, { ...q, language: 'pt-BR' })).toContain('Recompensa diária');
  });

  it('claims with the Idempotency-Key of the intent (a retry sends the same key)', async () => {
    const api = fakeApi({
      'POST /api/rewards/daily/claim': [envelope(201, reward(true)), envelope(201, reward(true))],
    });
    api.session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    await claimDailyReward(api.client, 'intent-1');
    await claimDailyReward(api.client, 'intent-1');
    expect(api.calls.map((c) => [c.method, c.headers['Idempotency-Key']])).toEqual([
      ['POST', 'intent-1'],
      ['POST', 'intent-1'],
    ]);
  });
});
