import { money, type StarsInvoiceStatus } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { starsEn } from '../../../i18n/resources/stars-en.ts';
import { starsHi } from '../../../i18n/resources/stars-hi.ts';
import { starsPtBR } from '../../../i18n/resources/stars-pt-br.ts';
import { BALANCE, ORDER, signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { starsPacksQueryKey } from '../api/stars.ts';
import { StarsBuyKcashScreen } from './stars-buy-screen.tsx';
import { StarsCheckoutNotice, StarsReceipt } from './stars-checkout.tsx';

const PACKS = [
  {
    id: '3f0c4a52-1f7e-4d6c-9a1b-3e2f5d7c8a91',
    sku: 'kcash-100',
    kcash: money(100_000n, 'KCASH'),
    stars: 10,
  },
  {
    id: '3f0c4a52-1f7e-4d6c-9a1b-3e2f5d7c8a92',
    sku: 'kcash-500',
    kcash: money(500_000n, 'KCASH'),
    stars: 45,
  },
];
const never = () => Promise.resolve('cancelled' as const);
const RECEIPT: StarsInvoiceStatus = {
  invoiceId: '3f0c4a52-1f7e-4d6c-9a1b-3e2f5d7c8a93',
  status: 'paid',
  product: 'kcash_pack',
  title: '500 K-Cash',
  stars: 45,
  kcash: money(500_000n, 'KCASH'),
  order: null,
  refundReason: null,
};

describe('/buy-kcash/ in the Mini App: K-Cash packs for Telegram Stars', () => {
  for (const [language, texts] of [
    ['en', starsEn],
    ['hi', starsHi],
    ['pt-BR', starsPtBR],
  ] as const) {
    it(`lists the packs with their Stars prices, and no UPI, PIX or USDT checkout (${language})`, () => {
      const html = text(
        renderScreen(<StarsBuyKcashScreen openInvoice={never} />, {
          api: signedIn(),
          language,
          queries: [
            [starsPacksQueryKey, PACKS],
            [balanceQueryKey, BALANCE()],
          ],
        }),
      );
      expect(html).toContain(texts.title);
      expect(html).toContain(texts.intro);
      expect(html).toContain('10 ⭐');
      expect(html).toContain('45 ⭐');
      expect(html).not.toContain('UPI');
      expect(html).not.toContain('PIX');
    });
  }

  it('the receipt shows the K-Cash gained and the Stars paid; a store receipt links to the order', () => {
    const html = text(renderScreen(<StarsReceipt receipt={RECEIPT} />));
    expect(html).toContain('Payment complete!');
    expect(html).toContain('+500 K\u2011Cash');
    expect(html).toContain('Paid 45 ⭐');
    const item = renderScreen(
      <StarsReceipt
        receipt={{ ...RECEIPT, product: 'store_item', title: 'BGMI 325 UC', kcash: null, order: ORDER }}
      />,
    );
    expect(item).toContain(`/purchase-confirmation?orderId=${ORDER.id}`);
    expect(text(item)).toContain('BGMI 325 UC');
  });

  it('says where a payment is: opening, confirming, cancelled, pending, refunded', () => {
    const said = (state: Parameters<typeof StarsCheckoutNotice>[0]['state']) =>
      text(renderScreen(<StarsCheckoutNotice state={state} />));
    expect(said({ phase: 'opening' })).toContain(starsEn.opening);
    expect(said({ phase: 'confirming' })).toContain(starsEn.confirming);
    expect(said({ phase: 'cancelled' })).toContain(starsEn.cancelled);
    expect(said({ phase: 'pending' })).toContain(starsEn.pending);
    expect(said({ phase: 'failed' })).toContain(starsEn.failed);
    expect(said({ phase: 'refunded', receipt: { ...RECEIPT, status: 'refunded' } })).toContain(
      starsEn.refunded,
    );
    expect(said({ phase: 'idle' })).toBe('');
  });
});
