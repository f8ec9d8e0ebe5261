import type { TransactionsPage } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { transactionsQueryKey } from '../../../api/money-keys.ts';
import { LINES, signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { TransactionHistoryScreen } from './transaction-history-screen.tsx';

describe('/transaction-history/', () => {
  const page = (list = LINES, isLastCard = true): TransactionsPage => ({
    list,
    page: 1,
    limit: 20,
    offset: list.length,
    isLastCard,
    nextCursor: isLastCard ? null : (list.at(-1)?.id ?? null),
  });
  const history = (data: TransactionsPage, options: { language?: 'hi' | 'pt-BR'; at?: string } = {}) =>
    renderScreen(<TransactionHistoryScreen />, {
      api: signedIn(),
      at: options.at ?? '/transaction-history/',
      ...(options.language ? { language: options.language } : {}),
      queries: [[[...transactionsQueryKey, 'all'], { pages: [data], pageParams: [null] }]],
    });

  it('lists lines with translated labels, signed amounts and the balance after', () => {
    const html = text(history(page()));
    expect(html).toContain('Bought 2 × BGMI 325 UC in the K-Store');
    expect(html).toContain('−9,000 K\u2011Cash');
    expect(html).toContain('+9,850 K\u2011Cash');
    expect(html).toContain('Balance after: 850 K\u2011Cash');
    expect(html).toContain('View receipt');
    for (const tab of ['All', 'Buy & swap', 'Store', 'Rewards & other', 'Earnings'])
      expect(html).toContain(tab);
  });

  it('in Hindi and Portuguese', () => {
    expect(text(history(page(), { language: 'hi' }))).toContain('K-Store में 2 × BGMI 325 UC खरीदा');
    expect(text(history(page(), { language: 'pt-BR' }))).toContain('Compra na K-Store: 2 × BGMI 325 UC');
  });

  it('offers the next page until the last one', () => {
    expect(text(history(page(LINES, false)))).toContain('Load more');
    expect(text(history(page(LINES, true)))).not.toContain('Load more');
  });

  it('an empty history says so', () => {
    expect(text(history(page([])))).toContain('Looks like there is nothing here yet');
  });

  it('an unknown kind falls back to the API’s English label (or Credit/Debit translated)', () => {
    const odd = {
      ...LINES[1]!,
      kind: 'airdrop',
      label: 'Airdrop',
      labelKey: 'transactions.label.airdrop.in',
    };
    expect(text(history(page([odd])))).toContain('Airdrop');
    expect(text(history(page([odd]), { language: 'pt-BR' }))).toContain('Crédito');
  });
});
