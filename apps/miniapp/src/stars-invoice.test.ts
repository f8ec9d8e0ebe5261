import { describe, expect, it } from 'vitest';
import { invoiceSlug } from './stars-invoice.ts';

describe('invoice links', () => {
  it('reads the slug of both forms of an invoice link, as the SDK opens it', () => {
    expect(invoiceSlug('https://t.me/$fakeInvoice000001')).toBe('fakeInvoice000001');
    expect(invoiceSlug('https://t.me/$khel_sandbox_3f0c4a52-1f7e-4d6c-9a1b-3e2f5d7c8a91')).toBe(
      'khel_sandbox_3f0c4a52-1f7e-4d6c-9a1b-3e2f5d7c8a91',
    );
    expect(invoiceSlug('https://t.me/invoice/kJNFS331')).toBe('kJNFS331');
  });
});
