import { readFileSync } from 'node:fs';
import { questInputSchema } from '@khel/core/contract';
import { loadCliEnv } from '../../env.ts';
import { exitOnStartupError, loadProcessEnv, openRuntime } from '../../runtime.ts';
import { createOperator } from './operators.ts';

/**
 * The operator CLI (apps/api README):
 *
 *   operator create <name>              make an operator and print its token (once); on the server's database
 *   quests check <file.json>            check quests against the contract, send nothing
 *   quests import <file.json> [--publish]   check, then create or replace them through the operator API
 *   quests publish <slug>               publish a draft
 *
 * A file holds one quest or an array of quests (contract `questInputSchema`). The API is KHEL_API_URL
 * (default http://127.0.0.1:8080/api) and the operator's token KHEL_OPERATOR_TOKEN.
 */

type Out = { log: (line: string) => void; error: (line: string) => void };

/** Reads a file of quests and checks each against the contract; returns them or the problems found. */
export function checkQuestFile(text: string): { quests: Record<string, unknown>[]; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { quests: [], problems: [`not JSON: ${(error as Error).message}`] };
  }
  const list = Array.isArray(raw) ? raw : [raw];
  const problems: string[] = [];
  list.forEach((quest, i) => {
    const parsed = questInputSchema.safeParse(quest);
    const name = (quest as { slug?: unknown })?.slug ?? `#${i + 1}`;
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        problems.push(`${String(name)}: ${issue.path.join('.') || '(quest)'}: ${issue.message}`);
  });
  return { quests: list as Record<string, unknown>[], problems };
}

async function callApi(
  path: string,
  body: unknown,
  fetchImpl: typeof fetch,
  source: Record<string, string | undefined> | undefined,
) {
  const cli = source ? loadCliEnv(source) : loadCliEnv();
  if (!cli.KHEL_OPERATOR_TOKEN)
    throw new Error('Set KHEL_OPERATOR_TOKEN to an operator token (operator create <name> makes one).');
  const res = await fetchImpl(`${cli.KHEL_API_URL}${path}`, {
    method: 'POST',
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
    out.error(
      'usage: operator create <name> | quests check <file> | quests import <file> [--publish] | quests publish <slug>',
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
