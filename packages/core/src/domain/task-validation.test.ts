import { describe, expect, it } from 'vitest';
import {
  initialTaskValidationState,
  isTaskButtonEnabled,
  isTaskUnlocked,
  type TaskForValidation,
  type TaskValidationEvent,
  type TaskValidationState,
  taskValidationReducer,
} from './task-validation.ts';

const task = (over: Partial<TaskForValidation> & { id: string }): TaskForValidation => ({
  active: true,
  completed: false,
  locked: false,
  ...over,
});

function run(state: TaskValidationState, ...events: TaskValidationEvent[]): TaskValidationState {
  return events.reduce((s, e) => taskValidationReducer(s, e), state);
}

describe('task validation button (SPEC §4)', () => {
  const follow = task({ id: 'follow', needsAction: true });
  const code = task({ id: 'code' });

  it('COMPLETE TASK → (action opened) VALIDATE → VALIDATING → VERIFIED', () => {
    const s0 = initialTaskValidationState(follow, [follow]);
    expect(s0.button).toBe('COMPLETE TASK');
    const s1 = run(s0, { type: 'ACTION_OPENED' });
    expect(s1.button).toBe('VALIDATE');
    const s2 = run(s1, { type: 'VALIDATE' });
    expect(s2.button).toBe('VALIDATING');
    expect(run(s2, { type: 'SUCCEEDED' }).button).toBe('VERIFIED');
  });

  it('a task that can be checked at once starts at VALIDATE', () => {
    expect(initialTaskValidationState(code, [code]).button).toBe('VALIDATE');
  });

  it('a failure shows REVALIDATE with the message; REVALIDATE validates again', () => {
    const failed = run(
      initialTaskValidationState(code, [code]),
      { type: 'VALIDATE' },
      { type: 'FAILED', message: 'Mission failed!' },
    );
    expect(failed).toMatchObject({ button: 'REVALIDATE', error: 'Mission failed!' });
    const retry = run(failed, { type: 'VALIDATE' });
    expect(retry).toMatchObject({ button: 'VALIDATING', error: null });
    expect(run(retry, { type: 'SUCCEEDED' }).button).toBe('VERIFIED');
  });

  it('multi-step tasks: CONTINUE between steps (validation step starts at 1), VERIFIED after the last', () => {
    const twoStep = task({ id: 'game', steps: 2 });
    let s = initialTaskValidationState(twoStep, [twoStep]);
    expect(s.step).toBe(1);
    s = run(s, { type: 'VALIDATE' }, { type: 'SUCCEEDED' });
    expect(s).toMatchObject({ button: 'CONTINUE', step: 1 });
    s = run(s, { type: 'CONTINUE' });
    expect(s).toMatchObject({ button: 'VALIDATE', step: 2 });
    s = run(s, { type: 'VALIDATE' }, { type: 'SUCCEEDED' });
    expect(s).toMatchObject({ button: 'VERIFIED', step: 2 });
  });

  it('ignores events that do not apply: double clicks and late responses cannot move it back', () => {
    const validating = run(initialTaskValidationState(code, [code]), { type: 'VALIDATE' });
    expect(run(validating, { type: 'VALIDATE' })).toBe(validating);
    const verified = run(validating, { type: 'SUCCEEDED' });
    expect(run(verified, { type: 'FAILED' })).toBe(verified);
    expect(taskValidationReducer(verified, { type: 'RESET' }, { task: code, tasks: [code] })).toBe(verified);
  });

  it('a completed task shows VERIFIED; VALIDATING and VERIFIED are disabled', () => {
    expect(initialTaskValidationState(task({ id: 'x', completed: true }), []).button).toBe('VERIFIED');
    expect(isTaskButtonEnabled('VALIDATING')).toBe(false);
    expect(isTaskButtonEnabled('VERIFIED')).toBe(false);
    expect(isTaskButtonEnabled('REVALIDATE')).toBe(true);
  });
});

describe('a locked task needs all active tasks completed (SPEC §4)', () => {
  const a = task({ id: 'a', completed: true });
  const b = task({ id: 'b' });
  const inactive = task({ id: 'old', active: false });
  const locked = task({ id: 'final', locked: true });
  const otherLocked = task({ id: 'bonus', locked: true });

  it('stays locked (OKAY) while an active task is open', () => {
    expect(isTaskUnlocked(locked, [a, b, locked])).toBe(false);
    expect(initialTaskValidationState(locked, [a, b, locked]).button).toBe('OKAY');
  });

  it('unlocks when every active task is completed; inactive and other locked tasks do not count', () => {
    const bDone = { ...b, completed: true };
    expect(isTaskUnlocked(locked, [a, bDone, inactive, locked, otherLocked])).toBe(true);
    expect(isTaskUnlocked(otherLocked, [a, bDone, locked, otherLocked])).toBe(true);
  });

  it('OKAY only dismisses; UNLOCKED re-reads the tasks', () => {
    const s = initialTaskValidationState(locked, [a, b, locked]);
    expect(run(s, { type: 'VALIDATE' })).toBe(s);
    const stillLocked = taskValidationReducer(
      s,
      { type: 'UNLOCKED' },
      { task: locked, tasks: [a, b, locked] },
    );
    expect(stillLocked.button).toBe('OKAY');
    const open = taskValidationReducer(
      s,
      { type: 'UNLOCKED' },
      { task: locked, tasks: [a, { ...b, completed: true }, locked] },
    );
    expect(open.button).toBe('VALIDATE');
  });
});
