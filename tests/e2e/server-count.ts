import { availableParallelism } from 'node:os';

/**
 * How many all-in-one servers the e2e run starts, and so how many spec files run at once:
 * E2E_SERVERS, else one more than the cores up to 4 (1 on a one-core machine). A spec spends most of
 * its time waiting (on the page, the server's jobs, a 4 s reload the spec asks for): with two servers a
 * 2-core machine was busy about 40 % of the e2e run. Each spec file still has a server to itself while
 * it runs, as when they ran one after another on one server.
 */
export function e2eServerCount(): number {
  const cores = availableParallelism();
  const wanted = Number(process.env.E2E_SERVERS ?? (cores <= 1 ? 1 : Math.min(cores + 1, 4)));
  return Number.isInteger(wanted) && wanted >= 1 ? wanted : 1;
}
