export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

/** The SPEC §9 pattern's month and am/pm in each of our languages (CLDR's abbreviations, fixed here so
 * that every browser and Node print the same). */
const DATE_WORDS = {
  en: { months: MONTH_ABBREVIATIONS, am: 'am', pm: 'pm' },
  hi: {
    months: ['जन॰', 'फ़र॰', 'मार्च', 'अप्रैल', 'मई', 'जून', 'जुल॰', 'अग॰', 'सित॰', 'अक्टू॰', 'नव॰', 'दिस॰'],
    am: 'पूर्वाह्न',
    pm: 'अपराह्न',
  },
  'pt-BR': {
    months: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
    am: 'AM',
    pm: 'PM',
  },
} as const satisfies Record<string, { months: readonly string[]; am: string; pm: string }>;
export type DateLanguage = keyof typeof DATE_WORDS;

/** The month and am/pm words of `language`, English for any other. */
function dateWords(language: DateLanguage | string | undefined) {
  return DATE_WORDS[(language ?? 'en') as DateLanguage] ?? DATE_WORDS.en;
}

export interface DateTimeFormatOptions {
  /** IANA zone, e.g. 'Asia/Kolkata' or 'America/Sao_Paulo'; default: the runtime's zone. */
  timeZone?: string;
  /** Language of the month and am/pm (default English); the pattern stays the SPEC's. */
  language?: DateLanguage | string;
}

// Intl formatters are costly to create; one per zone is plenty.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Year, month (1–12), day, hour (0–23) and minute of `date` as seen in `timeZone`. */
export function dateParts(date: Date | number, timeZone?: string) {
  // The runtime's own zone needs no Intl: the first DateTimeFormat loads ICU's date data, about 50 ms
  // on a slow phone's first screen (issue 25), and the Date's getters give the same parts.
  if (timeZone === undefined) {
    const local = new Date(date);
    return {
      year: local.getFullYear(),
      month: local.getMonth() + 1,
      day: local.getDate(),
      hour: local.getHours(),
      minute: local.getMinutes(),
    };
  }
  const parts = formatterFor(timeZone).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour') % 24,
    minute: get('minute'),
  };
}

/**
 * SPEC §9 date display `d/Mon/yy, hh:mm am/pm`, e.g. `5/Mar/26, 09:07 pm`: day without a leading zero,
 * English month abbreviation, two-digit year, `/` between them; then a comma and a space; then the
 * 12-hour clock with two-digit hour and minute (midnight is `12:00 am`, noon `12:00 pm`), a space and
 * lower-case am/pm. In Hindi and Portuguese the month and am/pm are theirs (`24/नव॰/26, 03:43 अपराह्न`,
 * `24/nov/26, 03:43 PM`).
 */
export function formatDateTime(date: Date | number | string, options: DateTimeFormatOptions = {}): string {
  const instant = typeof date === 'string' ? Date.parse(date) : date;
  const { year, month, day, hour, minute } = dateParts(instant, options.timeZone);
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  const pad = (n: number) => String(n).padStart(2, '0');
  const words = dateWords(options.language);
  const mon = words.months[month - 1] ?? '';
  return `${day}/${mon}/${pad(year % 100)}, ${pad(hour12)}:${pad(minute)} ${hour < 12 ? words.am : words.pm}`;
}

/** SPEC §9 date display without the time: `d/Mon/yy`, e.g. `5/Mar/26` (an article's date). */
export function formatDate(date: Date | number | string, options: DateTimeFormatOptions = {}): string {
  return formatDateTime(date, options).split(',')[0]!;
}

/**
 * A day and month in the runtime's zone, as a card's "ends 3 Dec" shows it: `3 Dec` (en), `3 दिस॰` (hi),
 * `3 de dez.` (pt-BR), CLDR's short forms. From the fixed table above, not Intl: the first
 * `Intl.DateTimeFormat` loads ICU's date data, 60–110 ms of a slow phone's first screen (issue 25).
 */
export function formatDayMonth(date: Date | number | string, language?: DateLanguage | string): string {
  const instant = typeof date === 'string' ? Date.parse(date) : date;
  const { month, day } = dateParts(instant);
  const words = dateWords(language);
  const mon = words.months[month - 1] ?? '';
  return language === 'pt-BR' ? `${day} de ${mon}.` : `${day} ${mon}`;
}

/** 179 500 ms → "3:00": whole seconds rounded up, so the countdown never shows 0:00 while still waiting. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
