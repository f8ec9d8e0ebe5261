import { closeOnSignals, exitOnStartupError } from './runtime.ts';
import { startApiServer } from './server.ts';

// Split mode: the API alone (`pnpm start:api`). Needs DATABASE_URL; see the README's process table.
const running = await startApiServer().catch(exitOnStartupError);
closeOnSignals(running);
