import { fileURLToPath } from 'node:url';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

/** Structured JSON logs, one line each. Callers never pass request bodies or PII. */
export function createLogger(
  level: Level | 'silent' = 'info',
  base: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const log = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (ORDER[lvl] < ORDER[level]) return;
    write(JSON.stringify({ level: lvl, time: new Date().toISOString(), msg, ...base, ...fields }));
  };
  return {
    debug: (m, f) => log('debug', m, f),
    info: (m, f) => log('info', m, f),
    warn: (m, f) => log('warn', m, f),
    error: (m, f) => log('error', m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}

const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const STATEMENT =
  /^\s*(?:with\b.*?\)\s*)?(select|insert into|update|delete from)\s+(?:.*?\bfrom\s+)?"?([\w.]+)"?/is;

/**
 * The name of a failed SQL statement, e.g. `insert into payment_webhook_events`: never its text
 * beyond that, and never its parameters (drizzle's message lists every one: IPs, ids, user agents).
 */
export function statementName(query: string): string {
  const m = STATEMENT.exec(query);
  if (!m) return 'sql';
  return `${m[1]!.toLowerCase().replace(/\s+/g, ' ')} ${m[2]}`;
}

/**
 * What a log line may say about an error. A database error: its statement's name and PostgreSQL's
 * code, constraint and table, not its message (PostgreSQL quotes the offending value there). Any
 * other error: its message. The stack is kept as frames with paths relative to the repository.
 */
export function errorFields(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { error: typeof err === 'string' ? err.slice(0, 200) : typeof err };
  const query = (err as { query?: unknown }).query;
  const cause = (err as { cause?: unknown }).cause;
  const db = (typeof query === 'string' ? cause : err) as
    | { code?: unknown; constraint?: unknown; table?: unknown; severity?: unknown }
    | undefined;
  const pgCode = typeof db?.code === 'string' && /^[0-9A-Z]{5}$/.test(db.code) ? db.code : undefined;
  const fields: Record<string, unknown> = { errorName: err.name };
  if (typeof query === 'string' || pgCode) {
    if (typeof query === 'string') fields.statement = statementName(query);
    if (pgCode) fields.pgCode = pgCode;
    if (typeof db?.constraint === 'string') fields.constraint = db.constraint;
    if (typeof db?.table === 'string') fields.table = db.table;
  } else {
    fields.error = err.message.slice(0, 300);
  }
  fields.stack = (err.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .slice(0, 8)
    .map((line) => line.trim().replaceAll(`file://${REPO_ROOT}`, '').replaceAll(REPO_ROOT, ''));
  return fields;
}
