/**
 * Compiles pog.tact with the Tact compiler (npm, pure JS + WASM FunC) into artifacts.ts: the code
 * cell of PogCollection and of PogItem as base64 BOC, committed so the server needs no compiler.
 * Run after changing the contract:
 *   pnpm --filter @khel/api compile:ton
 * `artifacts.test.ts` checks the committed file is what this script makes from the source.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TON_DIR = dirname(fileURLToPath(import.meta.url));
export const TACT_SOURCE = join(TON_DIR, 'pog.tact');
export const TON_ARTIFACTS_FILE = join(TON_DIR, 'artifacts.ts');

export const TON_CONTRACTS = ['PogCollection', 'PogItem'] as const;
export type TonArtifacts = Record<(typeof TON_CONTRACTS)[number], string>;

/** The code of each contract of the current source (base64 BOC), and the text of artifacts.ts for them. */
export async function compileTon(): Promise<{ contracts: TonArtifacts; text: string }> {
  const tact = await import('@tact-lang/compiler');
  const version = (createRequire(import.meta.url)('@tact-lang/compiler/package.json') as { version: string })
    .version;
  // The project's files, base64 as the compiler's virtual file system keeps them; it writes its output there too.
  const files: Record<string, string> = { 'pog.tact': readFileSync(TACT_SOURCE).toString('base64') };
  const project = tact.createVirtualFileSystem('/', files, false);
  const stdlib = tact.createVirtualFileSystem('@stdlib', tact.stdLibFiles);
  const messages: string[] = [];
  const logger = {
    debug: () => {},
    info: () => {},
    warn: (m: string | Error) => messages.push(String(m)),
    error: (m: string | Error) => messages.push(String(m)),
  };
  const result = await tact.build({
    config: {
      name: 'pog',
      path: 'pog.tact',
      output: 'out',
      mode: 'full',
      options: { debug: false, external: false, ipfsAbiGetter: false, interfacesGetter: false },
    },
    project,
    stdlib,
    logger,
  });
  if (!result.ok) throw new Error(`Tact compilation failed:\n${messages.join('\n')}`);

  const contracts = {} as TonArtifacts;
  const lines = [
    `// Made by compile-ton.ts with @tact-lang/compiler ${version} from pog.tact. Do not edit.`,
    '',
  ];
  for (const name of TON_CONTRACTS) {
    const boc = files[`out/pog_${name}.code.boc`];
    if (!boc) throw new Error(`Tact wrote no code for ${name}`);
    contracts[name] = boc;
    lines.push(`/** ${name}'s code cell (BOC, base64). */`, `export const ${name}Code =`, `  '${boc}';`, '');
  }
  return { contracts, text: lines.join('\n') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(TON_ARTIFACTS_FILE, (await compileTon()).text);
  console.log(`wrote ${TON_ARTIFACTS_FILE}`);
}
