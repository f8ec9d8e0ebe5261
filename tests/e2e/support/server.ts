import { inject } from 'vitest';
import type { E2eServer } from '../global-setup.ts';

/**
 * The all-in-one server this spec file runs against. Spec files run on as many workers as there are
 * servers (vitest.config.ts), and a worker keeps one pool id (1…n) for its life, so each server
 * serves one spec file at a time.
 */
export function e2eServer(): E2eServer {
  const servers = inject('e2eServers');
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  return servers[(poolId - 1) % servers.length]!;
}
