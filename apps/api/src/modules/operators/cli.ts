import { resolve } from 'node:path';
import { operatorsRoutes } from '@khel/core/contract';
import { DatabaseInUseError } from '@khel/db';
import type { Env } from '../../env.ts';
import { type CliOut, callApi, type OperatorCommand } from '../../lib/operator-cli.ts';
import { exitOnStartupError, loadProcessEnv, openRuntime } from '../../runtime.ts';
import { apiModules } from '../index.ts';
import { LOCAL_ADMIN_SCHEME, localAdminFile, readLocalAdmin } from './local-admin.ts';
import { createOperator } from './operators.ts';

/**
 * The operator CLI (apps/api README):
 *
 *   operator create <name>              make an operator and print its token (once); on the server's database,
 *                                       through the running server when it holds the embedded one (local-admin.ts)
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
      const env = loadProcessEnv(
        source
          ? { env: { ...source, LOG_LEVEL: 'warn' }, isolatedEnv: true }
          : { env: { LOG_LEVEL: 'warn' } },
      );
      const made =
        (await createThroughRunningServer(env, target, fetchImpl)) ?? (await createInDatabase(env, target));
      out.log(`operator ${made.name} (${made.id})`);
      out.log(`token (shown once): ${made.token}`);
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

type MadeOperator = { id: string; name: string; token: string };

/**
 * On the embedded database, a server that runs holds the folder: the CLI asks it through its local admin door
 * (local-admin.ts), whose address and secret it wrote under DATA_DIR/keys. Null when there is no door, or no one
 * behind it any more (a server that was killed left its file): then the CLI opens the folder itself.
 */
async function createThroughRunningServer(
  env: Env,
  name: string,
  fetchImpl: typeof fetch,
): Promise<MadeOperator | null> {
  if (env.DATABASE_URL) return null;
  const door = readLocalAdmin(resolve(env.DATA_DIR));
  if (!door) return null;
  let response: Response;
  try {
    response = await fetchImpl(`${door.url}${operatorsRoutes.operatorLocalCreate.path}`, {
      method: 'POST',
      headers: { authorization: `${LOCAL_ADMIN_SCHEME} ${door.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    return null;
  }
  const answer = (await response.json().catch(() => null)) as {
    data?: MadeOperator;
    message?: string;
  } | null;
  if (!response.ok || !answer?.data)
    throw new Error(answer?.message ?? `the running server answered ${response.status}`);
  return answer.data;
}

/** The database opened here: PostgreSQL (shared), or the embedded folder when no server holds it. */
async function createInDatabase(env: Env, name: string): Promise<MadeOperator> {
  let runtime: Awaited<ReturnType<typeof openRuntime>>;
  try {
    runtime = await openRuntime(env, 'cli', { readReplica: false });
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    throw new Error(
      `The embedded database in ${error.dataDir} is open in a server (pid ${error.pid}) that offers no local admin door (${localAdminFile(resolve(env.DATA_DIR))}): restart it with this version, or stop it, then run this again.`,
    );
  }
  try {
    return await createOperator(runtime.deps.db, name);
  } finally {
    await runtime.database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exitCode = await runCli(process.argv.slice(2)).catch(exitOnStartupError);
}
