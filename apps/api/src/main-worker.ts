import { closeOnSignals, exitOnStartupError } from './runtime.ts';
import { startWorker } from './worker.ts';

// Split mode: the job worker alone (`pnpm start:worker`). Needs DATABASE_URL; see the README's process table.
const running = await startWorker().catch(exitOnStartupError);
closeOnSignals(running);
