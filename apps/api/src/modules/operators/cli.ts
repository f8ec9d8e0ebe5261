import { readFileSync } from 'node:fs';
import {
  type CampaignInput,
  campaignInputSchema,
  contentInputSchema,
  klashTournamentInputSchema,
  questInputSchema,
} from '@khel/core/contract';
import type { z } from 'zod';
import { loadCliEnv } from '../../env.ts';
import { exitOnStartupError, loadProcessEnv, openRuntime } from '../../runtime.ts';
import { rewardProblems } from '../campaigns/payouts.ts';
import { createOperator } from './operators.ts';

/**
 * The operator CLI (apps/api README):
 *
 *   operator create <name>              make an operator and print its token (once); on the server's database
 *   quests check <file.json>            check quests against the contract, send nothing
 *   quests import <file.json> [--publish]   check, then create or replace them through the operator API
 *   quests publish <slug>               publish a draft
 *   campaigns check <file.json>         check campaigns against the contract and their variant's rules
 *   campaigns import <file.json> [--publish]   check every campaign, then create or edit them all in
 *                                       one request through the operator API: all are written or none
 *   campaigns publish <slug>            publish a draft campaign
 *   campaigns end <slug>                end a live campaign now
 *   content check <file.json>           check articles and videos against the contract (video hosts, covers)
 *   content import <file.json> [--publish]   check every item, then create or edit them all in one
 *                                       request through the operator API: all are written or none
 *   content publish <slug>              publish an article or video (content unpublish <slug> takes it back)
 *   klash check <file.json>             check Klash tournaments against the contract
 *   klash create <file.json> [--open]   check, then create or edit them (drafts); --open opens each (the
 *                                       treasury funds its pool, registration opens on schedule)
 *   klash cancel <slug> <reason…>       cancel a tournament: every entry fee is refunded exactly once
 *   klash settle <matchId> <entryId>    settle a bracket match (a dispute) for that entry
 *
 * A file holds one quest or an array of quests (contract `questInputSchema`), or campaigns (contract
 * `campaignInputSchema`), or articles and videos (contract `contentInputSchema`, e.g.
 * docs/examples/content.json). The API is KHEL_API_URL (default http://127.0.0.1:8080/api) and the
 * operator's token KHEL_OPERATOR_TOKEN.
 */

type Out = { log: (line: string) => void; error: (line: string) => void };

/**
 * Reads a file of one item or an array and checks each against the contract's `schema` (and `extra`
 * rules); returns the items or the problems found, each named by the item's slug.
 */
function checkInputFile<S extends z.ZodType>(
  text: string,
  schema: S,
  noun: string,
  extra: (item: z.output<S>) => string[] = () => [],
): { items: Record<string, unknown>[]; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { items: [], problems: [`not JSON: ${(error as Error).message}`] };
  }
  const list = Array.isArray(raw) ? raw : [raw];
  const problems: string[] = [];
  const seen = new Set<unknown>();
  list.forEach((item, i) => {
    const parsed = schema.safeParse(item);
    const name = (item as { slug?: unknown })?.slug ?? `#${i + 1}`;
    if (seen.has(name)) problems.push(`${String(name)}: (${noun}): the file has this slug twice`);
    seen.add(name);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        problems.push(`${String(name)}: ${issue.path.join('.') || `(${noun})`}: ${issue.message}`);
    else for (const message of extra(parsed.data)) problems.push(`${String(name)}: ${message}`);
  });
  return { items: list as Record<string, unknown>[], problems };
}

/** Reads a file of quests and checks each against the contract; returns them or the problems found. */
export function checkQuestFile(text: string): { quests: Record<string, unknown>[]; problems: string[] } {
  const { items, problems } = checkInputFile(text, questInputSchema, 'quest');
  return { quests: items, problems };
}

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

/** Reads a file of articles and videos and checks each against the contract. */
export function checkContentFile(text: string): { items: Record<string, unknown>[]; problems: string[] } {
  return checkInputFile(text, contentInputSchema, 'content');
}

/** Reads a file of Klash tournaments and checks each against the contract. */
export function checkKlashFile(text: string): { tournaments: Record<string, unknown>[]; problems: string[] } {
  const { items, problems } = checkInputFile(text, klashTournamentInputSchema, 'tournament');
  return { tournaments: items, problems };
}

async function callApi(
  path: string,
  body: unknown,
  fetchImpl: typeof fetch,
  source: Record<string, string | undefined> | undefined,
  method: 'POST' | 'PUT' = 'POST',
) {
  const cli = source ? loadCliEnv(source) : loadCliEnv();
  if (!cli.KHEL_OPERATOR_TOKEN)
    throw new Error('Set KHEL_OPERATOR_TOKEN to an operator token (operator create <name> makes one).');
  const res = await fetchImpl(`${cli.KHEL_API_URL}${path}`, {
    method,
    headers: { authorization: `Operator ${cli.KHEL_OPERATOR_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const answer = (await res.json().catch(() => ({}))) as { message?: string; data?: Record<string, unknown> };
  if (!res.ok) throw new Error(`${res.status}: ${answer.message ?? res.statusText}`);
  return answer.data ?? {};
}

/** Runs one command; returns the exit code. `fetchImpl` and `source` are the tests' way in. */
export async function runCli(
  args: string[],
  out: Out = { log: (l) => process.stdout.write(`${l}\n`), error: (l) => process.stderr.write(`${l}\n`) },
  fetchImpl: typeof fetch = fetch,
  /** Settings instead of the process's environment (tests). */
  source?: Record<string, string | undefined>,
): Promise<number> {
  const [area, command, target, ...flags] = args;
  try {
    if (area === 'operator' && command === 'create' && target) {
      const runtime = await openRuntime(loadProcessEnv({ env: { LOG_LEVEL: 'warn' } }), 'cli');
      try {
        const made = await createOperator(runtime.deps.db, target);
        out.log(`operator ${made.name} (${made.id})`);
        out.log(`token (shown once): ${made.token}`);
      } finally {
        await runtime.database.close();
      }
      return 0;
    }
    if (area === 'quests' && (command === 'check' || command === 'import') && target) {
      const { quests, problems } = checkQuestFile(readFileSync(target, 'utf8'));
      for (const p of problems) out.error(p);
      if (problems.length > 0) return 1;
      if (command === 'check') {
        out.log(`${quests.length} quest(s) match the contract`);
        return 0;
      }
      const publish = flags.includes('--publish');
      for (const quest of quests) {
        const data = await callApi('/operator/quests', { quest, publish }, fetchImpl, source);
        out.log(
          `${data.created ? 'created' : 'replaced'} ${String(data.slug)}${publish ? ' (published)' : ' (draft)'}`,
        );
      }
      return 0;
    }
    if (area === 'quests' && command === 'publish' && target) {
      await callApi(`/operator/quests/${encodeURIComponent(target)}/publish`, {}, fetchImpl, source);
      out.log(`published ${target}`);
      return 0;
    }
    if (area === 'campaigns' && (command === 'check' || command === 'import') && target) {
      const { campaigns, problems } = checkCampaignFile(readFileSync(target, 'utf8'));
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
        fetchImpl,
        source,
        'PUT',
      );
      for (const c of data.campaigns as { slug: string; status: string }[]) out.log(`${c.slug}: ${c.status}`);
      return 0;
    }
    if (area === 'campaigns' && (command === 'publish' || command === 'end') && target) {
      const data = await callApi(
        `/operator/campaigns/${encodeURIComponent(target)}/${command}`,
        {},
        fetchImpl,
        source,
      );
      out.log(`${target}: ${String(data.status)}`);
      return 0;
    }
    if (area === 'content' && (command === 'check' || command === 'import') && target) {
      const { items, problems } = checkContentFile(readFileSync(target, 'utf8'));
      for (const p of problems) out.error(p);
      if (problems.length > 0) return 1;
      if (command === 'check') {
        out.log(`${items.length} article(s) and video(s) match the contract`);
        return 0;
      }
      const data = await callApi(
        '/operator/content/import',
        { items, publish: flags.includes('--publish') },
        fetchImpl,
        source,
      );
      for (const c of data.items as { slug: string; kind: string; status: string }[])
        out.log(`${c.slug} (${c.kind}): ${c.status}`);
      return 0;
    }
    if (area === 'content' && (command === 'publish' || command === 'unpublish') && target) {
      const data = await callApi(
        `/operator/content/${encodeURIComponent(target)}/${command}`,
        {},
        fetchImpl,
        source,
      );
      out.log(`${target}: ${String(data.status)}`);
      return 0;
    }
    if (area === 'klash' && (command === 'check' || command === 'create') && target) {
      const { tournaments, problems } = checkKlashFile(readFileSync(target, 'utf8'));
      for (const p of problems) out.error(p);
      if (problems.length > 0) return 1;
      if (command === 'check') {
        out.log(`${tournaments.length} tournament(s) match the contract`);
        return 0;
      }
      for (const tournament of tournaments) {
        const data = await callApi('/operator/klash/tournaments', tournament, fetchImpl, source, 'PUT');
        let status = String(data.status);
        if (flags.includes('--open'))
          status = String(
            (
              await callApi(
                `/operator/klash/tournaments/${encodeURIComponent(String(data.slug))}/open`,
                {},
                fetchImpl,
                source,
              )
            ).status,
          );
        out.log(`${String(data.slug)}: ${status}`);
      }
      return 0;
    }
    if (area === 'klash' && command === 'cancel' && target && flags.length > 0) {
      const data = await callApi(
        `/operator/klash/tournaments/${encodeURIComponent(target)}/cancel`,
        { reason: flags.join(' ') },
        fetchImpl,
        source,
      );
      out.log(`${target}: ${String(data.status)}, ${String(data.refunds)} fee(s) to refund`);
      return 0;
    }
    if (area === 'klash' && command === 'settle' && target && flags[0]) {
      const data = await callApi(
        `/operator/klash/matches/${encodeURIComponent(target)}/settle`,
        { winnerEntryId: flags[0] },
        fetchImpl,
        source,
      );
      const match = data.match as { state: string; winnerSide: number };
      out.log(`${target}: ${match.state}, side ${match.winnerSide} won`);
      return 0;
    }
    out.error(
      'usage: operator create <name> | quests check <file> | quests import <file> [--publish] | quests publish <slug> | campaigns check <file> | campaigns import <file> [--publish] | campaigns publish <slug> | campaigns end <slug> | content check <file> | content import <file> [--publish] | content publish <slug> | content unpublish <slug> | klash check <file> | klash create <file> [--open] | klash cancel <slug> <reason> | klash settle <matchId> <entryId>',
    );
    return 2;
  } catch (error) {
    out.error((error as Error).message);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2)).catch(exitOnStartupError);
}
