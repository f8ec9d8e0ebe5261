import { availableParallelism } from 'node:os';

/**
 * How many all-in-one servers the e2e run starts, and so how many spec files run at once:
 * E2E_SERVERS, else 2 (1 on a one-core machine). Each spec file still has a server to itself while
 * it runs, as when they ran one after another on one server.
 */
export function e2eServerCount(): number {
  const wanted = Number(process.env.E2E_SERVERS ?? Math.min(2, availableParallelism()));
  return Number.isInteger(wanted) && wanted >= 1 ? wanted : 1;
}
