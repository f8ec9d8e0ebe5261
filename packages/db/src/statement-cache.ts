import type { Sql } from 'postgres';

/**
 * Named prepared statements for the queries a process sends again and again (issue 23: a burst of
 * campaign finishers).
 *
 * drizzle's postgres.js driver sends every query it is not given a name for with `prepare: false`. For
 * such a query with parameters postgres.js makes two round trips (Parse + Describe, wait for the
 * parameter types, then Bind + Execute) and PostgreSQL parses, analyses and plans it every time. A named
 * statement is parsed once per connection and then costs one round trip (Bind + Execute): on a finisher's
 * validation, ≈ 20 statements, that was the largest part of both the API's and PostgreSQL's CPU (the
 * socket writes alone ≈ 16 % of the API process).
 *
 * postgres.js keeps every statement it prepared for the life of the connection and never deallocates
 * one, so preparing every text would grow without bound where a text varies (an `IN` list of any length,
 * a multi-row `VALUES`, a literal written into the text). So a text is prepared only once it has been
 * seen `after` times (a query of the code, not a one-off), and at most `max` texts per process are: past
 * that every new text goes unnamed as before. Each connection therefore holds at most `max` statements.
 *
 * Only queries that carry parameters and that drizzle sent unnamed are affected; postgres.js's own
 * statements (`begin`, `commit`, tagged templates) are left as they were. Not used behind a pooler in
 * transaction mode, where a named statement could meet another server connection (client.ts `poolMode`).
 */
export interface StatementCacheOptions {
  /** How many different texts may be prepared in this process (per connection at most as many). */
  max: number;
  /** How many times a text is seen before it is prepared. */
  after: number;
}

export const DEFAULT_STATEMENT_CACHE: StatementCacheOptions = { max: 400, after: 2 };

/** The texts seen (with how often, bounded) and the ones admitted as prepared statements. */
export interface StatementAdmission {
  admit(text: string): boolean;
  readonly prepared: ReadonlySet<string>;
}

/** How many texts not (yet) admitted are counted before the counts start again. */
const SEEN_LIMIT = 10_000;

export function statementAdmission(
  options: StatementCacheOptions = DEFAULT_STATEMENT_CACHE,
): StatementAdmission {
  const prepared = new Set<string>();
  let seen = new Map<string, number>();
  return {
    prepared,
    admit(text) {
      if (prepared.has(text)) return true;
      if (prepared.size >= options.max) return false;
      const count = (seen.get(text) ?? 0) + 1;
      if (count < options.after) {
        if (seen.size >= SEEN_LIMIT) seen = new Map();
        seen.set(text, count);
        return false;
      }
      seen.delete(text);
      prepared.add(text);
      return true;
    },
  };
}

type Unsafe = Sql['unsafe'];
type Begin = Sql['begin'];
type Savepoint = (nameOrFn: unknown, fn?: unknown) => Promise<unknown>;

/**
 * Makes `sql` (a postgres.js pool, or the scope of a transaction) prepare the texts `admission` admits,
 * in its transactions and savepoints too. Changes `sql` in place and returns it.
 */
export function preparingStatements<T extends Sql>(sql: T, admission: StatementAdmission): T {
  const unsafe: Unsafe = sql.unsafe;
  const patchedUnsafe = ((...args: unknown[]) => {
    const [text, params, options] = args;
    if (
      Array.isArray(params) &&
      params.length > 0 &&
      options !== null &&
      typeof options === 'object' &&
      (options as { prepare?: unknown }).prepare === false &&
      admission.admit(text as string)
    )
      return unsafe(text as string, params as never, { ...(options as object), prepare: true });
    return (unsafe as (...all: unknown[]) => unknown)(...args);
  }) as Unsafe;
  (sql as { unsafe: Unsafe }).unsafe = patchedUnsafe;
  const begin = sql.begin as unknown as (options: unknown, fn?: unknown) => Promise<unknown>;
  if (typeof begin === 'function')
    (sql as { begin: Begin }).begin = ((options: unknown, fn?: unknown) => {
      const body = (typeof options === 'function' ? options : fn) as (scope: Sql) => unknown;
      const wrapped = (scope: Sql) => body(preparingStatements(scope, admission));
      return typeof options === 'function' ? begin(wrapped) : begin(options, wrapped);
    }) as unknown as Begin;
  const savepoint = (sql as unknown as { savepoint?: Savepoint }).savepoint;
  if (typeof savepoint === 'function')
    (sql as unknown as { savepoint: Savepoint }).savepoint = (nameOrFn: unknown, fn?: unknown) => {
      const body = (typeof nameOrFn === 'function' ? nameOrFn : fn) as (scope: Sql) => unknown;
      const wrapped = (scope: Sql) => body(preparingStatements(scope, admission));
      return typeof nameOrFn === 'function' ? savepoint(wrapped) : savepoint(nameOrFn, wrapped);
    };
  return sql;
}
