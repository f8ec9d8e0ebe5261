import { type Rule, ruleSchema } from './rule.ts';

export const DATE_INVALID_MESSAGE = 'Please enter a valid date in dd/mm/yyyy format';

/** SPEC §5: dates are dd/mm/yyyy, two-digit day and month, four-digit year. */
export const DATE_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4})$/;

export interface CalendarDate {
  day: number;
  month: number;
  year: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Reads `dd/mm/yyyy` into its parts, or null when it is not a real calendar date (31/02/2024). */
export function parseDdMmYyyy(text: string): CalendarDate | null {
  const match = DATE_PATTERN.exec(text);
  if (!match) return null;
  const day = Number(match[1]);
  const month = Number(match[2]);
  const year = Number(match[3]);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { day, month, year };
}

export const isValidDdMmYyyy = (text: string): boolean => parseDdMmYyyy(text) !== null;

/** `05/03/2026` → `2026-03-05` (ISO calendar date, for the API), or null when invalid. */
export function ddMmYyyyToIso(text: string): string | null {
  const date = parseDdMmYyyy(text);
  if (!date) return null;
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

export const validateDdMmYyyy: Rule = (text) => (isValidDdMmYyyy(text) ? null : DATE_INVALID_MESSAGE);

export const ddMmYyyySchema = /* @__PURE__ */ ruleSchema(validateDdMmYyyy, DATE_INVALID_MESSAGE, {
  trim: true,
});
