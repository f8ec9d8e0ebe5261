import { describe, expect, it } from 'vitest';
import { PogCollectionCode, PogItemCode } from './artifacts.ts';
import { compileTon } from './compile-ton.ts';

describe('TON contract artifacts', () => {
  it('are what the Tact compiler makes from pog.tact (run compile:ton after changing it)', async () => {
    const { contracts } = await compileTon();
    expect(contracts).toEqual({ PogCollection: PogCollectionCode, PogItem: PogItemCode });
  }, 120_000);
});
