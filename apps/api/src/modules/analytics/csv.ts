/** Cells a spreadsheet would read as a formula (CSV injection) start with one of these. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: text that could start a formula gets a leading apostrophe; quoted when it must be. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** RFC 4180 lines (CRLF), a header row first. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return `${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
