import { ApiError } from '@khel/core/client';
import {
  type DailyReward,
  money,
  NOT_ENOUGH_KPOINTS_MESSAGE,
  STREAK_FREEZE_LIMIT_MESSAGE,
} from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render.tsx';
import { buyStreakFreeze } from '../api/buy-streak-freeze.ts';
import { claimDailyReward } from '../api/claim-daily-reward.ts';
import { dailyRewardQueryKey } from '../api/get-daily-reward.ts';
import { DailyRewardCard, StreakFreezePanel, type StreakFreezePanelProps } from './daily-reward-card.tsx';

const LADDER = [10n, 15n, 20n, 25n, 30n, 40n, 60n];
const reward = (claimedToday: boolean): DailyReward => ({
  streak: claimedToday ? 3 : 2,
  claimedToday,
  todayReward: money(20n, 'KPOINTS'),
  levelBonus: money(0n, 'KPOINTS'),
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

/** Day 4 of a streak whose day 3 a freeze covered (claimed today, or with the freeze ready for the claim). */
const frozenWeek = (claimedToday: boolean, fields: Partial<DailyReward> = {}): DailyReward => ({
  ...reward(claimedToday),
  streak: claimedToday ? 4 : 3,
  todayReward: money(25n, 'KPOINTS'),
  week: LADDER.map((k, i) => ({
    day: i + 1,
    reward: money(k, 'KPOINTS'),
    claimed: i < 2 || (claimedToday && i === 3),
    frozen: i === 2,
    today: i === 3,
  })),
  freezes: { held: claimedToday ? 0 : 1, max: 2, price: money(200n, 'KPOINTS') },
  freezeUsed: claimedToday,
  freezeReady: !claimedToday,
  ...fields,
});

describe('streak freezes on the card', () => {
  const card = (data: DailyReward, language?: 'hi' | 'pt-BR') =>
    renderScreen(<DailyRewardCard />, {
      queries: [[dailyRewardQueryKey, data]],
      ...(language ? { language } : {}),
    });

  it('shows the freezes held as icons with a sentence for screen readers, and offers to buy one for its price', () => {
    const html = card(reward(false));
    expect(plain(html)).toContain('0 streak freezes held, out of 2');
    expect(html.match(/daily__freeze-icon--empty/g)).toHaveLength(2);
    expect(html).toMatch(/<span class="daily__freezes-icons" aria-hidden="true">/);
    expect(plain(html)).toMatch(/Buy a freeze for 200 K\u2011Points/);

    const one = card({ ...reward(false), freezes: { held: 1, max: 2, price: money(200n, 'KPOINTS') } });
    expect(plain(one)).toContain('1 streak freeze held, out of 2');
    expect(one.match(/daily__freeze-icon--empty/g)).toHaveLength(1);
  });

  it('with the most held, says so instead of offering to buy', () => {
    const html = card({ ...reward(false), freezes: { held: 2, max: 2, price: money(200n, 'KPOINTS') } });
    expect(plain(html)).toContain('You hold as many streak freezes as you can.');
    expect(plain(html)).not.toMatch(/Buy a freeze/);
    expect(html).not.toMatch(/daily__freeze-icon--empty/);
  });

  it('marks the frozen day on the ladder, and says a held freeze will cover yesterday before the claim', () => {
    const html = card(frozenWeek(false));
    expect(html.match(/class="daily__chip[^"]*daily__chip--frozen/g)).toHaveLength(1);
    expect(html.match(/daily__chip--claimed/g)).toHaveLength(2);
    expect(plain(html)).toContain('(covered by a streak freeze)');
    expect(plain(html)).toContain('a streak freeze will cover it when you claim today');
    expect(plain(html)).toMatch(/Claim 25 K\u2011Points/);
  });

  it('after a claim that used a freeze (or earned one), says so as the moment of the reward', () => {
    const used = plain(card(frozenWeek(true)));
    expect(used).toContain('A streak freeze covered the day you missed: your 4-day streak goes on!');
    expect(used).not.toContain('will cover it');
    const earned = plain(card({ ...reward(true), streak: 7, freezeEarned: true }));
    expect(earned).toContain('Day 7 in a row: you earned a streak freeze!');
    expect(earned).not.toContain('covered the day you missed');
    expect(plain(card(reward(true)))).not.toContain('streak freeze covered');
  });

  it('speaks Hindi and Portuguese', () => {
    const hi = plain(card(frozenWeek(true), 'hi'));
    expect(hi).toContain('छूटे हुए दिन को स्ट्रीक फ़्रीज़ ने बचा लिया');
    expect(hi).toContain('आपके पास 2 में से 0 स्ट्रीक फ़्रीज़ है');
    const pt = plain(card(frozenWeek(false), 'pt-BR'));
    expect(pt).toContain('1 proteção de sequência guardada, de 2');
    expect(pt).toMatch(/Comprar proteção por 200 K\u2011Points/);
  });

  const panel = (props: Partial<StreakFreezePanelProps>, language?: 'hi' | 'pt-BR') =>
    plain(
      renderScreen(
        <StreakFreezePanel
          reward={reward(false)}
          buying={false}
          error={null}
          bought={false}
          onBuy={() => {}}
          {...props}
        />,
        language ? { language } : {},
      ),
    );

  it('says why a purchase was refused, in the reader’s language, and that one went through', () => {
    const full = new ApiError(409, STREAK_FREEZE_LIMIT_MESSAGE, { code: 'STREAK_FREEZE_LIMIT' });
    expect(panel({ error: full })).toContain(STREAK_FREEZE_LIMIT_MESSAGE);
    expect(panel({ error: full }, 'hi')).toContain('आपके पास पहले से ही ज़्यादा से ज़्यादा स्ट्रीक फ़्रीज़ हैं');
    expect(panel({ error: full }, 'pt-BR')).toContain('Você já tem o máximo de proteções de sequência');
    const short = new ApiError(409, NOT_ENOUGH_KPOINTS_MESSAGE, {
      code: 'INSUFFICIENT_FUNDS',
      messageCode: 'NOT_ENOUGH_KPOINTS',
    });
    expect(panel({ error: short })).toContain(NOT_ENOUGH_KPOINTS_MESSAGE);
    expect(panel({ error: short }, 'hi')).toContain('K-Points काफ़ी नहीं हैं');
    expect(panel({})).not.toContain(NOT_ENOUGH_KPOINTS_MESSAGE);
    expect(panel({ bought: true })).toContain('Streak freeze bought.');
  });

  it('buys with the Idempotency-Key of the intent (a retry sends the same key)', async () => {
    const api = fakeApi({
      'POST /api/rewards/daily/freezes': [envelope(201, reward(false)), envelope(201, reward(false))],
    });
    api.session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    await buyStreakFreeze(api.client, 'intent-2');
    await buyStreakFreeze(api.client, 'intent-2');
    expect(
      api.calls.map((c) => [c.method, c.url.replace(/^.*\/api/, ''), c.headers['Idempotency-Key']]),
    ).toEqual([
      ['POST', '/rewards/daily/freezes', 'intent-2'],
      ['POST', '/rewards/daily/freezes', 'intent-2'],
    ]);
  });
});
