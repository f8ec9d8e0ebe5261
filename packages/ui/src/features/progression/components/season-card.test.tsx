import { money, type Season } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { seasonQueryKey } from '../api/get-progression.ts';
import { SeasonCard, timeLeft } from './season-card.tsx';

const season = (over: Partial<Season> = {}): Season => ({
  id: '6f1c9b3e-2d4a-4b8c-9e1f-0a2b3c4d5e6f',
  number: 3,
  startsAt: new Date(Date.now() - 86_400_000).toISOString(),
  endsAt: new Date(Date.now() + 5 * 86_400_000 + 4 * 3_600_000 + 120_000).toISOString(),
  status: 'LIVE',
  pool: money(100_000n, 'KPOINTS'),
  bands: [
    { fromRank: 1, toRank: 1, reward: money(25_000n, 'KPOINTS') },
    { fromRank: 2, toRank: 3, reward: money(12_500n, 'KPOINTS') },
  ],
  top: [
    { rank: 1, name: 'ravi07', xp: 900, level: 5 },
    { rank: 2, name: 'Gamer-7K2M9Q', xp: 450, level: 1 },
  ],
  me: { rank: 2, xp: 450 },
  participants: 1234,
  previous: null,
  ...over,
});
const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the season card', () => {
  it('shows the countdown, my rank among everyone, the top and the rewards by rank', () => {
    const text = plain(renderScreen(<SeasonCard />, { queries: [[seasonQueryKey, season()]] }));
    expect(text).toContain('Season 3');
    expect(text).toContain('Ends in 5 d 4 h');
    expect(text).toContain('You are #2 of 1,234 with 450 XP');
    expect(text).toMatch(/#1 ravi07 Lv 5 Level 5 900 XP/);
    expect(text).toMatch(/#2–3 12,500 K\u2011Points each/);
    expect(text).toContain('fixed for the whole season');
  });

  it('invites a gamer with no XP yet in it, and says when it ended', () => {
    const text = plain(
      renderScreen(<SeasonCard />, { queries: [[seasonQueryKey, season({ me: null, status: 'ENDED' })]] }),
    );
    expect(text).toContain('Earn XP to get on this season');
    expect(text).toContain('Ended: rewards paid');
  });

  it('tells the gamer their place in the season before and what it paid, or that it paid nothing', () => {
    const won = season({ previous: { number: 2, rank: 3, xp: 700, reward: money(12_500n, 'KPOINTS') } });
    expect(plain(renderScreen(<SeasonCard />, { queries: [[seasonQueryKey, won]] }))).toContain(
      'Season 2 ended: you placed #3 and won 12,500 K\u2011Points!',
    );
    const past = season({ previous: { number: 2, rank: 75, xp: 20, reward: null } });
    const text = plain(
      renderScreen(<SeasonCard />, { queries: [[seasonQueryKey, past]], language: 'pt-BR' }),
    );
    expect(text).toContain('Temporada 2 encerrada: você ficou em #75.');
  });

  it('shows nothing before the first season, and speaks Hindi and Portuguese', () => {
    expect(renderScreen(<SeasonCard />, { queries: [[seasonQueryKey, null]] })).toBe('');
    const q = { queries: [[seasonQueryKey, season()]] as const };
    expect(plain(renderScreen(<SeasonCard />, { ...q, language: 'hi' }))).toContain('सीज़न 3');
    expect(plain(renderScreen(<SeasonCard />, { ...q, language: 'pt-BR' }))).toContain('Temporada 3');
    expect(timeLeft(new Date(0).toISOString(), 1)).toEqual({ days: 0, hours: 0 });
  });
});
