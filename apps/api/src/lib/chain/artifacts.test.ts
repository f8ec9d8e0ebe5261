import { describe, expect, it } from 'vitest';
import { compileContracts } from './compile-contracts.ts';
import { KhelTestCollectible, KhelTestToken } from './contracts/artifacts.ts';

describe('contract artifacts', () => {
  it('are what solc makes from contracts/*.sol (run compile:contracts after changing one)', async () => {
    const { contracts } = await compileContracts();
    expect(contracts).toEqual({ KhelTestCollectible, KhelTestToken });
  }, 60_000);
});
