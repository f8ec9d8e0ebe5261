import { describe, expect, it } from 'vitest';
import { compileContracts, POG_CONTRACTS_DIR } from '../compile-contracts.ts';
import { KhelPog } from './artifacts.ts';

describe('POG contract artifacts', () => {
  it('are what solc makes from KhelPog.sol (run compile:contracts after changing it)', async () => {
    const { contracts } = await compileContracts(POG_CONTRACTS_DIR);
    expect(contracts).toEqual({ KhelPog });
  }, 60_000);
});
