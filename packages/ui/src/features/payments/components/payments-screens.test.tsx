import { money } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { deletionStateQueryKey } from '../../../api/deletion-request.ts';
import { balanceQueryKey } from '../../../api/get-balance.ts';
import { BalancesCard } from '../../../components/money/balances-card.tsx';
import { BALANCE, signedIn, text } from '../../../test/money-fixtures.ts';
import { renderScreen } from '../../../test/render.tsx';
import { TELEGRAM_SWAP_SOURCES } from '../lib/swap-preview.ts';
import { QuoteSummary } from './buy-form.tsx';
import { BuyKcashScreen } from './buy-kcash-screen.tsx';
import { DepositStatusView } from './deposit-status.tsx';
import { PayTermsNote } from './pay-terms-note.tsx';
import { SwapReceipt, SwapScreen } from './swap-screen.tsx';

describe('balances', () => {
  it('shows every balance and the rule 1 USDT = 1,000 K-Cash', () => {
    const html = text(renderScreen(<BalancesCard hint />, { queries: [[balanceQueryKey, BALANCE()]] }));
    expect(html).toContain('1 USDT = 1,000 K-Cash');
    expect(html).toContain('7,000 K\u2011Cash');
    expect(html).toContain('Bought 2,000 K\u2011Cash · Earned 5,000 K\u2011Cash');
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
    expect(html).toContain('Rate ₹84.00 = 1,000 K\u2011Cash');
    expect(html).toContain('Fee ₹7.50');
    expect(html).toContain('You receive 5,863 K\u2011Cash');
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
    expect(en).toContain('1 USDT = 1,000 K-Cash');
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
    expect(html).toContain('9,850 K\u2011Cash');
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

  it('starts from what the user holds: a gamer with rKHEL from quests and no USDT swaps rKHEL, at 1 rKHEL = 100 K-Cash', () => {
    const gamer = BALANCE({ usdt: 0n, rkhel: 12_500_000n });
    const html = renderScreen(<SwapScreen />, { api: signedIn(), queries: [[balanceQueryKey, gamer]] });
    const checked = (page: string) => /<input[^>]*name="swap-from" checked="" value="(\w+)"/.exec(page)?.[1];
    expect(checked(html)).toBe('RKHEL');
    expect(text(html)).toContain('Available: 12.5 rKHEL');
    expect(text(html)).toContain('You have 0 USDT');
    expect(text(html)).not.toContain('Not enough');
    // Someone holding USDT only starts from USDT.
    const usdtOnly = renderScreen(<SwapScreen />, {
      api: signedIn(),
      queries: [[balanceQueryKey, BALANCE({ usdt: 1_000_000n, rkhel: 0n })]],
    });
    expect(checked(usdtOnly)).toBe('USDT');
  });

  it.each([
    ['en', 'Nothing to swap yet', 'Earn rKHEL in quests'],
    ['hi', 'अभी स्वैप करने को कुछ नहीं है', 'क्वेस्ट में rKHEL कमाएँ'],
    ['pt-BR', 'Nada para trocar ainda', 'Ganhe rKHEL nas missões'],
  ] as const)(
    '%s: holding neither rKHEL nor USDT, what the gamer can do instead of a refusal',
    (language, title, earn) => {
      const zero = BALANCE({ usdt: 0n, rkhel: 0n });
      const html = renderScreen(<SwapScreen />, {
        api: signedIn(),
        language,
        queries: [[balanceQueryKey, zero]],
      });
      const plain = text(html);
      expect(plain).toContain(title);
      expect(plain).toContain(earn);
      expect(html).toMatch(
        /data-testid="nothing-to-swap".*href="\/k-quest\/\?reward=rkhel".*href="\/buy-kcash\/"/s,
      );
      // No refusal, no amount to type, and no promise of quests that are already here.
      expect(plain).not.toMatch(/Not enough|Not Enough|Review swap|स्वैप देखें|Revisar troca/);
      expect(plain).not.toMatch(/coming soon|जल्द आ रहे|em breve/i);
    },
  );

  it('a source the user has none of shows how to get it, not a shortfall', async () => {
    const { WAYS_TO_GET } = await import('../lib/swap-preview.ts');
    expect(WAYS_TO_GET.USDT.map((w) => w.id)).toEqual(['buyKcash']);
    expect(WAYS_TO_GET.RKHEL.map((w) => w.id)).toEqual(['earnRkhel']);
  });

  it('the receipt shows what was paid and received, and any remainder', () => {
    const html = text(
      renderScreen(
        <SwapReceipt
          onAgain={() => {}}
          result={{
            debited: money(1_000_009n, 'RKHEL'),
            converted: money(1_000_000n, 'RKHEL'),
            remainder: money(9n, 'RKHEL'),
            received: money(100_000n, 'KCASH'),
            rate: { from: 'RKHEL', to: 'KCASH', fromMajor: '1', toMajor: '100' },
          }}
        />,
      ),
    );
    expect(html).toContain('Swap complete');
    expect(html).toContain('1.000009 rKHEL');
    expect(html).toContain('1 rKHEL = 100 K\u2011Cash');
    expect(html).toContain('0.000009 rKHEL');
    expect(html).toContain('100 K\u2011Cash');
  });
});

describe('inside Telegram: TON only for crypto', () => {
  it.each([
    ['en', 'Pay with TON'],
    ['hi', 'TON से भुगतान करें'],
    ['pt-BR', 'Pagar com TON'],
  ] as const)(
    '/swap takes rKHEL only and, with none, offers to earn it or to pay with TON (%s)',
    (language, ton) => {
      const html = renderScreen(<SwapScreen sources={TELEGRAM_SWAP_SOURCES} />, {
        api: signedIn(),
        language,
        queries: [[balanceQueryKey, BALANCE({ usdt: 0n, rkhel: 0n })]],
      });
      expect(html).toMatch(
        /data-testid="nothing-to-swap".*href="\/k-quest\/\?reward=rkhel".*href="\/buy-kcash\/"/s,
      );
      expect(text(html)).toContain(ton);
      expect(text(html)).not.toContain('USDT');
    },
  );

  it('/swap with rKHEL offers rKHEL only, never USDT', () => {
    const html = renderScreen(<SwapScreen sources={TELEGRAM_SWAP_SOURCES} />, {
      api: signedIn(),
      queries: [[balanceQueryKey, BALANCE({ usdt: 0n, rkhel: 5_000_000n })]],
    });
    expect(html.match(/name="swap-from"[^>]*value="(\w+)"/g)).toEqual([expect.stringContaining('RKHEL')]);
    expect(html).not.toContain('value="USDT"');
    expect(text(html)).not.toContain('USDT');
  });
});
