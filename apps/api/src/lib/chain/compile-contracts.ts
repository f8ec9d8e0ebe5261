/**
 * Compiles each contract folder's *.sol with solc (npm, pure JS) into that folder's artifacts.ts: each
 * contract's ABI and creation bytecode, committed so the server needs no compiler. The folders: the
 * quests' demo contracts (contracts/) and the POG card (pog-card/). Run after changing a
 * contract:
 *   pnpm --filter @khel/api compile:contracts && pnpm exec biome format --write apps/api/src/lib/chain/contracts apps/api/src/lib/chain/pog-card
 * `artifacts.test.ts` (here and in pog-card/) checks each committed file is what this script makes
 * from the sources.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CONTRACTS_DIR = join(HERE, 'contracts');
export const ARTIFACTS_FILE = join(CONTRACTS_DIR, 'artifacts.ts');
/** The POG card's folder (KhelPog.sol and its artifacts.ts). */
export const POG_CONTRACTS_DIR = join(HERE, 'pog-card');
/** Every folder compiled by this script. */
export const CONTRACT_DIRS = [CONTRACTS_DIR, POG_CONTRACTS_DIR];

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export type Artifacts = Record<string, { abi: unknown[]; bytecode: string }>;

/** Each contract of the current sources of `dir` (default: the quests' contracts/), and the text of its artifacts.ts. */
export async function compileContracts(dir = CONTRACTS_DIR): Promise<{ contracts: Artifacts; text: string }> {
  const { default: solc } = (await import('solc')) as unknown as {
    default: { compile(input: string): string; version(): string };
  };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sol'))
    .sort();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(files.map((f) => [f, { content: readFileSync(join(dir, f), 'utf8') }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contracts: Artifacts = {};
  const lines = [
    `// Made by compile-contracts.ts with solc ${solc.version()} from ${files.join(', ')}. Do not edit.`,
    '',
  ];
  for (const file of files) {
    for (const [name, contract] of Object.entries(output.contracts[file] ?? {})) {
      contracts[name] = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
      lines.push(
        `export const ${name} = {`,
        `  abi: ${JSON.stringify(contract.abi)},`,
        `  bytecode: '0x${contract.evm.bytecode.object}',`,
        '} as const;',
        '',
      );
    }
  }
  return { contracts, text: lines.join('\n') };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const dir of CONTRACT_DIRS) {
    const file = join(dir, 'artifacts.ts');
    writeFileSync(file, (await compileContracts(dir)).text);
    console.log(`wrote ${file}`);
  }
}
