import { type CliOut, callApi, type OperatorCommand } from '../../lib/operator-cli.ts';
import { exitOnStartupError, loadProcessEnv, openRuntime } from '../../runtime.ts';
import { apiModules } from '../index.ts';
import { createOperator } from './operators.ts';

/**
 * The operator CLI (apps/api README):
 *
 *   operator create <name>              make an operator and print its token (once); on the server's database
 *
 * and every command a capability declares in its module.ts (`operatorCommands`), written and documented
 * next to it: `quests …` (quests/quest-cli.ts), `campaigns …` (campaigns/campaign-cli.ts), `content …`
 * (content/content-cli.ts), `klash …` (klash/klash-cli.ts). Those go through the operator API at
 * KHEL_API_URL (default http://127.0.0.1:8080/api) with the operator's token KHEL_OPERATOR_TOKEN.
 */

/** Every capability's commands, in the order the modules are registered. */
const moduleCommands = (): OperatorCommand[] => apiModules.flatMap((module) => module.operatorCommands ?? []);

/** Runs one command; returns the exit code. `fetchImpl` and `source` are the tests' way in. */
export async function runCli(
  args: string[],
  out: CliOut = { log: (l) => process.stdout.write(`${l}\n`), error: (l) => process.stderr.write(`${l}\n`) },
  fetchImpl: typeof fetch = fetch,
  /** Settings instead of the process's environment (tests). */
  source?: Record<string, string | undefined>,
): Promise<number> {
  const [area, command, target, ...flags] = args;
  try {
    if (area === 'operator' && command === 'create' && target) {
      const runtime = await openRuntime(loadProcessEnv({ env: { LOG_LEVEL: 'warn' } }), 'cli', {
        readReplica: false,
      });
      try {
        const made = await createOperator(runtime.deps.db, target);
        out.log(`operator ${made.name} (${made.id})`);
        out.log(`token (shown once): ${made.token}`);
      } finally {
        await runtime.database.close();
      }
      return 0;
    }
    const commands = moduleCommands();
    const words = { command, target, flags };
    const chosen = commands.find((c) => c.area === area && c.matches(words));
    if (chosen)
      return await chosen.run(words, {
        out,
        callApi: (path, body, method) => callApi(path, body, fetchImpl, source, method),
      });
    out.error(`usage: ${['operator create <name>', ...commands.flatMap((c) => c.usage)].join(' | ')}`);
    return 2;
  } catch (error) {
    out.error((error as Error).message);
    return 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2)).catch(exitOnStartupError);
}
