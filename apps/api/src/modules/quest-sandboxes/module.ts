import { allRoutes, defineModule } from '../../lib/module.ts';
import { questSandboxesPageRouter } from './quest-sandboxes.page.ts';
import { questSandboxesRouter } from './quest-sandboxes.routes.ts';

/** What quest tasks are checked against outside production: a partner game server and the in-process EVM (README.md). */
export const questSandboxesModule = defineModule({
  name: 'quest-sandboxes',
  routes: allRoutes(questSandboxesRouter, questSandboxesPageRouter),
});
