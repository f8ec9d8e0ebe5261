import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeTds,
  financialYearOf,
  istMonthOf,
  kcashToPaise,
  NO_TOTALS,
  netWinningsOf,
  paiseToKcashCeil,
  planIndianPayout,
  type Rule133Totals,
  TDS_MONTHLY_EXEMPT_PAISE,
  TDS_RATE_PERCENT,
  taxedNetWinningsOf,
  usdtToPaise,
} from './tds.ts';

/** The API's rate table: 1 USDT = ₹84. */
const INR = { usdt: 1n, fiat: 84n };
const totals = (t: Partial<Rule133Totals>): Rule133Totals => ({ ...NO_TOTALS, ...t });

describe('TDS constants', () => {
  it('30% under §194BA, ₹100 a month exempt', () => {
    expect(TDS_RATE_PERCENT).toBe(30);
    expect(TDS_MONTHLY_EXEMPT_PAISE).toBe(10_000n);
  });
});

describe('financial year and month in IST', () => {
  it('the year turns at 1 April 00:00 IST (31 March 18:30 UTC)', () => {
    const lastInstant = financialYearOf(new Date('2025-03-31T18:29:59.999Z'));
    expect(lastInstant.label).toBe('2024-25');
    expect(lastInstant.start.toISOString()).toBe('2024-03-31T18:30:00.000Z');
    expect(lastInstant.end.toISOString()).toBe('2025-03-31T18:30:00.000Z');
    const first = financialYearOf(new Date('2025-03-31T18:30:00.000Z'));
    expect(first.label).toBe('2025-26');
    expect(first.start.toISOString()).toBe('2025-03-31T18:30:00.000Z');
    expect(first.end.toISOString()).toBe('2026-03-31T18:30:00.000Z');
  });

  it('January to March belong to the year that began the April before; 1999-2000 is labelled 1999-00', () => {
    expect(financialYearOf(new Date('2026-02-15T10:00:00Z')).label).toBe('2025-26');
    expect(financialYearOf(new Date('2025-12-31T20:00:00Z')).label).toBe('2025-26');
    expect(financialYearOf(new Date('1999-06-01T00:00:00Z')).label).toBe('1999-00');
  });

  it('months are IST calendar months: 31 July 19:00 UTC is already August in India; December ends at New Year', () => {
    const aug = istMonthOf(new Date('2025-07-31T19:00:00Z'));
    expect(aug.label).toBe('2025-08');
    expect(aug.start.toISOString()).toBe('2025-07-31T18:30:00.000Z');
    expect(aug.end.toISOString()).toBe('2025-08-31T18:30:00.000Z');
    const dec = istMonthOf(new Date('2025-12-10T00:00:00Z'));
    expect(dec.label).toBe('2025-12');
    expect(dec.end.toISOString()).toBe('2025-12-31T18:30:00.000Z');
  });

  it('every instant lies in its year and month, and the month lies in the year (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (d) => {
          const fy = financialYearOf(d);
          const m = istMonthOf(d);
          expect(fy.start <= d && d < fy.end).toBe(true);
          expect(m.start <= d && d < m.end).toBe(true);
          expect(fy.start <= m.start && m.end <= fy.end).toBe(true);
        },
      ),
    );
  });
});

describe('K-Cash and rupees', () => {
  it('1000 K-Cash = 1 USDT = ₹84; 2.5 K-Cash = 21 paise exactly; less rounds down', () => {
    expect(kcashToPaise(1_000_000n, INR)).toBe(8_400n);
    expect(kcashToPaise(2_500n, INR)).toBe(21n);
    expect(kcashToPaise(2_499n, INR)).toBe(20n);
    expect(kcashToPaise(119n, INR)).toBe(0n);
    expect(usdtToPaise(1_000_000n, INR)).toBe(8_400n);
  });

  it('paiseToKcashCeil gives the least K-Cash worth at least the paise', () => {
    expect(paiseToKcashCeil(21n, INR)).toBe(2_500n);
    expect(paiseToKcashCeil(20n, INR)).toBe(2_381n);
    expect(kcashToPaise(2_381n, INR)).toBe(20n);
    expect(kcashToPaise(2_380n, INR)).toBe(19n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 12n }), (paise) => {
        const k = paiseToKcashCeil(paise, INR);
        expect(kcashToPaise(k, INR) >= paise).toBe(true);
        if (k > 0n) expect(kcashToPaise(k - 1n, INR) < paise).toBe(true);
      }),
    );
  });

  it('refuses a rate that is not positive', () => {
    expect(() => kcashToPaise(1n, { usdt: 0n, fiat: 84n })).toThrow(RangeError);
    expect(() => paiseToKcashCeil(1n, { usdt: 1n, fiat: 0n })).toThrow(RangeError);
  });
});

describe('Rule 133 net winnings', () => {
  it('withdrawals − deposits − opening balance − net winnings already taxed, never below zero', () => {
    expect(netWinningsOf(totals({ withdrawals: 84_000n, deposits: 50_000n }), 0n)).toBe(34_000n);
    expect(netWinningsOf(totals({ withdrawals: 84_000n, deposits: 50_000n }), 4_000n)).toBe(30_000n);
    expect(
      netWinningsOf(totals({ withdrawals: 84_000n, deposits: 50_000n, taxedNetWinnings: 30_000n }), 0n),
    ).toBe(4_000n);
    expect(netWinningsOf(totals({ withdrawals: 8_400n, deposits: 50_000n }), 0n)).toBe(0n);
  });
});

describe('computeTds: worked examples', () => {
  it('a first withdrawal of ₹84 in a month is within the ₹100 exemption: nothing withheld', () => {
    expect(
      computeTds({
        withdrawal: 8_400n,
        openingBalance: 0n,
        yearToDate: NO_TOTALS,
        beforeThisMonth: NO_TOTALS,
      }),
    ).toEqual({ netWinnings: 8_400n, monthNetWinnings: 8_400n, exempt: true, tax: 0n, taxedNetWinnings: 0n });
  });

  it('exactly ₹100 is exempt; ₹100.01 is taxed in full: 30% of 10 001 paise = 3 000.3, rounded up to 3 001', () => {
    const base = { openingBalance: 0n, yearToDate: NO_TOTALS, beforeThisMonth: NO_TOTALS };
    expect(computeTds({ ...base, withdrawal: 10_000n })).toMatchObject({ exempt: true, tax: 0n });
    expect(computeTds({ ...base, withdrawal: 10_001n })).toEqual({
      netWinnings: 10_001n,
      monthNetWinnings: 10_001n,
      exempt: false,
      tax: 3_001n,
      taxedNetWinnings: 10_001n,
    });
  });

  it('a second ₹84 in the same month takes the month to ₹168: 30% of all ₹168 is withheld (₹50.40)', () => {
    expect(
      computeTds({
        withdrawal: 8_400n,
        openingBalance: 0n,
        yearToDate: totals({ withdrawals: 8_400n }),
        beforeThisMonth: NO_TOTALS,
      }),
    ).toEqual({
      netWinnings: 16_800n,
      monthNetWinnings: 16_800n,
      exempt: false,
      tax: 5_040n,
      taxedNetWinnings: 16_800n,
    });
  });

  it('next month, ₹84 again: the ₹168 were taxed, so only ₹84 are net winnings, within the exemption', () => {
    const after = totals({ withdrawals: 16_800n, taxedNetWinnings: 16_800n });
    expect(
      computeTds({ withdrawal: 8_400n, openingBalance: 0n, yearToDate: after, beforeThisMonth: after }),
    ).toMatchObject({ netWinnings: 8_400n, monthNetWinnings: 8_400n, exempt: true, tax: 0n });
  });

  it('deposits lower net winnings: ₹500 deposited, ₹840 withdrawn → ₹340 net winnings, ₹102 TDS', () => {
    const deposited = totals({ deposits: 50_000n });
    expect(
      computeTds({
        withdrawal: 84_000n,
        openingBalance: 0n,
        yearToDate: deposited,
        beforeThisMonth: deposited,
      }),
    ).toEqual({
      netWinnings: 34_000n,
      monthNetWinnings: 34_000n,
      exempt: false,
      tax: 10_200n,
      taxedNetWinnings: 34_000n,
    });
  });

  it('withdrawing less than was deposited is no winning at all', () => {
    const deposited = totals({ deposits: 50_000n });
    expect(
      computeTds({
        withdrawal: 8_400n,
        openingBalance: 0n,
        yearToDate: deposited,
        beforeThisMonth: deposited,
      }),
    ).toEqual({ netWinnings: 0n, monthNetWinnings: 0n, exempt: true, tax: 0n, taxedNetWinnings: 0n });
  });

  it('the opening balance of the year counts like a deposit', () => {
    expect(
      computeTds({
        withdrawal: 84_000n,
        openingBalance: 50_000n,
        yearToDate: NO_TOTALS,
        beforeThisMonth: NO_TOTALS,
      }),
    ).toMatchObject({ netWinnings: 34_000n, tax: 10_200n });
  });

  it('untaxed winnings carry over: ₹90 exempt in June, then ₹20 (exempt) and ₹90 in July → tax on all ₹200', () => {
    const june = totals({ withdrawals: 9_000n });
    const first = computeTds({
      withdrawal: 2_000n,
      openingBalance: 0n,
      yearToDate: june,
      beforeThisMonth: june,
    });
    expect(first).toMatchObject({ netWinnings: 11_000n, monthNetWinnings: 2_000n, exempt: true, tax: 0n });
    const second = computeTds({
      withdrawal: 9_000n,
      openingBalance: 0n,
      yearToDate: totals({ withdrawals: 11_000n }),
      beforeThisMonth: june,
    });
    expect(second).toEqual({
      netWinnings: 20_000n,
      monthNetWinnings: 11_000n,
      exempt: false,
      tax: 6_000n,
      taxedNetWinnings: 20_000n,
    });
  });

  it('after a taxed withdrawal, a small one in the same month is still taxed: the month is past ₹100', () => {
    const taxed = totals({ withdrawals: 20_000n, taxedNetWinnings: 20_000n });
    expect(
      computeTds({ withdrawal: 5_000n, openingBalance: 0n, yearToDate: taxed, beforeThisMonth: NO_TOTALS }),
    ).toEqual({
      netWinnings: 5_000n,
      monthNetWinnings: 25_000n,
      exempt: false,
      tax: 1_500n,
      taxedNetWinnings: 5_000n,
    });
  });

  it('a deposit later in the month takes back net winnings: nothing left to tax', () => {
    expect(
      computeTds({
        withdrawal: 5_000n,
        openingBalance: 0n,
        yearToDate: totals({ withdrawals: 20_000n, deposits: 30_000n }),
        beforeThisMonth: NO_TOTALS,
      }),
    ).toMatchObject({ netWinnings: 0n, exempt: true, tax: 0n });
  });

  it('when carried winnings make 30% larger than the withdrawal, the whole withdrawal is withheld and the rest stays untaxed', () => {
    // Eleven exempt months of ₹90 each (₹990 untaxed), then ₹110 this month.
    const carried = totals({ withdrawals: 99_000n });
    const capped = computeTds({
      withdrawal: 11_000n,
      openingBalance: 0n,
      yearToDate: carried,
      beforeThisMonth: carried,
    });
    expect(capped).toEqual({
      netWinnings: 110_000n,
      monthNetWinnings: 11_000n,
      exempt: false,
      tax: 11_000n,
      taxedNetWinnings: 36_666n,
    });
    // ₹50 more the same month: the tax already withheld covered carried winnings first; the month is past ₹100.
    const next = computeTds({
      withdrawal: 5_000n,
      openingBalance: 0n,
      yearToDate: totals({ withdrawals: 110_000n, taxedNetWinnings: 36_666n }),
      beforeThisMonth: carried,
    });
    expect(next).toMatchObject({
      netWinnings: 78_334n,
      monthNetWinnings: 16_000n,
      exempt: false,
      tax: 5_000n,
    });
  });

  it('refuses a negative withdrawal', () => {
    expect(() =>
      computeTds({ withdrawal: -1n, openingBalance: 0n, yearToDate: NO_TOTALS, beforeThisMonth: NO_TOTALS }),
    ).toThrow(RangeError);
  });
});

describe('taxedNetWinningsOf', () => {
  it('all net winnings for a full 30% tax (rounded up), tax × 100 / 30 when capped, none without tax', () => {
    expect(taxedNetWinningsOf(10_001n, 3_001n)).toBe(10_001n);
    expect(taxedNetWinningsOf(110_000n, 11_000n)).toBe(36_666n);
    expect(taxedNetWinningsOf(8_400n, 0n)).toBe(0n);
    expect(taxedNetWinningsOf(0n, 0n)).toBe(0n);
  });
});

const totalsArb = fc.record({
  withdrawals: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  deposits: fc.bigInt({ min: 0n, max: 10n ** 9n }),
  taxedNetWinnings: fc.bigInt({ min: 0n, max: 10n ** 9n }),
});

describe('computeTds: properties (fast-check)', () => {
  it('tax is 0 when exempt, else ⌈30% of net winnings⌉ capped at the withdrawal; never negative; taxed winnings ≤ net winnings', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        totalsArb,
        totalsArb,
        (withdrawal, opening, a, b) => {
          // beforeThisMonth is a part of yearToDate.
          const before = a;
          const ytd = {
            withdrawals: a.withdrawals + b.withdrawals,
            deposits: a.deposits + b.deposits,
            taxedNetWinnings: a.taxedNetWinnings + b.taxedNetWinnings,
          };
          const r = computeTds({
            withdrawal,
            openingBalance: opening,
            yearToDate: ytd,
            beforeThisMonth: before,
          });
          expect(r.tax >= 0n && r.tax <= withdrawal).toBe(true);
          expect(r.exempt).toBe(r.monthNetWinnings <= TDS_MONTHLY_EXEMPT_PAISE);
          if (r.exempt) expect(r.tax).toBe(0n);
          else {
            const full = (r.netWinnings * 30n + 99n) / 100n;
            expect(r.tax).toBe(full < withdrawal ? full : withdrawal);
            expect(r.tax * 100n >= r.taxedNetWinnings * 30n).toBe(true);
          }
          expect(r.taxedNetWinnings <= r.netWinnings).toBe(true);
          expect(r.netWinnings >= 0n && r.monthNetWinnings >= 0n).toBe(true);
        },
      ),
    );
  });

  it('more withdrawn never means less tax (same history)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        totalsArb,
        (w, extra, t) => {
          const at = (withdrawal: bigint) =>
            computeTds({ withdrawal, openingBalance: 0n, yearToDate: t, beforeThisMonth: t }).tax;
          expect(at(w + extra) >= at(w)).toBe(true);
        },
      ),
    );
  });
});

describe('planIndianPayout', () => {
  it('₹168 in a month from 2000 K-Cash: the second 1000 K-Cash pays ₹84 gross, ₹50.40 TDS (600 K-Cash), ₹33.60 net', () => {
    const plan = planIndianPayout({
      kcashGross: 1_000_000n,
      rate: INR,
      openingBalance: 0n,
      yearToDate: totals({ withdrawals: 8_400n }),
      beforeThisMonth: NO_TOTALS,
    });
    expect(plan.kcash).toEqual({ gross: 1_000_000n, tax: 600_000n, net: 400_000n });
    expect(plan.inr).toEqual({ gross: 8_400n, tax: 5_040n, net: 3_360n });
    expect(plan.tds.netWinnings).toBe(16_800n);
  });

  it('an odd amount: 1234.567 K-Cash is worth ₹103.70 (rounded down); TDS ₹31.11 is 370.358 K-Cash (rounded up)', () => {
    const plan = planIndianPayout({
      kcashGross: 1_234_567n,
      rate: INR,
      openingBalance: 0n,
      yearToDate: NO_TOTALS,
      beforeThisMonth: NO_TOTALS,
    });
    // 1 234 567 × 0.0084 = 10 370.36… paise → 10 370; 30% = 3 111 paise; 3 111 / 0.0084 = 370 357.14… → 370 358.
    expect(plan.inr).toEqual({ gross: 10_370n, tax: 3_111n, net: 7_259n });
    expect(plan.kcash).toEqual({ gross: 1_234_567n, tax: 370_358n, net: 864_209n });
  });

  it('exempt: everything is paid, nothing withheld', () => {
    const plan = planIndianPayout({
      kcashGross: 1_000_000n,
      rate: INR,
      openingBalance: 0n,
      yearToDate: NO_TOTALS,
      beforeThisMonth: NO_TOTALS,
    });
    expect(plan.kcash).toEqual({ gross: 1_000_000n, tax: 0n, net: 1_000_000n });
    expect(plan.inr).toEqual({ gross: 8_400n, tax: 0n, net: 8_400n });
    expect(plan.tds.exempt).toBe(true);
  });

  it('K-Cash legs add up to the gross exactly; the K-Cash withheld is worth the tax or at most one paisa more (fast-check)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 12n }), totalsArb, (gross, t) => {
        const plan = planIndianPayout({
          kcashGross: gross,
          rate: INR,
          openingBalance: 0n,
          yearToDate: t,
          beforeThisMonth: NO_TOTALS,
        });
        expect(plan.kcash.tax + plan.kcash.net).toBe(gross);
        expect(plan.kcash.tax >= 0n && plan.kcash.net >= 0n).toBe(true);
        expect(plan.inr.tax + plan.inr.net).toBe(plan.inr.gross);
        expect(plan.inr.net >= 0n).toBe(true);
        const taxValue = kcashToPaise(plan.kcash.tax, INR);
        if (plan.kcash.tax < gross) {
          expect(taxValue >= plan.inr.tax).toBe(true);
          expect(kcashToPaise(plan.kcash.tax - (plan.kcash.tax > 0n ? 1n : 0n), INR) <= plan.inr.tax).toBe(
            true,
          );
        }
      }),
    );
  });
});
