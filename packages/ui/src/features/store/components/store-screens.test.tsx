import { money } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { storeItemsQueryKey } from '../../../api/money-keys.ts';
import { BALANCE, ITEM, ORDER, signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { storeOrderQueryKey } from '../api/get-store-order.ts';
import { OrderReceipt, PurchaseConfirmationScreen } from './purchase-confirmation-screen.tsx';
import { PurchasePanel } from './purchase-panel.tsx';
import { StoreScreen } from './store-screen.tsx';

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
      queries: [
        [
          [...storeItemsQueryKey, null],
          [ITEM, OUT],
        ],
      ],
    });
    const plain = text(html);
    for (const c of ['All', 'Gift cards', 'Game currency', 'Vouchers']) expect(plain).toContain(c);
    expect(plain).toContain('4,500 K\u2011Cash or 45 rKHEL');
    expect(plain).toContain('In stock: 3');
    expect(plain).toContain('Out of stock');
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-label="Out of stock: Swiggy voucher"/);
  });

  it('a category with nothing in it shows the empty state', () => {
    const html = text(
      renderScreen(<StoreScreen />, {
        at: '/k-store/?category=gift_card',
        queries: [[[...storeItemsQueryKey, null], [ITEM]]],
      }),
    );
    expect(html).toContain('Looks like there is nothing here yet');
  });

  it('in Hindi and Portuguese', () => {
    const hi = text(
      renderScreen(<StoreScreen />, { language: 'hi', queries: [[[...storeItemsQueryKey, null], [OUT]]] }),
    );
    expect(hi).toContain('स्टॉक खत्म');
    const pt = text(
      renderScreen(<StoreScreen />, { language: 'pt-BR', queries: [[[...storeItemsQueryKey, null], [OUT]]] }),
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
    expect(html).toContain('Bought K-Cash 2,000 K\u2011Cash');
    expect(html).toContain('Earned K-Cash 2,500 K\u2011Cash');
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
    expect(text(html)).toContain('9,000 K\u2011Cash');
  });

  it('short of rKHEL: no link to buy K-Cash (rKHEL cannot be bought), but the K-Cash price is offered', () => {
    const html = renderScreen(<PurchasePanel item={ITEM} balance={BALANCE()} initialCurrency="RKHEL" />, {
      api: signedIn(),
    });
    expect(text(html)).toContain('Uh-oh! Not Enough K-Cash or rKHEL');
    expect(text(html)).toContain('rKHEL cannot be bought: it is earned in quests');
    expect(html).not.toContain('href="/buy-kcash/"');
    expect(text(html)).toContain('Pay with K-Cash instead');
    const rkhelOnly = { ...ITEM, prices: { kcash: null, rkhel: ITEM.prices.rkhel, stars: null } };
    const only = renderScreen(<PurchasePanel item={rkhelOnly} balance={BALANCE()} />, { api: signedIn() });
    expect(text(only)).toContain('rKHEL cannot be bought');
    expect(text(only)).not.toContain('Pay with K-Cash instead');
    expect(only).not.toContain('href="/buy-kcash/"');
    // An rKHEL-only item (the iFood voucher): the quests that pay rKHEL, and no promise of quests to come.
    expect(only).toContain('href="/k-quest/?reward=rkhel"');
    for (const language of ['en', 'hi', 'pt-BR'] as const) {
      const said = text(
        renderScreen(<PurchasePanel item={rkhelOnly} balance={BALANCE()} />, { api: signedIn(), language }),
      );
      expect(said).not.toMatch(/coming soon|जल्द आ रहे|em breve/i);
    }
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
    expect(plain).toContain('Bought K-Cash 2,000 K\u2011Cash');
    expect(plain).toContain('Earned K-Cash 2,500 K\u2011Cash');
    expect(plain).not.toContain('rKHEL 0 rKHEL');
    expect(plain).toMatch(/\d{1,2}\/Mar\/26, \d\d:\d\d [ap]m/);
  });

  it('without an order id it says so', () => {
    const html = text(
      renderScreen(<PurchaseConfirmationScreen />, { api: signedIn(), at: '/purchase-confirmation' }),
    );
    expect(html).toContain('No order was given.');
  });

  it('an order paid in Stars says so on the store receipt', () => {
    const stars = {
      ...ORDER,
      currency: 'XTR' as const,
      rail: 'stars' as const,
      unitPrice: money(360n, 'XTR'),
      total: money(360n, 'XTR'),
      paid: {
        kcashBought: money(0n, 'KCASH'),
        kcashEarned: money(0n, 'KCASH'),
        rkhel: money(0n, 'RKHEL'),
        stars: money(360n, 'XTR'),
      },
    };
    const html = text(renderScreen(<OrderReceipt order={stars} />));
    expect(html).toContain('Telegram Stars 360 Stars');
  });
});
