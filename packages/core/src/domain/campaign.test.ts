import { describe, expect, it } from 'vitest';
import { type CampaignStatus, campaignProgress, getCampaignButton, getCampaignTimer } from './campaign.ts';

const start = Date.UTC(2026, 2, 10, 12, 0, 0);
const end = Date.UTC(2026, 2, 20, 12, 0, 0);
const HOUR = 3_600_000;

describe('campaign timer (SPEC §4: Starts before the start, Ends while running, nothing after)', () => {
  it('Starts with the time to the start', () => {
    expect(getCampaignTimer({ startsAt: start, endsAt: end, now: start - HOUR })).toEqual({
      label: 'Starts',
      target: new Date(start),
      remainingMs: HOUR,
    });
  });

  it('Ends with the time to the end, from the start instant on', () => {
    expect(getCampaignTimer({ startsAt: start, endsAt: end, now: start })).toEqual({
      label: 'Ends',
      target: new Date(end),
      remainingMs: end - start,
    });
  });

  it('nothing at and after the end', () => {
    const none = { label: null, target: null, remainingMs: 0 };
    expect(getCampaignTimer({ startsAt: start, endsAt: end, now: end })).toEqual(none);
    expect(getCampaignTimer({ startsAt: start, endsAt: end, now: end + HOUR })).toEqual(none);
  });

  it('accepts ISO strings and Dates; no end means nothing once started', () => {
    const t = getCampaignTimer({
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(end),
      now: new Date(end - 1000),
    });
    expect(t).toMatchObject({ label: 'Ends', remainingMs: 1000 });
    expect(getCampaignTimer({ startsAt: start, endsAt: null, now: start + 1 }).label).toBeNull();
  });
});

describe('campaign button (SPEC §4: GET_STARTED, CONTINUE_TASKS, ENDED, COMING_SOON, CLAIM_REWARDS)', () => {
  const running = { startsAt: start, endsAt: end, now: start + HOUR };
  const started = { started: true, completedTasks: 3, totalTasks: 4 };
  const done = { started: true, completedTasks: 4, totalTasks: 4 };

  it('LIVE, not started → GET_STARTED (also signed out)', () => {
    expect(
      getCampaignButton({
        ...running,
        status: 'LIVE',
        user: { started: false, completedTasks: 0, totalTasks: 4 },
      }).kind,
    ).toBe('GET_STARTED');
    expect(getCampaignButton({ ...running, status: 'LIVE', user: null }).kind).toBe('GET_STARTED');
  });

  it('LIVE, started → CONTINUE_TASKS with progress = completed/total (3/4 = 0.75)', () => {
    expect(getCampaignButton({ ...running, status: 'LIVE', user: started })).toEqual({
      kind: 'CONTINUE_TASKS',
      disabled: false,
      completed: 3,
      total: 4,
      progress: 0.75,
    });
  });

  it('LIVE and all tasks done still shows CONTINUE_TASKS at progress 1 until CLAIM_REWARDS', () => {
    expect(getCampaignButton({ ...running, status: 'LIVE', user: done })).toMatchObject({
      kind: 'CONTINUE_TASKS',
      progress: 1,
    });
  });

  it('DRAFT → COMING_SOON; PUBLISHED before the start → COMING_SOON', () => {
    expect(getCampaignButton({ ...running, status: 'DRAFT', user: null })).toEqual({
      kind: 'COMING_SOON',
      disabled: true,
    });
    expect(
      getCampaignButton({ startsAt: start, endsAt: end, now: start - 1, status: 'PUBLISHED', user: null })
        .kind,
    ).toBe('COMING_SOON');
  });

  it('PUBLISHED after the start behaves as LIVE (the status job may lag)', () => {
    expect(getCampaignButton({ ...running, status: 'PUBLISHED', user: null }).kind).toBe('GET_STARTED');
  });

  it('LIVE past its end → ENDED', () => {
    expect(
      getCampaignButton({ startsAt: start, endsAt: end, now: end, status: 'LIVE', user: started }).kind,
    ).toBe('ENDED');
  });

  it.each<CampaignStatus>(['ARCHIVED', 'ENDED', 'PROCESSING_REWARDS', 'REWARDS_CREDITED'])(
    '%s → ENDED',
    (status) => {
      expect(getCampaignButton({ ...running, status, user: done })).toEqual({
        kind: 'ENDED',
        disabled: true,
      });
    },
  );

  it('CLAIM_REWARDS → CLAIM_REWARDS only for a user who finished every task and has not claimed', () => {
    const claimPhase = { startsAt: start, endsAt: end, now: end + HOUR, status: 'CLAIM_REWARDS' as const };
    expect(getCampaignButton({ ...claimPhase, user: done }).kind).toBe('CLAIM_REWARDS');
    expect(getCampaignButton({ ...claimPhase, user: started }).kind).toBe('ENDED');
    expect(getCampaignButton({ ...claimPhase, user: { ...done, rewardClaimed: true } }).kind).toBe('ENDED');
    expect(getCampaignButton({ ...claimPhase, user: null }).kind).toBe('ENDED');
  });

  it('progress is clamped to 0..1 and 0 without tasks', () => {
    expect(campaignProgress(0, 0)).toBe(0);
    expect(campaignProgress(5, 4)).toBe(1);
    expect(campaignProgress(-1, 4)).toBe(0);
    expect(campaignProgress(1, 3)).toBeCloseTo(1 / 3);
  });
});

describe('a reward waiting to be claimed', () => {
  const base = { startsAt: 0, endsAt: 1000, now: 500 };
  const finished = { started: true, completedTasks: 3, totalTasks: 3 };
  it('shows CLAIM_REWARDS in any status but DRAFT', () => {
    for (const status of ['LIVE', 'ENDED', 'PROCESSING_REWARDS', 'REWARDS_CREDITED', 'ARCHIVED'] as const)
      expect(getCampaignButton({ ...base, status, user: { ...finished, hasClaimable: true } }).kind).toBe(
        'CLAIM_REWARDS',
      );
    expect(
      getCampaignButton({ ...base, status: 'DRAFT', user: { ...finished, hasClaimable: true } }).kind,
    ).toBe('COMING_SOON');
  });
  it('keeps CONTINUE_TASKS at 100 % while nothing is claimable yet', () => {
    expect(getCampaignButton({ ...base, status: 'LIVE', user: finished }).kind).toBe('CONTINUE_TASKS');
  });
});
