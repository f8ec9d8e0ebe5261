import { money, type Progression } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { progressionQueryKey } from '../../../api/money-keys.ts';
import { renderScreen } from '../../../test/render.tsx';
import { LevelCard, momentBetween } from './level-card.tsx';

const at = (xp: number, level: number, start: number, next: number): Progression => ({
  xp,
  level,
  levelStartXp: start,
  nextLevelXp: next,
  nextLevelReward: money(BigInt(50 * (level + 1)), 'KPOINTS'),
  recent: xp > 0 ? [{ source: 'daily_claim', xp: 20, at: '2026-11-24T10:00:00.000Z' }] : [],
});

const plain = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('the level card', () => {
  it('shows the level, the XP, a bar toward the next level and what reaching it pays', () => {
    const html = renderScreen(<LevelCard />, { queries: [[progressionQueryKey, at(150, 2, 100, 300)]] });
    expect(plain(html)).toContain('Level 2');
    expect(plain(html)).toContain('150 XP');
    expect(plain(html)).toContain('150 XP to level 3');
    expect(plain(html)).toMatch(/Reaching it pays 150 K\u2011Points/);
    expect(html).toMatch(
      /role="progressbar"[^>]*aria-valuemin="100"[^>]*aria-valuemax="300"[^>]*aria-valuenow="150"/,
    );
    expect(html).toContain('width:25%');
  });

  it('tells a new gamer how to earn their first XP', () => {
    const html = renderScreen(<LevelCard />, { queries: [[progressionQueryKey, at(0, 1, 0, 100)]] });
    expect(plain(html)).toContain('to earn your first XP');
  });

  it('speaks Hindi and Portuguese', () => {
    const q = { queries: [[progressionQueryKey, at(150, 2, 100, 300)]] as const };
    expect(plain(renderScreen(<LevelCard />, { ...q, language: 'hi' }))).toContain('लेवल 3 तक 150 XP बाकी');
    expect(plain(renderScreen(<LevelCard />, { ...q, language: 'pt-BR' }))).toContain(
      'Faltam 150 XP para o nível 3',
    );
  });

  it('celebrates a gain, and a level reached with everything the levels crossed paid', () => {
    expect(momentBetween(at(150, 2, 100, 300), at(150, 2, 100, 300))).toBeNull();
    expect(momentBetween(at(150, 2, 100, 300), at(160, 2, 100, 300))).toEqual({ gained: 10, reached: null });
    expect(momentBetween(at(90, 1, 0, 100), at(650, 4, 600, 1000))).toEqual({
      gained: 560,
      reached: { level: 4, reward: money(100n + 150n + 200n, 'KPOINTS') },
    });
  });
});
