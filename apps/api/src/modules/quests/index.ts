import { defineModule } from '../../lib/module.ts';
import { seedDemoQuests } from './catalogue.ts';
import { questsRouter } from './quests.routes.ts';

/** Quests: the list, details, starting with slots, task validation and rewards (README.md). */
export const questsModule = defineModule({ name: 'quests', routes: questsRouter, seedDemo: seedDemoQuests });
