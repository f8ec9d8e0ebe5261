import { CURRENCIES, type CurrencyCode } from '@khel/core/format';
import { TRANSFER_KINDS } from '@khel/db/schema';
import { describe, expect, it } from 'vitest';
import { transactionsEn } from '../../../../../packages/ui/src/i18n/resources/transactions-en.ts';
// The screens' texts (a test only; the API never imports front-end code).
import { labelKeysOf, labelParamsOf } from '../../../../../packages/ui/src/lib/transaction-label.ts';
import { labelOf } from './transactions.ts';

type Texts = { [key: string]: string | Texts };
const lookup = (key: string): string | undefined => {
  let node: string | Texts | undefined = { transactions: transactionsEn };
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
};
const fill = (text: string, params: Record<string, string>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k] ?? `{{${k}}}`);
const itemTexts = {
  aStoreItem: transactionsEn.aStoreItem,
  itemWithQuantity: (quantity: string, itemName: string) =>
    fill(transactionsEn.itemWithQuantity, { quantity, itemName }),
};

const SAMPLES: Record<string, unknown>[] = [
  {},
  { itemName: 'BGMI 325 UC', quantity: '1' },
  { itemName: 'BGMI 325 UC', quantity: '3' },
  { earningTitle: 'Summer Cup' },
];

describe('history labels: every labelKey the API sends has a text on the screens', () => {
  for (const kind of TRANSFER_KINDS) {
    for (const direction of ['in', 'out'] as const) {
      it(`${kind} ${direction}`, () => {
        for (const currency of Object.keys(CURRENCIES) as CurrencyCode[]) {
          for (const metadata of SAMPLES) {
            const api = labelOf(kind, direction, currency, metadata);
            expect(lookup(api.labelKey), api.labelKey).toBeDefined();
            const text = labelKeysOf(api)
              .map(lookup)
              .find((t) => t !== undefined);
            const shown = fill(text!, labelParamsOf({ labelParams: api.labelParams }, itemTexts));
            expect(shown).not.toContain('{{');
            // Where the API has an English label of its own, the English screen says the same.
            if (api.label !== 'Credit' && api.label !== 'Debit') expect(shown).toBe(api.label);
          }
        }
      });
    }
  }
});
