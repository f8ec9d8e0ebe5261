import { readFileSync } from 'node:fs';
import { questInputSchema } from '@khel/core/contract';
import { checkInputFile, type OperatorCommand } from '../../lib/operator-cli.ts';

/** Reads a file of quests and checks each against the contract; returns them or the problems found. */
export function checkQuestFile(text: string): { quests: Record<string, unknown>[]; problems: string[] } {
  const { items, problems } = checkInputFile(text, questInputSchema, 'quest');
  return { quests: items, problems };
}

/**
 * The operator CLI's quest commands (modules/operators/cli.ts runs them):
 *
 *   quests check <file.json>            check quests against the contract, send nothing
 *   quests import <file.json> [--publish]   check, then create or replace them through the operator API
 *   quests publish <slug>               publish a draft
 *
 * A file holds one quest or an array of quests (contract `questInputSchema`).
 */
export const questOperatorCommands: OperatorCommand[] = [
  {
    area: 'quests',
    usage: ['quests check <file>', 'quests import <file> [--publish]'],
    matches: ({ command, target }) => (command === 'check' || command === 'import') && !!target,
    run: async ({ command, target, flags }, { out, callApi }) => {
      const { quests, problems } = checkQuestFile(readFileSync(target!, 'utf8'));
      for (const p of problems) out.error(p);
      if (problems.length > 0) return 1;
      if (command === 'check') {
        out.log(`${quests.length} quest(s) match the contract`);
        return 0;
      }
      const publish = flags.includes('--publish');
      for (const quest of quests) {
        const data = await callApi('/operator/quests', { quest, publish });
        out.log(
          `${data.created ? 'created' : 'replaced'} ${String(data.slug)}${publish ? ' (published)' : ' (draft)'}`,
        );
      }
      return 0;
    },
  },
  {
    area: 'quests',
    usage: ['quests publish <slug>'],
    matches: ({ command, target }) => command === 'publish' && !!target,
    run: async ({ target }, { out, callApi }) => {
      await callApi(`/operator/quests/${encodeURIComponent(target!)}/publish`, {});
      out.log(`published ${target}`);
      return 0;
    },
  },
];
