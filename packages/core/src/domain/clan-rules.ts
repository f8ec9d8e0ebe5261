/** SPEC §3 clan rules: waiting periods, in days, sent by the server (platform-clans rules). */
export interface ClanRules {
  /** A clan can be deleted only this many days after it was created. */
  minDaysBeforeClanDelete: number;
  /** After leaving a clan, a user can join another only after this many days. */
  minDaysToJoinClanAfterLeaving: number;
  /** After deleting a clan, its chief can create a new one only after this many days. */
  minDaysToRecreateClanAfterDelete: number;
}

export interface WaitingPeriodResult {
  allowed: boolean;
  /** When the action becomes possible; null when no event restricts it. */
  availableAt: Date | null;
}

export const DAY_MS = 86_400_000;

type Instant = Date | number | string;

function toMs(t: Instant): number {
  return t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t);
}

/**
 * Days are elapsed 24-hour periods from the event instant (not calendar days in a time zone), so the
 * answer is the same in India, Brazil and on the server. The boundary instant itself is allowed.
 * Zero or negative periods never restrict.
 */
export function waitingPeriod(
  eventAt: Instant | null | undefined,
  days: number,
  now: Instant,
): WaitingPeriodResult {
  if (eventAt === null || eventAt === undefined) return { allowed: true, availableAt: null };
  const availableAt = toMs(eventAt) + Math.max(0, days) * DAY_MS;
  return { allowed: toMs(now) >= availableAt, availableAt: new Date(availableAt) };
}

export function canDeleteClan(rules: ClanRules, clanCreatedAt: Instant, now: Instant): WaitingPeriodResult {
  return waitingPeriod(clanCreatedAt, rules.minDaysBeforeClanDelete, now);
}

export function canJoinClanAfterLeaving(
  rules: ClanRules,
  lastLeftAt: Instant | null | undefined,
  now: Instant,
): WaitingPeriodResult {
  return waitingPeriod(lastLeftAt, rules.minDaysToJoinClanAfterLeaving, now);
}

export function canRecreateClanAfterDelete(
  rules: ClanRules,
  lastDeletedAt: Instant | null | undefined,
  now: Instant,
): WaitingPeriodResult {
  return waitingPeriod(lastDeletedAt, rules.minDaysToRecreateClanAfterDelete, now);
}
