import { ApiError } from '@khel/core/client';
import type { MyQuest } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { todayQuestsQueryKey } from '../api/quest-keys.ts';
import { quest, status } from './quest-fixtures.ts';
import { resetIn, TodayQuests } from './today-quests.tsx';

const HOUR = 3_600_000;

function mine(
  fields: { id: string; slug: string; title: string; recurrence: 'daily' | 'weekly' | 'monthly' },
  state: 'NOT_STARTED' | 'STARTED' | 'COMPLETED',
  resetsInMs: number,
): MyQuest {
  const { id, ...rest } = fields;
  return {
    quest: quest({ id, ...rest, resetsAt: new Date(Date.now() + resetsInMs).toISOString() }),
    progress: (({ tasks: _tasks, ...p }) => p)(status({ questId: id, status: state })),
    nextTask: null,
  } as MyQuest;
}

const CHECK_IN = {
  id: '44444444-4444-4444-8444-444444444444',
  slug: 'daily-check-in',
  title: 'Daily check-in',
  recurrence: 'daily',
} as const;
const SQUAD = {
  id: '55555555-5555-4555-8555-555555555555',
  slug: 'squad-royale-drop-in',
  title: 'Squad Royale drop-in',
  recurrence: 'weekly',
} as const;

describe("Today's quests card", () => {
  it('loading: the title and a spinner, no count and no list yet', () => {
    const html = renderScreen(<TodayQuests />, { at: '/home' });
    expect(text(html)).toContain('Today’s quests');
    expect(html).toContain('spinner');
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toContain('today__list');
    expect(text(html)).not.toContain('done');
  });

  it('error: says what went wrong with a way to try again, and nothing else', () => {
    const html = renderScreen(<TodayQuests />, {
      at: '/home',
      errors: [[todayQuestsQueryKey, new ApiError(0, 'Network error')]],
    });
    expect(html).toContain('role="alert"');
    expect(text(html)).toContain('We could not reach Khel. Check your connection and try again.');
    expect(html).toMatch(/<button[^>]*>[^<]*Try again/i);
    expect(html).not.toContain('spinner');
    expect(html).not.toContain('today__list');
  });

  it('empty: tells the gamer to come back tomorrow', () => {
    const html = renderScreen(<TodayQuests />, { at: '/home', queries: [[todayQuestsQueryKey, []]] });
    expect(text(html)).toContain('No repeating quests right now: check back tomorrow.');
    expect(html).not.toContain('spinner');
    expect(html).not.toContain('aria-busy');
  });

  it('lists each quest with its round, reward, countdown and action, and counts what is done', () => {
    const html = renderScreen(<TodayQuests />, {
      at: '/home',
      queries: [
        [
          todayQuestsQueryKey,
          [
            mine(CHECK_IN, 'COMPLETED', 5 * HOUR + 12.5 * 60_000),
            mine(SQUAD, 'STARTED', 50 * HOUR + 30 * 60_000),
          ],
        ],
      ],
    });
    const plain = text(html);
    expect(plain).toContain('1 of 2 done');
    expect(plain.indexOf('Daily check-in')).toBeLessThan(plain.indexOf('Squad Royale drop-in'));
    expect(plain).toContain('New in 5 h 12 min');
    expect(plain).toContain('New in 2 d 2 h');
    expect(plain).toContain('Daily');
    expect(plain).toContain('Weekly');
    expect(plain).toContain('Continue');
    expect(plain).toContain('90 K\u2011Points');
    expect(html).toContain('today-quest--done');
    expect(html).toContain('href="/quest-details/daily-check-in"');
  });

  it('speaks Hindi and Portuguese', () => {
    const data = [mine(CHECK_IN, 'NOT_STARTED', 5 * HOUR + 12.5 * 60_000)];
    const hi = text(
      renderScreen(<TodayQuests />, { at: '/home', language: 'hi', queries: [[todayQuestsQueryKey, data]] }),
    );
    expect(hi).toContain('में नया');
    expect(hi).not.toContain('Start');
    const pt = text(
      renderScreen(<TodayQuests />, {
        at: '/home',
        language: 'pt-BR',
        queries: [[todayQuestsQueryKey, data]],
      }),
    );
    expect(pt).toContain('Nova em 5 h 12 min');
  });
});

describe('resetIn', () => {
  it('counts days and hours from a day on, else hours and minutes; never below zero', () => {
    const now = Date.parse('2026-11-30T10:00:00Z');
    expect(resetIn('2026-11-30T15:12:59Z', now)).toEqual({ days: 0, hours: 5, minutes: 12 });
    expect(resetIn('2026-12-02T12:30:00Z', now)).toEqual({ days: 2, hours: 2, minutes: 30 });
    expect(resetIn('2026-11-30T09:00:00Z', now)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
