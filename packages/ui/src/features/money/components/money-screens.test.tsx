import { money, type TransactionsPage } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { deletionStateQueryKey } from '../../../api/deletion-request.ts';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { fakeApi } from '../../../test/fake-api.ts';
import { renderScreen } from '../../../test/render.tsx';
import { storeItemsQueryKey } from '../api/get-store-items.ts';
import { storeOrderQueryKey } from '../api/get-store-order.ts';
import { transactionsQueryKey } from '../api/get-transactions.ts';
import { BALANCE, ITEM, LINES, ORDER } from '../money-fixtures.ts';
import { BalancesCard } from './balances-card.tsx';
import { QuoteSummary } from './buy-form.tsx';
import { BuyKcashScreen } from './buy-kcash-screen.tsx';
import { DepositStatusView } from './deposit-status.tsx';
import { PayTermsNote } from './pay-terms-note.tsx';
import { PurchaseConfirmationScreen } from './purchase-confirmation-screen.tsx';
import { PurchasePanel } from './purchase-panel.tsx';
import { StoreScreen } from './store-screen.tsx';
import { SwapReceipt, SwapScreen } from './swap-screen.tsx';
import { TransactionHistoryScreen } from './transaction-history-screen.tsx';

/** A signed-in session for screens that ask the user's data. */
function signedIn() {
  const api = fakeApi({});
  api.session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return api;
}

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('balances', () => {
  it('shows every balance and the rule 1 USDT = 1000 K-Cash', () => {
    const html = text(renderScreen(<BalancesCard hint />, { queries: [[balanceQueryKey, BALANCE()]] }));
    expect(html).toContain('1 USDT = 1000 K-Cash');
    expect(html).toContain('7,000 K-Cash');
    expect(html).toContain('Bought 2,000 K-Cash · Earned 5,000 K-Cash');
    expect(html).toContain('USDT 3.5');
    expect(html).toContain('rKHEL 0');
    expect(html).toContain('K-Points 120');
    expect(html).toContain('Only earned K-Cash can be collected as earnings.');
  });

  it('shows its loading state first', () => {
    expect(renderScreen(<BalancesCard />)).toContain('role="status"');
  });
});

describe('/buy-kcash/', () => {
  it('a UPI quote reads in rupees and whole K-Cash: no USDT figures for a UPI payer', () => {
    const html = text(
      renderScreen(
        <QuoteSummary
          quote={{
            pay: { amount: '50000', currency: 'INR', decimals: 2 },
            method: 'upi',
            rate: { from: 'INR', to: 'USDT', fromMajor: '84', toMajor: '1' },
            usdtValue: money(5_952_380n, 'USDT'),
            fee: money(89_286n, 'USDT'),
            receive: money(5_863_094n, 'KCASH'),
          }}
        />,
      ),
    );
    expect(html).toContain('You pay ₹500.00');
    expect(html).toContain('Rate ₹84.00 = 1,000 K-Cash');
    expect(html).toContain('Fee ₹7.50');
    expect(html).toContain('You receive 5,863 K-Cash');
    expect(html).not.toContain('USDT');
  });

  it('while a deletion is pending shows why buying is closed, with the way to cancel, instead of the form', () => {
    const pending = {
      status: 'pending',
      requestedAt: '2026-03-01T10:00:00.000Z',
      dueAt: '2026-03-15T10:00:00.000Z',
      graceDays: 14,
    };
    const raw = renderScreen(<BuyKcashScreen />, {
      at: '/buy-kcash/',
      queries: [
        [balanceQueryKey, BALANCE()],
        [deletionStateQueryKey, pending],
      ],
    });
    expect(text(raw)).toMatch(
      /You cannot buy K-Cash while your account is being deleted: it would be lost on 1[456]\/Mar\/26/,
    );
    expect(raw).toMatch(/href="\/delete-user-account"/);
    expect(raw).not.toContain('name="pay-currency"');
    const hi = renderScreen(<BuyKcashScreen />, {
      at: '/buy-kcash/',
      language: 'hi',
      queries: [[deletionStateQueryKey, pending]],
    });
    expect(hi).toContain('आपका खाता हटाया जा रहा है');
  });

  it('offers UPI, PIX and USDT with the rule, in every language', () => {
    const raw = renderScreen(<BuyKcashScreen />, {
      at: '/buy-kcash/',
      queries: [[balanceQueryKey, BALANCE()]],
    });
    const en = text(raw);
    expect(en).toContain('Buy K-Cash');
    expect(en).toContain('1 USDT = 1000 K-Cash');
    for (const method of ['UPI', 'PIX', 'USDT']) expect(en).toContain(method);
    expect(en).toContain('Amount in INR');
    // Nothing to confirm before a quote.
    expect(raw).toMatch(/<button type="submit"[^>]*disabled=""/);
    const hi = text(renderScreen(<BuyKcashScreen />, { language: 'hi', at: '/buy-kcash/' }));
    expect(hi).toContain('K-Cash खरीदें');
    expect(hi).toContain('भुगतान का तरीका');
    const pt = text(renderScreen(<BuyKcashScreen />, { language: 'pt-BR', at: '/buy-kcash/' }));
    expect(pt).toContain('Comprar K-Cash');
    expect(pt).toContain('Pagar com');
  });

  it('with ?deposit= shows the payment’s progress instead of the form', () => {
    const html = text(
      renderScreen(<BuyKcashScreen />, {
        api: signedIn(),
        at: '/buy-kcash/?deposit=0d2f6a8e-5b1c-4e7a-9f3d-2c8b6a4e1f07',
      }),
    );
    expect(html).toContain('Processing your payment…');
    expect(html).not.toContain('Pay with');
  });
});

describe('the deposit confirmation', () => {
  it('links to the risk disclosure and the terms before paying, in every language', () => {
    const en = renderScreen(<PayTermsNote />, { at: '/buy-kcash/' });
    expect(en).toMatch(/<a href="\/risk-disclosure-policy#bought-kcash"[^>]*>Risk disclosure policy<\/a>/);
    expect(en).toMatch(/<a href="\/terms-and-conditions#buying"[^>]*>Terms and conditions<\/a>/);
    expect(text(en)).toContain('bought K-Cash cannot be cashed out');
    expect(renderScreen(<PayTermsNote />, { language: 'hi' })).toContain('>जोखिम प्रकटीकरण नीति</a>');
    expect(renderScreen(<PayTermsNote />, { language: 'pt-BR' })).toContain('>Termos e condições</a>');
  });
});

describe('deposit progress (SPEC §8 texts)', () => {
  const deposit = {
    depositId: '0d2f6a8e-5b1c-4e7a-9f3d-2c8b6a4e1f07',
    status: 'credited' as const,
    pay: { amount: '84000', currency: 'INR' as const, decimals: 2 },
    receive: money(9_850_000n, 'KCASH'),
    fee: money(150_000n, 'USDT'),
    createdAt: '2026-03-15T04:00:00.000Z',
    creditedAt: '2026-03-15T04:00:05.000Z',
  };
  const view = (v: Parameters<typeof DepositStatusView>[0]['view'], language?: 'hi' | 'pt-BR') =>
    text(
      renderScreen(
        <DepositStatusView view={v} deposit={deposit} checkoutUrl={null} onTryAgain={() => {}} />,
        language ? { language } : {},
      ),
    );

  it('says when a payment takes longer than usual', () => {
    expect(view('slow')).toContain('It is taking longer than usual to process your payment.');
    expect(view('processing')).not.toContain('It is taking longer than usual');
  });

  it('says Payment Failed on failure or expiry, with a way to try again', () => {
    const html = view('failed');
    expect(html).toContain('Payment Failed, Please try again!');
    expect(html).toContain('Try again');
  });

  it('shows what was paid and received once credited', () => {
    const html = view('success');
    expect(html).toContain('Payment complete!');
    expect(html).toContain('₹840.00');
    expect(html).toContain('9,850 K-Cash');
    expect(view('success', 'hi')).toContain('भुगतान पूरा हुआ!');
    expect(view('failed', 'pt-BR')).toContain('O pagamento falhou. Tente de novo!');
  });
});

describe('/swap', () => {
  it('offers the pairs of the rate table and the balance to swap from', () => {
    const html = text(
      renderScreen(<SwapScreen />, { api: signedIn(), queries: [[balanceQueryKey, BALANCE()]] }),
    );
    expect(html).toContain('Available: 3.5 USDT');
    expect(html).toContain('Use all');
    expect(html).toMatch(/Review swap/);
  });

  it('with nothing to swap it says honestly why (a USDT payment becomes K-Cash at once; rKHEL comes from quests)', () => {
    const zero = BALANCE({ usdt: 0n, rkhel: 0n });
    const html = renderScreen(<SwapScreen />, { api: signedIn(), queries: [[balanceQueryKey, zero]] });
    expect(text(html)).toContain('Paying with USDT on Buy K-Cash turns it into K-Cash straight away');
    expect(html).toMatch(/data-testid="nothing-to-swap"[^>]*>.*href="\/buy-kcash\/"/s);
    const pt = renderScreen(<SwapScreen />, {
      api: signedIn(),
      language: 'pt-BR',
      queries: [[balanceQueryKey, zero]],
    });
    expect(pt).toContain('não sobra USDT para trocar');
  });

  it('the receipt shows what was paid and received, and any remainder', () => {
    const html = text(
      renderScreen(
        <SwapReceipt
          onAgain={() => {}}
          result={{
            debited: money(1_000_019n, 'RKHEL'),
            converted: money(1_000_000n, 'RKHEL'),
            remainder: money(19n, 'RKHEL'),
            received: money(50_000n, 'KCASH'),
            rate: { from: 'RKHEL', to: 'KCASH', fromMajor: '1', toMajor: '50' },
          }}
        />,
      ),
    );
    expect(html).toContain('Swap complete');
    expect(html).toContain('1.000019 rKHEL');
    expect(html).toContain('1 rKHEL = 50 K-Cash');
    expect(html).toContain('0.000019 rKHEL');
    expect(html).toContain('50 K-Cash');
  });
});

describe('/k-store/', () => {
  const OUT = {
    ...ITEM,
    id: '9a8b7c6d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    name: 'Swiggy voucher',
    category: 'voucher' as const,
    stock: 0,
    inStock: false,
  };

  it('lists items with categories, prices in K-Cash and rKHEL, stock, and out-of-stock items', () => {
    const html = renderScreen(<StoreScreen />, {
      at: '/k-store/',
      queries: [[storeItemsQueryKey, [ITEM, OUT]]],
    });
    const plain = text(html);
    for (const c of ['All', 'Gift cards', 'Game currency', 'Vouchers']) expect(plain).toContain(c);
    expect(plain).toContain('4,500 K-Cash or 45 rKHEL');
    expect(plain).toContain('In stock: 3');
    expect(plain).toContain('Out of stock');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Out of stock: Swiggy voucher"/);
  });

  it('a category with nothing in it shows the empty state', () => {
    const html = text(
      renderScreen(<StoreScreen />, {
        at: '/k-store/?category=gift_card',
        queries: [[storeItemsQueryKey, [ITEM]]],
      }),
    );
    expect(html).toContain('Looks like there is nothing here yet');
  });

  it('in Hindi and Portuguese', () => {
    const hi = text(
      renderScreen(<StoreScreen />, { language: 'hi', queries: [[storeItemsQueryKey, [OUT]]] }),
    );
    expect(hi).toContain('स्टॉक खत्म');
    const pt = text(
      renderScreen(<StoreScreen />, { language: 'pt-BR', queries: [[storeItemsQueryKey, [OUT]]] }),
    );
    expect(pt).toContain('Esgotado');
  });
});

describe('buying an item', () => {
  it('the confirmation says which balance pays: bought K-Cash first, then earned', () => {
    const html = text(
      renderScreen(<PurchasePanel item={ITEM} balance={BALANCE()} initialStep="confirm" />, {
        api: signedIn(),
      }),
    );
    expect(html).toContain('Confirm your purchase');
    expect(html).toContain('Bought K-Cash 2,000 K-Cash');
    expect(html).toContain('Earned K-Cash 2,500 K-Cash');
    expect(html).toContain('Bought K-Cash is spent first');
    expect(html).toContain('Buy now');
  });

  it('short of funds: the SPEC §8 text and a link to buy K-Cash, and no way on', () => {
    const html = renderScreen(<PurchasePanel item={ITEM} balance={BALANCE()} initialQuantity={2} />, {
      api: signedIn(),
    });
    expect(text(html)).toContain('Uh-oh! Not Enough K-Cash or rKHEL');
    expect(html).toContain('href="/buy-kcash/"');
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Review purchase/);
    expect(text(html)).toContain('9,000 K-Cash');
  });

  it('short of rKHEL: no link to buy K-Cash (rKHEL cannot be bought), but the K-Cash price is offered', () => {
    const html = renderScreen(<PurchasePanel item={ITEM} balance={BALANCE()} initialCurrency="RKHEL" />, {
      api: signedIn(),
    });
    expect(text(html)).toContain('Uh-oh! Not Enough K-Cash or rKHEL');
    expect(text(html)).toContain('rKHEL cannot be bought: it is earned in quests');
    expect(html).not.toContain('href="/buy-kcash/"');
    expect(text(html)).toContain('Pay with K-Cash instead');
    const rkhelOnly = { ...ITEM, prices: { kcash: null, rkhel: ITEM.prices.rkhel } };
    const only = renderScreen(<PurchasePanel item={rkhelOnly} balance={BALANCE()} />, { api: signedIn() });
    expect(text(only)).toContain('rKHEL cannot be bought');
    expect(text(only)).not.toContain('Pay with K-Cash instead');
    expect(only).not.toContain('href="/buy-kcash/"');
  });

  it('paying in rKHEL shows the rKHEL balance paying', () => {
    const html = text(
      renderScreen(
        <PurchasePanel
          item={ITEM}
          balance={BALANCE({ rkhel: 50_000_000n })}
          initialCurrency="RKHEL"
          initialStep="confirm"
        />,
        { api: signedIn() },
      ),
    );
    expect(html).toContain('rKHEL 45 rKHEL');
    expect(html).not.toContain('Bought K-Cash is spent first');
  });
});

describe('/purchase-confirmation', () => {
  it('shows the receipt with the redemption code and what paid for it', () => {
    const html = renderScreen(<PurchaseConfirmationScreen />, {
      api: signedIn(),
      at: `/purchase-confirmation?orderId=${ORDER.id}`,
      queries: [[storeOrderQueryKey(ORDER.id), ORDER]],
    });
    const plain = text(html);
    expect(plain).toContain('BGMI 325 UC');
    expect(html).toContain('data-value="KHEL-7QX2-M9TB-4HZR-WK3D"');
    expect(plain).toContain('Copy');
    expect(plain).toContain('Bought K-Cash 2,000 K-Cash');
    expect(plain).toContain('Earned K-Cash 2,500 K-Cash');
    expect(plain).not.toContain('rKHEL 0 rKHEL');
    expect(plain).toMatch(/\d{1,2}\/Mar\/26, \d\d:\d\d [ap]m/);
  });

  it('without an order id it says so', () => {
    const html = text(
      renderScreen(<PurchaseConfirmationScreen />, { api: signedIn(), at: '/purchase-confirmation' }),
    );
    expect(html).toContain('No order was given.');
  });
});

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
    expect(html).toContain('−9,000 K-Cash');
    expect(html).toContain('+9,850 K-Cash');
    expect(html).toContain('Balance after: 850 K-Cash');
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
