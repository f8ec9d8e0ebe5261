import { ApiError } from '@khel/core/client';
import type { Earning, EarningsAggregate, Payout, TaxInfo } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render.tsx';
import { earningsListQueryKey } from '../api/get-earnings.ts';
import { earningsAggregateQueryKey } from '../api/get-earnings-aggregate.ts';
import type { CollectFlow } from '../hooks/use-collect-flow.ts';
import type { CollectView } from '../lib/collect-flow.ts';
import { CollectDialog } from './collect-dialog.tsx';
import { CollectEarningsScreen } from './collect-earnings-screen.tsx';

const kcash = (amount: string) => ({ amount, currency: 'KCASH' as const, decimals: 3 });
const inr = (amount: string) => ({ amount, currency: 'INR' as const, decimals: 2 });
const AGGREGATE: EarningsAggregate = {
  readyToCollect: kcash('6500000'),
  distributing: kcash('1000'),
  collected: kcash('250000'),
  failed: kcash('0'),
  expired: kcash('20000'),
  counts: { readyToCollect: 2, distributing: 1, collected: 3, failed: 0, expired: 1 },
};
let n = 0;
const earning = (over: Partial<Earning>): Earning => ({
  id: `0b0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a${String(10 + n++).padStart(2, '0')}`,
  title: 'Summer Cup quest',
  source: 'kquest',
  entityLabel: 'K-QUEST',
  amount: kcash('5000000'),
  boost: null,
  status: 'EARNING PENDING',
  displayStatus: 'READY_TO_COLLECT',
  createdAt: '2026-01-01T10:00:00.000Z',
  expiresAt: null,
  collectedAt: null,
  creditedAt: null,
  failureReason: null,
  payout: null,
  ...over,
});
const LIST = [
  earning({}),
  earning({
    title: 'Clan bonus',
    source: 'clanchieflite',
    entityLabel: 'CLAN CHIEF',
    status: 'EARNING CREDITED',
    displayStatus: 'COLLECTED',
    amount: kcash('250000'),
  }),
  earning({
    title: 'Drop',
    source: 'kdrop',
    entityLabel: 'K-DROP',
    status: 'EARNING FAILED',
    displayStatus: 'FAILED',
    failureReason: 'Beneficiary bank rejected the transfer',
    failureReasonCode: 'PAYOUT_REJECTED',
  }),
  earning({ title: 'Old', status: 'EARNING EXPIRED', displayStatus: 'EXPIRED' }),
  earning({ title: 'Sending', status: 'EARNING DISTRIBUTING', displayStatus: 'DISTRIBUTING' }),
];
const page = (list: Earning[], isLastCard = true) => ({
  pages: [{ list, page: 1, limit: 20, offset: 0, isLastCard }],
  pageParams: [1],
});

const render = (list: Earning[], language: 'en' | 'hi' | 'pt-BR' = 'en', isLastCard = true) =>
  renderScreen(<CollectEarningsScreen />, {
    at: '/collect-earnings',
    language,
    queries: [
      [earningsAggregateQueryKey, AGGREGATE],
      [earningsListQueryKey(null), page(list, isLastCard)],
    ],
  });

describe('CollectEarningsScreen (/collect-earnings)', () => {
  it('loading state first', () => {
    expect(renderScreen(<CollectEarningsScreen />)).toContain('Loading your earnings…');
  });

  it('aggregate cards: ready to collect (with Collect all), distributing, collected, failed, expired', () => {
    const html = render(LIST);
    expect(html).toContain('6,500 K-Cash');
    expect(html).toContain('Earnings: 2');
    expect(html).toContain('>Collect all</button>');
    for (const label of ['Ready to collect', 'On its way to you', 'Collected', 'Failed', 'Expired'])
      expect(html).toContain(label);
    expect(html).toContain('250 K-Cash');
    expect(html).toContain('20 K-Cash');
  });

  it('each earning shows its entity label, translated SPEC §3 status badge, amount, and Collect when collectable', () => {
    const html = render(LIST);
    for (const label of ['K-QUEST', 'CLAN CHIEF', 'K-DROP'])
      expect(html).toContain(`earning__entity">${label}<`);
    expect(html).toContain(
      'earning-status--ready_to_collect" data-status="READY_TO_COLLECT">Ready to collect<',
    );
    expect(html).toContain('earning-status--collected" data-status="COLLECTED">Collected<');
    expect(html).toContain('earning-status--failed" data-status="FAILED">Failed<');
    expect(html).toContain('earning-status--expired" data-status="EXPIRED">Expired<');
    // Human, translated labels; the SPEC §3 display status stays in the data.
    expect(html).toContain('data-status="DISTRIBUTING">On its way to you<');
    expect(html).not.toContain('>DISTRIBUTING<');
    expect(html).toContain('5,000 K-Cash');
    expect(html).not.toContain('earning__boost');
    expect(
      render([
        earning({ amount: kcash('5500000'), boost: { basisPoints: 11_000, baseAmount: kcash('5000000') } }),
      ]),
    ).toContain('POG boost +10% (was 5,000 K-Cash)');
    expect(html).toContain('Last attempt failed: Beneficiary bank rejected the transfer');
    // Ready and failed can be collected; collected, expired and distributing cannot.
    expect(html.match(/earning__collect/g)).toHaveLength(2);
    expect(html).toContain('>Collect again</button>');
    // Filter chips for every display status.
    expect(html.match(/earnings-filter__chip/g)?.length).toBeGreaterThanOrEqual(6);
    expect(html).toContain('aria-pressed="true"');
  });

  it('SPEC empty state, and Show more while there are more pages', () => {
    expect(render([])).toContain('Looks like there is nothing here yet');
    expect(render(LIST, 'en', false)).toContain('>Show more</button>');
    expect(render(LIST, 'en', true)).not.toContain('>Show more</button>');
  });

  it('in Hindi and Portuguese', () => {
    const hindi = render(LIST, 'hi');
    expect(hindi).toContain('प्राप्त करने के लिए तैयार');
    expect(hindi).toContain('सब प्राप्त करें');
    const portuguese = render(LIST, 'pt-BR');
    expect(portuguese).toContain('Resgatar tudo');
    expect(portuguese).toContain('Com falha');
  });
});

const PAYOUT: Payout = {
  id: '1b0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34',
  status: 'processing',
  method: 'bank',
  gross: kcash('5000000'),
  tds: kcash('1500000'),
  net: kcash('3500000'),
  payout: { gross: inr('41500'), tds: inr('12450'), net: inr('29050') },
  destination: { ifsc: 'HDFC0000001', last4: '9012', bankName: 'HDFC Bank' },
  failureReason: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  completedAt: null,
};
const INDIA: TaxInfo = {
  region: 'IN',
  destination: 'bank',
  kycRequired: true,
  kycComplete: true,
  nextRequiredDoc: null,
  earningIds: [LIST[0]!.id],
  gross: kcash('5000000'),
  tds: kcash('1500000'),
  net: kcash('3500000'),
  payout: { gross: inr('41500'), tds: inr('12450'), net: inr('29050') },
  tax: {
    section: '194BA',
    ratePercent: 30,
    financialYear: '2025-26',
    netWinnings: inr('41500'),
    monthNetWinnings: inr('41500'),
    monthlyExemption: inr('10000'),
    exempt: false,
  },
  bank: { ifsc: 'HDFC0000001', last4: '9012', bankName: 'HDFC Bank' },
};

function dialog(
  view: CollectView,
  info?: TaxInfo,
  language: 'en' | 'hi' | 'pt-BR' = 'en',
  error: unknown = null,
) {
  const flow = {
    target: { earningId: null },
    idempotencyKey: 'key-1',
    taxInfo: info
      ? { isPending: false, isError: false, data: info }
      : { isPending: true, isError: false, data: undefined },
    view,
    submitting: false,
    error,
    open: () => {},
    confirm: async () => {},
    close: () => {},
    tryAgain: () => {},
  } as unknown as CollectFlow;
  return renderScreen(<CollectDialog flow={flow} />, { language });
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('CollectDialog', () => {
  it('asks tax-info first', () => {
    expect(dialog({ step: 'confirm' })).toContain('Working out what you receive…');
  });

  it('India: gross, rupees, TDS 30% under Section 194BA with the financial year, net, bank ••••9012', () => {
    const t = text(dialog({ step: 'confirm' }, INDIA));
    expect(t).toContain('Earnings 5,000 K-Cash');
    expect(t).toContain('Value in rupees ₹415.00');
    expect(t).toContain('TDS 30% (Section 194BA) − ₹124.50');
    expect(t).toContain('You receive ₹290.50');
    expect(t).toContain('Paid to HDFC Bank ••••9012');
    expect(t).toContain('Financial year 2025-26');
    expect(t).toContain('Confirm and collect');
  });

  it('India: the ₹100 monthly exemption when it applies', () => {
    const exempt = {
      ...INDIA,
      payout: { gross: inr('5000'), tds: inr('0'), net: inr('5000') },
      tax: { ...INDIA.tax!, monthNetWinnings: inr('5000'), exempt: true },
    };
    expect(text(dialog({ step: 'confirm' }, exempt))).toContain(
      'No TDS this time: your net winnings this month (₹50.00) are within the ₹100.00 monthly exemption.',
    );
  });

  it('KYC incomplete: says so, links to /kyc?requiredDoc=<next>, no confirm', () => {
    const html = dialog(
      { step: 'confirm' },
      { ...INDIA, kycComplete: false, nextRequiredDoc: 'bank', bank: null },
    );
    expect(html).toContain('Complete your KYC (PAN, Aadhaar and bank account) to collect earnings.');
    expect(html).toContain('href="/kyc?requiredDoc=bank"');
    expect(html).not.toContain('Confirm and collect');
    // No verified account exists yet: the destination says which one it will be.
    expect(text(html)).toContain('Paid to The bank account you verify in KYC');
    expect(text(html)).not.toContain('Your verified bank account');
  });

  it('outside India: straight to the K-Cash wallet, no TDS', () => {
    const other: TaxInfo = {
      ...INDIA,
      region: 'OTHER',
      destination: 'wallet',
      kycRequired: false,
      tds: kcash('0'),
      net: kcash('5000000'),
      payout: null,
      tax: null,
      bank: null,
    };
    const t = text(dialog({ step: 'confirm' }, other));
    expect(t).toContain('Paid to Your K-Cash wallet');
    expect(t).toContain('You receive 5,000 K-Cash');
    expect(t).not.toContain('TDS');
  });

  it('a failed collect shows the API message (translated) and keeps the confirm for a retry', () => {
    const html = dialog(
      { step: 'confirm' },
      INDIA,
      'pt-BR',
      new ApiError(409, 'Conflict: Resource already in progress'),
    );
    expect(html).toContain('Esta solicitação ainda está em andamento');
    expect(html).toContain('Confirmar e resgatar');
  });

  it('processing, and after 20 s the SPEC §8 slow text', () => {
    const result = {
      destination: 'bank' as const,
      earnings: [],
      gross: PAYOUT.gross,
      tds: PAYOUT.tds,
      net: PAYOUT.net,
      payout: PAYOUT,
    };
    const quick = text(dialog({ step: 'processing', slow: false, payout: PAYOUT }));
    expect(quick).toContain('Processing your payment…');
    expect(quick).toContain('Sending ₹290.50 to HDFC Bank ••••9012.');
    expect(quick).not.toContain('taking longer');
    expect(text(dialog({ step: 'processing', slow: true, payout: PAYOUT }))).toContain(
      'It is taking longer than usual to process your payment.',
    );
    const done = text(dialog({ step: 'done', result, payout: { ...PAYOUT, status: 'succeeded' } }));
    expect(done).toContain('Collected!');
    expect(done).toContain('₹290.50 paid to HDFC Bank ••••9012.');
    expect(done).toContain(PAYOUT.id);
  });

  it('a failed payout: SPEC §8 Payment Failed, Please try again! with the reason, in every language', () => {
    const result = {
      destination: 'bank' as const,
      earnings: [],
      gross: PAYOUT.gross,
      tds: PAYOUT.tds,
      net: PAYOUT.net,
      payout: PAYOUT,
    };
    const failed = {
      ...PAYOUT,
      status: 'failed' as const,
      failureReason: 'Beneficiary bank rejected the transfer',
      failureReasonCode: 'PAYOUT_REJECTED',
    };
    const en = text(dialog({ step: 'failed', result, payout: failed }));
    expect(en).toContain('Payment Failed, Please try again!');
    expect(en).toContain('Reason: Beneficiary bank rejected the transfer');
    expect(en).toContain('Try again');
    expect(text(dialog({ step: 'failed', result, payout: failed }, undefined, 'hi'))).toContain(
      'पाने वाले के बैंक ने ट्रांसफ़र अस्वीकार कर दिया',
    );
  });

  it('a wallet receipt', () => {
    const result = {
      destination: 'wallet' as const,
      earnings: [],
      gross: kcash('5000'),
      tds: kcash('0'),
      net: kcash('5000'),
      payout: null,
    };
    expect(text(dialog({ step: 'done', result, payout: null }))).toContain(
      '5 K-Cash added to your K-Cash wallet.',
    );
  });
});
