import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Env } from './env.ts';
import { startJobWorker } from './lib/jobs.ts';
import {
  describeDatabase,
  type Listening,
  listen,
  loadProcessEnv,
  openRuntime,
  type ProcessOptions,
  requireDatabaseUrl,
} from './runtime.ts';

export interface RunningWorker {
  env: Env;
  /** URL of the health endpoint (GET /healthz), when WORKER_HEALTH_PORT is set. */
  healthUrl: string | null;
  close(): Promise<void>;
}

/**
 * Split mode (DESIGN §2), the job worker alone: runs due jobs (lib/jobs.ts `startJobWorker`,
 * recurring jobs included) on PostgreSQL and serves no API. Any number may run: jobs are taken with
 * FOR UPDATE SKIP LOCKED and a lease, so each runs once. With WORKER_HEALTH_PORT set it answers
 * GET /healthz (200 while the database answers, 503 otherwise) and nothing else.
 */
export async function startWorker(options: ProcessOptions = {}): Promise<RunningWorker> {
  const env = loadProcessEnv(options);
  requireDatabaseUrl(env, 'The job worker (start:worker)');
  const runtime = await openRuntime(env, 'khel-worker', { readReplica: false });
  const { deps, logger, database } = runtime;
  const jobWorker = startJobWorker(deps);

  let health: Listening | undefined;
  if (env.WORKER_HEALTH_PORT !== undefined) {
    const app = new Hono();
    app.get('/healthz', async (c) => {
      try {
        await deps.db.execute(sql`select 1`);
        return c.json({ status: 'ok' });
      } catch {
        return c.json({ status: 'database unreachable' }, 503);
      }
    });
    try {
      health = await listen(app.fetch, env.WORKER_HEALTH_PORT, env.HOST);
    } catch (error) {
      await jobWorker.stop();
      await database.close();
      throw error;
    }
  }
  logger.info('khel job worker started', {
    health: health ? `${health.url}/healthz` : 'off (set WORKER_HEALTH_PORT)',
    database: describeDatabase(runtime),
    intervalMs: env.JOB_WORKER_INTERVAL_MS,
    kinds: Object.keys(deps.jobHandlers),
    recurring: (deps.recurringJobs ?? []).map((j) => j.kind),
  });

  return {
    env,
    healthUrl: health ? `${health.url}/healthz` : null,
    async close() {
      // Waits for the batch in progress: a job is finished, or left to its lease, never cut in half.
      await jobWorker.stop();
      await health?.close();
      await database.close();
      logger.info('khel job worker stopped');
    },
  };
}
