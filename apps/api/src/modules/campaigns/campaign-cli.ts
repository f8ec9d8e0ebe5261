import { readFileSync } from 'node:fs';
import { type CampaignInput, campaignInputSchema } from '@khel/core/contract';
import { checkInputFile, type OperatorCommand } from '../../lib/operator-cli.ts';
import { rewardProblems } from './payouts.ts';

/** Reads a file of campaigns and checks each against the contract and its variant's rules (slots, pool, bands, winners). */
export function checkCampaignFile(text: string): {
  campaigns: Record<string, unknown>[];
  problems: string[];
} {
  const { items, problems } = checkInputFile(text, campaignInputSchema, 'campaign', (c: CampaignInput) =>
    rewardProblems(c.reward).map((message) => `reward: ${message}`),
  );
  return { campaigns: items, problems };
}

/**
 * The operator CLI's campaign commands (modules/operators/cli.ts runs them):
 *
 *   campaigns check <file.json>         check campaigns against the contract and their variant's rules
 *   campaigns import <file.json> [--publish]   check every campaign, then create or edit them all in
 *                                       one request through the operator API: all are written or none
 *   campaigns publish <slug>            publish a draft campaign
 *   campaigns end <slug>                end a live campaign now
 *
 * A file holds one campaign or an array of campaigns (contract `campaignInputSchema`).
 */
export const campaignOperatorCommands: OperatorCommand[] = [
  {
    area: 'campaigns',
    usage: ['campaigns check <file>', 'campaigns import <file> [--publish]'],
    matches: ({ command, target }) => (command === 'check' || command === 'import') && !!target,
    run: async ({ command, target, flags }, { out, callApi }) => {
      const { campaigns, problems } = checkCampaignFile(readFileSync(target!, 'utf8'));
      for (const p of problems) out.error(p);
      if (problems.length > 0) return 1;
      if (command === 'check') {
        out.log(`${campaigns.length} campaign(s) match the contract`);
        return 0;
      }
      // One request, one transaction on the server: every campaign is written, or none.
      const data = await callApi(
        '/operator/campaigns/import',
        { campaigns, publish: flags.includes('--publish') },
        'PUT',
      );
      for (const c of data.campaigns as { slug: string; status: string }[]) out.log(`${c.slug}: ${c.status}`);
      return 0;
    },
  },
  {
    area: 'campaigns',
    usage: ['campaigns publish <slug>', 'campaigns end <slug>'],
    matches: ({ command, target }) => (command === 'publish' || command === 'end') && !!target,
    run: async ({ command, target }, { out, callApi }) => {
      const data = await callApi(`/operator/campaigns/${encodeURIComponent(target!)}/${command}`, {});
      out.log(`${target}: ${String(data.status)}`);
      return 0;
    },
  },
];
