import type { z } from 'zod';
import { loadCliEnv } from '../env.ts';

/**
 * What the operator CLI (modules/operators/cli.ts) is made of: each capability declares its own
 * commands (`operatorCommands` of its module.ts), and these are the pieces they share.
 */

export type CliOut = { log: (line: string) => void; error: (line: string) => void };

/** `<area> <command> <target> <flags…>` as typed after the area. */
export interface OperatorCommandArgs {
  command: string | undefined;
  target: string | undefined;
  flags: string[];
}

export interface OperatorCommandContext {
  out: CliOut;
  /** Sends `body` to the operator API at `path` with the operator's token; the answer's data. */
  callApi: (path: string, body: unknown, method?: 'POST' | 'PUT') => Promise<Record<string, unknown>>;
}

/** One command of the operator CLI, declared by the capability it writes. */
export interface OperatorCommand {
  /** The first word (`klash`). */
  area: string;
  /** Its forms in the usage line (`klash check <file>`). */
  usage: string[];
  /** Whether the words after the area are this command's (the command word and what it needs). */
  matches: (args: OperatorCommandArgs) => boolean;
  /** Runs it; the exit code. */
  run: (args: OperatorCommandArgs, cli: OperatorCommandContext) => Promise<number>;
}

/**
 * Reads a file of one item or an array and checks each against the contract's `schema` (and `extra`
 * rules); returns the items or the problems found, each named by the item's slug.
 */
export function checkInputFile<S extends z.ZodType>(
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

export async function callApi(
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
