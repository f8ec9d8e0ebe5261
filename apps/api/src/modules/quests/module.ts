import { allRoutes, defineModule } from '../../lib/module.ts';
import { QUESTS_DEMO_SEED, QUESTS_RECURRING_DEMO_SEED, seedDemoQuests } from './catalogue.ts';
import { questOperatorCommands } from './quest-cli.ts';
import { questOperatorsRouter } from './quest-operators.routes.ts';
import { questsRouter } from './quests.routes.ts';
import { createSocialProviders, type SocialProviders } from './social/social-providers.ts';
import { socialSandboxRouter } from './social/social-sandbox.routes.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** Who the X and Discord tasks ask: sandboxes outside production, the real APIs by environment. */
    social: SocialProviders;
  }
}

/** Quests: the list, details, starting with slots, task validation and rewards, the operators' quest and hub writes (README.md). */
export const questsModule = defineModule({
  name: 'quests',
  routes: allRoutes(questsRouter, socialSandboxRouter, questOperatorsRouter),
  createDeps: ({ env, db, clock }) => ({ social: createSocialProviders(env, db, clock) }),
  seedDemo: seedDemoQuests,
  seedDemoMarkers: [QUESTS_DEMO_SEED, QUESTS_RECURRING_DEMO_SEED],
  operatorCommands: questOperatorCommands,
});
