/**
 * India: tax deducted at source on online-game winnings (Income-tax Act §194BA, Rule 133), as Khel
 * applies it when a user in India collects earnings. Pure functions in integer paise (bigint); the API
 * feeds them the user's totals and books the result in the ledger.
 *
 * The rules:
 * - Tax is withheld at TDS_RATE_PERCENT (30%) of the *net winnings* comprised in a withdrawal.
 * - Rule 133: net winnings at a withdrawal = (aggregate withdrawals in the financial year, this one
 *   included) − (aggregate deposits in the year) − (opening balance at the start of the year) −
 *   (net winnings on which tax was already withheld in the year), and never below zero.
 * - CBDT Circular 5/2023: nothing is withheld while the net winnings withdrawn in a calendar month
 *   (this withdrawal included) are at most ₹100 (TDS_MONTHLY_EXEMPT_PAISE). Those winnings are not
 *   "taxed", so Rule 133 carries them into the next withdrawal's net winnings and they are taxed
 *   once a month's net winnings pass ₹100.
 * - The financial year runs 1 April – 31 March; months and years are counted in Indian time (IST,
 *   UTC+05:30, no daylight saving).
 *
 * Rounding, chosen so the ledger stays exact:
 * - K-Cash → rupees goes K-Cash → USDT (1 USDT = 1000 K-Cash, so one K-Cash minor unit is one USDT
 *   minor unit) → INR at the rate table's `usdt : fiat` ratio, rounded DOWN to the paisa
 *   (kcashToPaise): a withdrawal is worth what can actually be paid.
 * - The tax is rounded UP to the paisa (30% of net winnings, never less), and never more than the
 *   withdrawal itself (see computeTds).
 * - The K-Cash withheld is the least K-Cash worth at least the tax (paiseToKcashCeil), capped at the
 *   gross; the rest of the gross is paid out. The ledger legs (tax + net) therefore add up to the
 *   earning amounts exactly; only the rupee figures round, by less than one paisa.
 */

/** Income-tax Act section for online games. */
export const TDS_SECTION = '194BA' as const;
/** TDS rate on net winnings. */
export const TDS_RATE_PERCENT = 30;
/** A month's net winnings up to this (₹100, in paise) are not taxed that month. */
export const TDS_MONTHLY_EXEMPT_PAISE = 10_000n;
/** Indian Standard Time: UTC+05:30, all year. */
export const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

const RATE = BigInt(TDS_RATE_PERCENT);
const USDT_MINOR_PER_USDT = 1_000_000n;
const PAISE_PER_RUPEE = 100n;

const max0 = (v: bigint) => (v > 0n ? v : 0n);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export interface IstPeriod {
  /** e.g. '2025-26' for a financial year, '2025-07' for a month. */
  label: string;
  /** First instant of the period. */
  start: Date;
  /** First instant after it (exclusive). */
  end: Date;
}

/** The IST calendar date parts of an instant. */
function istParts(at: Date) {
  const shifted = new Date(at.getTime() + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() };
}

const istMidnight = (year: number, month: number) => new Date(Date.UTC(year, month, 1) - IST_OFFSET_MS);

/** The Indian financial year (1 April 00:00 IST – 1 April of the next year) containing `at`. */
export function financialYearOf(at: Date): IstPeriod {
  const { year, month } = istParts(at);
  const startYear = month >= 3 ? year : year - 1;
  return {
    label: `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`,
    start: istMidnight(startYear, 3),
    end: istMidnight(startYear + 1, 3),
  };
}

/** The IST calendar month containing `at`. */
export function istMonthOf(at: Date): IstPeriod {
  const { year, month } = istParts(at);
  return {
    label: `${year}-${String(month + 1).padStart(2, '0')}`,
    start: istMidnight(year, month),
    end: istMidnight(year, month + 1),
  };
}

/** `usdt` USDT are worth `fiat` rupees (the API's rate table; e.g. 1 : 84). */
export interface InrRate {
  usdt: bigint;
  fiat: bigint;
}

function assertRate(rate: InrRate) {
  if (rate.usdt <= 0n || rate.fiat <= 0n) throw new RangeError('The INR rate must be positive');
}

/** USDT minor units → paise, rounded down. */
export function usdtToPaise(usdtMinor: bigint, rate: InrRate): bigint {
  assertRate(rate);
  return (usdtMinor * rate.fiat * PAISE_PER_RUPEE) / (rate.usdt * USDT_MINOR_PER_USDT);
}

/** K-Cash minor units → paise, rounded down (one K-Cash minor unit is one USDT minor unit). */
export function kcashToPaise(kcashMinor: bigint, rate: InrRate): bigint {
  return usdtToPaise(kcashMinor, rate);
}

/** The least K-Cash minor units worth at least `paise`. */
export function paiseToKcashCeil(paise: bigint, rate: InrRate): bigint {
  assertRate(rate);
  return ceilDiv(paise * rate.usdt * USDT_MINOR_PER_USDT, rate.fiat * PAISE_PER_RUPEE);
}

/** Totals of a user in a stretch of the financial year, in paise. */
export interface Rule133Totals {
  /** Withdrawals made (gross, before tax). */
  withdrawals: bigint;
  /** Deposits credited. */
  deposits: bigint;
  /** Net winnings on which tax was withheld (taxedNetWinningsOf of each withdrawal). */
  taxedNetWinnings: bigint;
}

export const NO_TOTALS: Rule133Totals = { withdrawals: 0n, deposits: 0n, taxedNetWinnings: 0n };

/** Rule 133 net winnings for these totals (withdrawals already including the one at hand), floored at 0. */
export function netWinningsOf(totals: Rule133Totals, openingBalance: bigint): bigint {
  return max0(totals.withdrawals - totals.deposits - openingBalance - totals.taxedNetWinnings);
}

export interface TdsInput {
  /** This withdrawal, gross, in paise. */
  withdrawal: bigint;
  /** Balance at the start of the financial year, in paise. */
  openingBalance: bigint;
  /** The financial year so far, before this withdrawal. */
  yearToDate: Rule133Totals;
  /** The part of yearToDate before the current IST month began. */
  beforeThisMonth: Rule133Totals;
}

export interface TdsResult {
  /** Rule 133 net winnings at this withdrawal (untaxed winnings of earlier withdrawals included). */
  netWinnings: bigint;
  /** Net winnings comprised in this month's withdrawals, this one included: what the ₹100 test looks at. */
  monthNetWinnings: bigint;
  /** True when the month's net winnings are within TDS_MONTHLY_EXEMPT_PAISE: nothing withheld now. */
  exempt: boolean;
  /** Tax to withhold, paise: 30% of netWinnings rounded up, at most the withdrawal; 0 when exempt. */
  tax: bigint;
  /** The net winnings this tax covers (all of them, unless the tax was capped at the withdrawal). */
  taxedNetWinnings: bigint;
}

/**
 * The TDS at one withdrawal.
 *
 * The month's net winnings are every net winning that arose from this month's withdrawals, taxed or
 * not: the untaxed net winnings now, plus those taxed earlier this month, minus those that were
 * already outstanding (untaxed) when the month began (Rule 133 on the totals before the month).
 * Deposits made this month lower them, as Rule 133 does.
 *
 * Untaxed winnings carried over several exempt months can make 30% of the net winnings larger than
 * the withdrawal; then the whole withdrawal is withheld and only the net winnings it covers
 * (tax × 100 / 30, rounded down) count as taxed, so the rest is taxed at a later withdrawal.
 */
export function computeTds(input: TdsInput): TdsResult {
  if (input.withdrawal < 0n) throw new RangeError('A withdrawal cannot be negative');
  const netWinnings = netWinningsOf(
    { ...input.yearToDate, withdrawals: input.yearToDate.withdrawals + input.withdrawal },
    input.openingBalance,
  );
  const carriedIntoMonth = netWinningsOf(input.beforeThisMonth, input.openingBalance);
  const taxedThisMonth = input.yearToDate.taxedNetWinnings - input.beforeThisMonth.taxedNetWinnings;
  const monthNetWinnings = max0(netWinnings + taxedThisMonth - carriedIntoMonth);
  const exempt = monthNetWinnings <= TDS_MONTHLY_EXEMPT_PAISE;
  if (exempt || netWinnings === 0n)
    return { netWinnings, monthNetWinnings, exempt, tax: 0n, taxedNetWinnings: 0n };
  const fullTax = ceilDiv(netWinnings * RATE, 100n);
  const tax = minOf(fullTax, input.withdrawal);
  return {
    netWinnings,
    monthNetWinnings,
    exempt,
    tax,
    taxedNetWinnings: taxedNetWinningsOf(netWinnings, tax),
  };
}

/**
 * The net winnings a withheld tax covers, from a withdrawal's stored figures: all of them when the
 * tax is the full 30% (rounded up), tax × 100 / 30 rounded down when it was capped, none when 0.
 */
export function taxedNetWinningsOf(netWinnings: bigint, tax: bigint): bigint {
  if (tax <= 0n || netWinnings <= 0n) return 0n;
  return minOf((tax * 100n) / RATE, netWinnings);
}

export interface IndianPayoutPlan {
  /** K-Cash minor units: gross = tax + net, exactly (the ledger legs). */
  kcash: { gross: bigint; tax: bigint; net: bigint };
  /** Paise: gross = what the K-Cash is worth (rounded down), tax = the TDS, net = gross − tax. */
  inr: { gross: bigint; tax: bigint; net: bigint };
  tds: TdsResult;
}

/**
 * What collecting `kcashGross` pays a user in India: the rupee value, the TDS on it (computeTds) and
 * the K-Cash split for the ledger (the tax's K-Cash is the least K-Cash worth at least the tax).
 */
export function planIndianPayout(input: {
  kcashGross: bigint;
  rate: InrRate;
  openingBalance: bigint;
  yearToDate: Rule133Totals;
  beforeThisMonth: Rule133Totals;
}): IndianPayoutPlan {
  if (input.kcashGross < 0n) throw new RangeError('An amount cannot be negative');
  const grossPaise = kcashToPaise(input.kcashGross, input.rate);
  const tds = computeTds({
    withdrawal: grossPaise,
    openingBalance: input.openingBalance,
    yearToDate: input.yearToDate,
    beforeThisMonth: input.beforeThisMonth,
  });
  const taxKcashNeeded = paiseToKcashCeil(tds.tax, input.rate);
  const taxKcash = minOf(taxKcashNeeded, input.kcashGross);
  return {
    kcash: { gross: input.kcashGross, tax: taxKcash, net: input.kcashGross - taxKcash },
    inr: { gross: grossPaise, tax: tds.tax, net: grossPaise - tds.tax },
    tds,
  };
}
