import { readFileSync } from 'node:fs';
import { klashTournamentInputSchema } from '@khel/core/contract';
import { checkInputFile, type OperatorCommand } from '../../lib/operator-cli.ts';

/** Reads a file of Klash tournaments and checks each against the contract. */
export function checkKlashFile(text: string): { tournaments: Record<string, unknown>[]; problems: string[] } {
  const { items, problems } = checkInputFile(text, klashTournamentInputSchema, 'tournament');
  return { tournaments: items, problems };
}

/**
 * The operator CLI's Klash commands (modules/operators/cli.ts runs them):
 *
 *   klash check <file.json>             check Klash tournaments against the contract
 *   klash create <file.json> [--open]   check, then create or edit them (drafts); --open opens each (the
 *                                       treasury funds its pool, registration opens on schedule)
 *   klash cancel <slug> <reason…>       cancel a tournament: every entry fee is refunded exactly once
 *   klash settle <matchId> <entryId>    settle a bracket match (a dispute) for that entry
 *
 * A file holds one tournament or an array (contract `klashTournamentInputSchema`, e.g.
 * docs/examples/klash-tournaments.json).
 */
export const klashOperatorCommands: OperatorCommand[] = [
  {
    area: 'klash',
    usage: ['klash check <file>', 'klash create <file> [--open]'],
    matches: ({ command, target }) => (command === 'check' || command === 'create') && !!target,
    run: async ({ command, target, flags }, { out, callApi }) => {
      const { tournaments, problems } = checkKlashFile(readFileSync(target!, 'utf8'));
      for (const p of problems) out.error(p);
      if (problems.length > 0) return 1;
      if (command === 'check') {
        out.log(`${tournaments.length} tournament(s) match the contract`);
        return 0;
      }
      for (const tournament of tournaments) {
        const data = await callApi('/operator/klash/tournaments', tournament, 'PUT');
        let status = String(data.status);
        if (flags.includes('--open'))
          status = String(
            (await callApi(`/operator/klash/tournaments/${encodeURIComponent(String(data.slug))}/open`, {}))
              .status,
          );
        out.log(`${String(data.slug)}: ${status}`);
      }
      return 0;
    },
  },
  {
    area: 'klash',
    usage: ['klash cancel <slug> <reason>'],
    matches: ({ command, target, flags }) => command === 'cancel' && !!target && flags.length > 0,
    run: async ({ target, flags }, { out, callApi }) => {
      const data = await callApi(`/operator/klash/tournaments/${encodeURIComponent(target!)}/cancel`, {
        reason: flags.join(' '),
      });
      out.log(`${target}: ${String(data.status)}, ${String(data.refunds)} fee(s) to refund`);
      return 0;
    },
  },
  {
    area: 'klash',
    usage: ['klash settle <matchId> <entryId>'],
    matches: ({ command, target, flags }) => command === 'settle' && !!target && !!flags[0],
    run: async ({ target, flags }, { out, callApi }) => {
      const data = await callApi(`/operator/klash/matches/${encodeURIComponent(target!)}/settle`, {
        winnerEntryId: flags[0],
      });
      const match = data.match as { state: string; winnerSide: number };
      out.log(`${target}: ${match.state}, side ${match.winnerSide} won`);
      return 0;
    },
  },
];
