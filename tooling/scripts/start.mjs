// `npm start`: install if needed, build the front ends if stale, run the all-in-one product.
import { ensureFrontEndsBuilt, ensureInstalled, log, root, run } from './lib.mjs';

await ensureInstalled();
await ensureFrontEndsBuilt().catch((err) => {
  log(err.message);
  process.exit(1);
});
log('starting Khel (PGlite under ./.data unless DATABASE_URL is set)…');
const code = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/index.ts'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? `${root}/.data` },
});
process.exit(code);
