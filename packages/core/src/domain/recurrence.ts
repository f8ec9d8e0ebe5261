import type { QuestRecurrence } from '../contract/quests.ts';

/** A recurring quest's period: [start, end) in UTC, and a key naming it (`2026-11-29`, `2026-W48`, `2026-11`). */
export interface RecurrencePeriod {
  start: Date;
  end: Date;
  key: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The period of a recurring quest that holds `at` (issue 26): a UTC day; an ISO week, Monday 00:00 UTC to
 * the next Monday; a calendar month in UTC. Every instant is in exactly one period of each kind, and one
 * period ends where the next starts.
 */
export function recurrencePeriod(recurrence: QuestRecurrence, at: Date): RecurrencePeriod {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  const d = at.getUTCDate();
  if (recurrence === 'monthly') {
    return {
      start: new Date(Date.UTC(y, m, 1)),
      end: new Date(Date.UTC(y, m + 1, 1)),
      key: `${y}-${pad(m + 1)}`,
    };
  }
  const day = Date.UTC(y, m, d);
  if (recurrence === 'daily') {
    return { start: new Date(day), end: new Date(day + DAY_MS), key: `${y}-${pad(m + 1)}-${pad(d)}` };
  }
  // ISO week: Monday is day 1, Sunday day 7; the week belongs to the year of its Thursday.
  const weekday = at.getUTCDay() || 7;
  const monday = day - (weekday - 1) * DAY_MS;
  const thursday = new Date(monday + 3 * DAY_MS);
  const isoYear = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(isoYear, 0, 1)) / (7 * DAY_MS)) + 1;
  return { start: new Date(monday), end: new Date(monday + 7 * DAY_MS), key: `${isoYear}-W${pad(week)}` };
}
