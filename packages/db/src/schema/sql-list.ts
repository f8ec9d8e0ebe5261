import { sql } from 'drizzle-orm';

/** An enum list as the body of a CHECK's `in (…)`: `'a', 'b'` (values are our own constants, never input). */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
