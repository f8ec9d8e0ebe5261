// `npm start`: install if needed, build the front ends if stale, run the all-in-one product.
// `npm run start:api|start:worker|start:bot` (`start.mjs api|worker|bot`): one process of split
// mode (DESIGN §2) on PostgreSQL; see the README's "Production: separate processes".
import { spawn } from 'node:child_process';
import { ensureFrontEndsBuilt, ensureInstalled, log, root } from './lib.mjs';

const ROLES = {
  all: { entry: 'apps/api/src/index.ts', database: false, frontEnds: true },
  api: { entry: 'apps/api/src/main-api.ts', database: true, frontEnds: true },
  worker: { entry: 'apps/api/src/main-worker.ts', database: true, frontEnds: false },
  // The bot opens no database (yet): it needs TELEGRAM_BOT_TOKEN, which apps/bot/src/env.ts checks.
  bot: { entry: 'apps/bot/src/main.ts', database: false, frontEnds: false },
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
const child = spawn(process.execPath, ['--import', 'tsx', spec.entry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${root}/.data` },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
child.on('error', (err) => {
  log(`could not start ${spec.entry}: ${err.message}`);
  process.exit(127);
});
