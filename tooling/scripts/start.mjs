// `npm start`: install if needed, build the front ends if stale, run the all-in-one product.
// `npm run start:api|start:worker|start:bot|start:notifier` (`start.mjs api|worker|bot|notifier`): one process of split
// mode (DESIGN §2) on PostgreSQL; see the README's "Production: separate processes".
import { spawn } from 'node:child_process';
import { ensureFrontEndsBuilt, ensureInstalled, log, root } from './lib.mjs';

// The entry of each role is in build-server.mjs (SERVER_ENTRIES); it runs built JavaScript.
const ROLES = {
  all: { database: false, frontEnds: true },
  api: { database: true, frontEnds: true },
  worker: { database: true, frontEnds: false },
  // The bot needs TELEGRAM_BOT_TOKEN (apps/bot/src/env.ts checks it); with DATABASE_URL it records who opened
  // it and serves /settings, without it only the Mini App links.
  bot: { database: false, frontEnds: false },
  // The outbox notifier: TELEGRAM_BOT_TOKEN and DATABASE_URL.
  notifier: { database: true, frontEnds: false },
};

const role = process.argv[2] ?? 'all';
const spec = ROLES[role];
if (!spec) {
  log(`unknown process "${role}": use one of ${Object.keys(ROLES).join(', ')}`);
  process.exit(2);
}
// Checked here too (the entry checks again) so a missing setting fails before a slow install or build.
if (spec.database && !process.env.DATABASE_URL) {
  log(
    `start:${role} needs DATABASE_URL (a PostgreSQL server): split mode shares its state through it and PGlite serves one process only. For one process on PGlite, run npm start.`,
  );
  process.exit(1);
}

await ensureInstalled();
// After the install: the server build needs esbuild from node_modules.
const { ensureServerBuilt, serverEntry } = await import('./build-server.mjs');
await ensureServerBuilt().catch((err) => {
  log(`building the server failed: ${err.message}`);
  process.exit(1);
});
const entry = serverEntry(role);
const serveFrontEnds = !['false', '0', 'no'].includes(process.env.SERVE_FRONT_ENDS ?? '');
if (spec.frontEnds && (role === 'all' || serveFrontEnds)) {
  await ensureFrontEndsBuilt().catch((err) => {
    log(err.message);
    process.exit(1);
  });
}
log(
  role === 'all'
    ? 'starting Khel (PGlite under ./.data unless DATABASE_URL is set)…'
    : `starting the ${role} process of split mode…`,
);

// The process runs as a child; SIGINT/SIGTERM sent to this script (a container stop, a process
// manager) are passed on so it shuts down gracefully, and its exit code becomes ours.
const child = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${root}/.data` },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
child.on('error', (err) => {
  log(`could not start ${entry}: ${err.message}`);
  process.exit(127);
});
