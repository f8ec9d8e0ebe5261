import { createDatabase } from '@khel/db';
import type { AppDeps } from './context.ts';
import { runDueJobs } from './jobs.ts';
import { createLogger } from './logger.ts';

/**
 * A job worker for jobs-lease.test.ts to kill: on PostgreSQL, with its clock frozen at the given
 * moment, it takes the due job of the given kind, says RUNNING from inside its handler and waits to
 * be killed, holding the job's lease (its heartbeat, on a frozen clock, has nothing to extend).
 * Usage: node --import tsx jobs.crash-child.ts <database url> <clock, epoch ms> <job kind>
 */
const [url, at, kind] = process.argv.slice(2);
if (!url || !at || !kind) throw new Error('usage: jobs.crash-child.ts <database url> <epoch ms> <job kind>');
const database = createDatabase({ kind: 'postgres', url, max: 2 });
const now = new Date(Number(at));
// Only what runDueJobs and this handler read: the job runner needs no API.
const deps = {
  db: database.db,
  clock: () => now,
  logger: createLogger('silent'),
  jobHandlers: {
    [kind]: async () => {
      process.stdout.write('RUNNING\n');
      await new Promise(() => {});
    },
  },
} as unknown as AppDeps;
await runDueJobs(deps, { limit: 1 });
