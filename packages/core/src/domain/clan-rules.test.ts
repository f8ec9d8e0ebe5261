import { describe, expect, it } from 'vitest';
import {
  type ClanRules,
  canDeleteClan,
  canJoinClanAfterLeaving,
  canRecreateClanAfterDelete,
  DAY_MS,
  waitingPeriod,
} from './clan-rules.ts';

const rules: ClanRules = {
  minDaysBeforeClanDelete: 7,
  minDaysToJoinClanAfterLeaving: 3,
  minDaysToRecreateClanAfterDelete: 30,
};
const t0 = Date.UTC(2026, 0, 1, 18, 30);

describe('clan waiting periods (SPEC §3/§4: delete, leave, creation)', () => {
  it('minDaysBeforeClanDelete: a clan created 6 days ago cannot be deleted; 7 days after, it can', () => {
    const availableAt = new Date(t0 + 7 * DAY_MS);
    expect(canDeleteClan(rules, t0, t0 + 6 * DAY_MS)).toEqual({ allowed: false, availableAt });
    expect(canDeleteClan(rules, t0, t0 + 7 * DAY_MS)).toEqual({ allowed: true, availableAt });
    expect(canDeleteClan(rules, t0, t0 + 7 * DAY_MS - 1).allowed).toBe(false);
  });

  it('minDaysToJoinClanAfterLeaving: 3 days after leaving; never left → allowed', () => {
    expect(canJoinClanAfterLeaving(rules, new Date(t0), t0 + 2 * DAY_MS)).toEqual({
      allowed: false,
      availableAt: new Date(t0 + 3 * DAY_MS),
    });
    expect(canJoinClanAfterLeaving(rules, t0, t0 + 3 * DAY_MS).allowed).toBe(true);
    expect(canJoinClanAfterLeaving(rules, null, t0)).toEqual({ allowed: true, availableAt: null });
  });

  it('minDaysToRecreateClanAfterDelete: 30 days after deleting', () => {
    const deletedAt = new Date(t0).toISOString();
    expect(canRecreateClanAfterDelete(rules, deletedAt, t0 + 29 * DAY_MS).allowed).toBe(false);
    expect(canRecreateClanAfterDelete(rules, deletedAt, t0 + 30 * DAY_MS)).toEqual({
      allowed: true,
      availableAt: new Date(t0 + 30 * DAY_MS),
    });
    expect(canRecreateClanAfterDelete(rules, undefined, t0).allowed).toBe(true);
  });

  it('zero or negative periods never restrict', () => {
    expect(waitingPeriod(t0, 0, t0)).toEqual({ allowed: true, availableAt: new Date(t0) });
    expect(waitingPeriod(t0, -5, t0).allowed).toBe(true);
  });
});
