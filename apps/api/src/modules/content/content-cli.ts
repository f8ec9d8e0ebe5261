import { readFileSync } from 'node:fs';
import { contentInputSchema } from '@khel/core/contract';
import { checkInputFile, type OperatorCommand } from '../../lib/operator-cli.ts';

/** Reads a file of articles and videos and checks each against the contract. */
export function checkContentFile(text: string): { items: Record<string, unknown>[]; problems: string[] } {
  return checkInputFile(text, contentInputSchema, 'content');
}

/**
 * The operator CLI's content commands (modules/operators/cli.ts runs them):
 *
 *   content check <file.json>           check articles and videos against the contract (video hosts, covers)
 *   content import <file.json> [--publish]   check every item, then create or edit them all in one
 *                                       request through the operator API: all are written or none
 *   content publish <slug>              publish an article or video (content unpublish <slug> takes it back)
 *
 * A file holds articles and videos (contract `contentInputSchema`, e.g. docs/examples/content.json).
 */
export const contentOperatorCommands: OperatorCommand[] = [
  {
    area: 'content',
    usage: ['content check <file>', 'content import <file> [--publish]'],
    matches: ({ command, target }) => (command === 'check' || command === 'import') && !!target,
    run: async ({ command, target, flags }, { out, callApi }) => {
      const { items, problems } = checkContentFile(readFileSync(target!, 'utf8'));
      for (const p of problems) out.error(p);
      if (problems.length > 0) return 1;
      if (command === 'check') {
        out.log(`${items.length} article(s) and video(s) match the contract`);
        return 0;
      }
      const data = await callApi('/operator/content/import', { items, publish: flags.includes('--publish') });
      for (const c of data.items as { slug: string; kind: string; status: string }[])
        out.log(`${c.slug} (${c.kind}): ${c.status}`);
      return 0;
    },
  },
  {
    area: 'content',
    usage: ['content publish <slug>', 'content unpublish <slug>'],
    matches: ({ command, target }) => (command === 'publish' || command === 'unpublish') && !!target,
    run: async ({ command, target }, { out, callApi }) => {
      const data = await callApi(`/operator/content/${encodeURIComponent(target!)}/${command}`, {});
      out.log(`${target}: ${String(data.status)}`);
      return 0;
    },
  },
];
