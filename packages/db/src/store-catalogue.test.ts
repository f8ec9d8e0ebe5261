import { samePriceInKcashAndRkhel } from '@khel/core/domain';
import { describe, expect, it } from 'vitest';
import { STORE_CATALOGUE } from './seed.ts';

describe('the K-Store catalogue', () => {
  it('asks the same value in K-Cash and in rKHEL wherever an item has both prices (1 rKHEL = 100 K-Cash)', () => {
    const both = STORE_CATALOGUE.filter((i) => i.priceKcash !== null && i.priceRkhel !== null);
    expect(both.length).toBeGreaterThan(0);
    for (const item of both)
      expect(samePriceInKcashAndRkhel(item.priceKcash!, item.priceRkhel!), item.sku).toBe(true);
  });
});
