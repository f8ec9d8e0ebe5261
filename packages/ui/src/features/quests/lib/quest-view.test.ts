import type { UserTask } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import {
  imageProofProblem,
  initialTaskState,
  isProofLink,
  loginMethodProblem,
  loginValueProblem,
} from '../../../lib/task-view.ts';
import { task, userTask } from '../components/quest-fixtures.ts';
import { featuredFirst, questSlugFromLocation, rewardsOf } from './quest-view.ts';

const progress = (taskId: string, status: UserTask['status'], message: string | null = null) =>
  userTask(taskId, { status, message });

describe('quest view rules', () => {
  it('lists rewards K-Points, K-Cash, rKHEL and leaves out the missing ones', () => {
    expect(
      rewardsOf({
        kpoints: { amount: '50', currency: 'KPOINTS' },
        kcash: null,
        rkhel: { amount: '1', currency: 'RKHEL' },
      } as never),
    ).toEqual([
      { currency: 'KPOINTS', amount: '50' },
      { currency: 'RKHEL', amount: '1' },
    ]);
  });

  it('puts featured quests first', () => {
    expect(
      featuredFirst([
        { featured: false, n: 1 },
        { featured: true, n: 2 },
      ]).map((q) => q.n),
    ).toEqual([2, 1]);
  });

  it('starts tasks on the SPEC §4 buttons: COMPLETE TASK, VALIDATE, OKAY, VERIFIED, REVALIDATE', () => {
    const tasks = [task('a', { needsAction: true }), task('b'), task('c', { locked: true })];
    expect(initialTaskState(tasks[0]!, tasks, undefined).button).toBe('COMPLETE TASK');
    expect(initialTaskState(tasks[1]!, tasks, undefined).button).toBe('VALIDATE');
    expect(initialTaskState(tasks[2]!, tasks, undefined).button).toBe('OKAY');
    const done = [progress('a', 'VERIFIED'), progress('b', 'VERIFIED')];
    expect(initialTaskState(tasks[0]!, tasks, done).button).toBe('VERIFIED');
    expect(initialTaskState(tasks[2]!, tasks, done).button).toBe('VALIDATE');
    const failed = initialTaskState(tasks[1]!, tasks, [progress('b', 'FAILED', 'Mission failed!')]);
    expect(failed).toMatchObject({ button: 'REVALIDATE', error: 'Mission failed!' });
  });

  it('checks game login values by the SPEC §5 rules before sending', () => {
    expect(loginValueProblem('steam_id', '1234')).toMatch(/17 digits/);
    expect(loginValueProblem('steam_id', '76561197960287930')).toBeNull();
    expect(loginValueProblem('username', 'two words')).toBe('Spaces are not allowed');
    expect(loginValueProblem('email', '  ')).toBe('This field is required');
  });

  it('reads the problem out of a Quest login method message', () => {
    expect(loginMethodProblem('Quest login method: Steam id: Steam ID must contain only digits')).toBe(
      'Steam ID must contain only digits',
    );
    expect(loginMethodProblem('Mission failed!')).toBeNull();
  });

  it('accepts JPEG images up to 5 MB and http(s) links as proof', () => {
    expect(imageProofProblem({ type: 'image/png', size: 10 })).toBe('notJpeg');
    expect(imageProofProblem({ type: 'image/jpeg', size: 6 * 1024 * 1024 })).toBe('tooBig');
    expect(imageProofProblem({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(isProofLink('https://x.com/p/1')).toBe(true);
    expect(isProofLink('javascript:alert(1)')).toBe(false);
  });

  it('finds the quest slug in the path or the query', () => {
    expect(questSlugFromLocation('/quest-details/khel-welcome-quest', '')).toBe('khel-welcome-quest');
    expect(questSlugFromLocation('/quest-details/', '?slug=abc')).toBe('abc');
    expect(questSlugFromLocation('/quest-details', '')).toBeNull();
  });
});
