/**
 * Compiles contracts/*.sol with solc (npm, pure JS) into contracts/artifacts.ts: each contract's ABI and
 * creation bytecode, committed so the server needs no compiler. Run after changing a contract:
 *   pnpm --filter @khel/api compile:contracts && pnpm exec biome format --write apps/api/src/modules/quests/chain/contracts
 * `artifacts.test.ts` checks the committed file is what this script makes from the sources.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONTRACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'contracts');
export const ARTIFACTS_FILE = join(CONTRACTS_DIR, 'artifacts.ts');

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
}

export type Artifacts = Record<string, { abi: unknown[]; bytecode: string }>;

/** Each contract of the current sources, and the text of artifacts.ts for them. */
export async function compileContracts(): Promise<{ contracts: Artifacts; text: string }> {
  const { default: solc } = (await import('solc')) as unknown as {
    default: { compile(input: string): string; version(): string };
  };
  const files = readdirSync(CONTRACTS_DIR)
    .filter((f) => f.endsWith('.sol'))
    .sort();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(
      files.map((f) => [f, { content: readFileSync(join(CONTRACTS_DIR, f), 'utf8') }]),
    ),
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
  writeFileSync(ARTIFACTS_FILE, (await compileContracts()).text);
  console.log(`wrote ${ARTIFACTS_FILE}`);
}
