/**
 * The quests module's public surface: what other modules may import from it (docs/adding-a-feature.md
 * "Rules"). Other modules import this file only, never the files behind it; the module registers itself
 * in module.ts.
 */
export { checkHubAndGame, questTaskRows } from './catalogue.ts';
export { hubView, loadQuest, tasksOf, taskView } from './quests.ts';
export { grantQuestRewards } from './rewards.ts';
export {
  getQuestStatus,
  loadProgressWith,
  type QuestProgress,
  type QuestProgressHooks,
  recordQuestStart,
  validateTask,
  validateTaskWithStatus,
} from './user-quests.ts';
export { holdsPog, isInClan, POG_SHARE_HASHTAG } from './validators/internal-checks.ts';
