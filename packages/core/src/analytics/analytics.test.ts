import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_TIMEOUT_MS } from '../domain/constants.ts';
import { memoryStorage } from '../session/storage.ts';
import { createAnalytics } from './analytics.ts';
import type { AnalyticsEvent } from './transport.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const sent: AnalyticsEvent[] = [];
  let n = 0;
  const analytics = createAnalytics({
    transport: async (event) => {
      sent.push(event);
      return true;
    },
    context: () => ({ channel: 'website', userId: 'u1', dialCode: '+91', screenWidth: 412 }),
    session: { shared: memoryStorage(), tab: memoryStorage(), entryPoint: '/', randomId: () => `s-${++n}` },
    randomId: () => `e-${++n}`,
  });
  return { analytics, sent };
}

describe('createAnalytics', () => {
  it('the first event is preceded by session_start and first_page_load, all in one session', async () => {
    const { analytics, sent } = setup();
    await analytics.track('quest_opened', { gameId: 'g-1', data: { questId: 'q-9' } });
    expect(sent.map((e) => e.eventName)).toEqual(['session_start', 'first_page_load', 'quest_opened']);
    const sessionIds = new Set(sent.map((e) => e.fields.analyticSessionId));
    expect(sessionIds.size).toBe(1);
    expect(new Set(sent.map((e) => e.eventId)).size).toBe(3);
    expect(sent[2]).toMatchObject({
      gameId: 'g-1',
      fields: {
        entryPoint: 'Home_Page',
        location: 'India',
        screenWidth: '412',
        questId: 'q-9',
        timestamp: '2025-03-01T10:00:00.000Z',
      },
    });
    analytics.session.dispose();
  });

  it('sends session_end once after 30 minutes idle, with the ended session id', async () => {
    const { analytics, sent } = setup();
    await analytics.track('page_view');
    const sessionId = sent[0]!.fields.analyticSessionId;
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS);
    vi.advanceTimersByTime(SESSION_IDLE_TIMEOUT_MS);
    const ends = sent.filter((e) => e.eventName === 'session_end');
    expect(ends).toHaveLength(1);
    expect(ends[0]!.fields).toMatchObject({ analyticSessionId: sessionId, reason: 'idle' });
    analytics.session.dispose();
  });
});
