import type { Earning, KycStatus, TaxInfo } from '@khel/core/contract';
import { verhoeffCheckDigit } from '@khel/core/validation';
import { apiCall } from './web-session.ts';

const digit = () => String(Math.floor(Math.random() * 10));
const letter = () => String.fromCharCode(65 + Math.floor(Math.random() * 26));

/**
 * A fresh individual PAN (4th letter P) the sandbox verifies: its digits are never 0000 (not found)
 * or 9999 (another name on record). Every test uses its own, since a verified PAN belongs to one account.
 */
export function randomPan(): string {
  const digits = String(1000 + Math.floor(Math.random() * 8000));
  return `${letter()}${letter()}${letter()}P${letter()}${digits}${letter()}`;
}

/** A fresh Aadhaar number with a right Verhoeff check digit, not starting 9999 (the sandbox's "not found"). */
export function randomAadhaar(): string {
  const body = `${2 + Math.floor(Math.random() * 7)}${Array.from({ length: 10 }, digit).join('')}`;
  return `${body}${verhoeffCheckDigit(body)}`;
}

/**
 * A fresh 12-digit account number. `ending` picks the sandbox payout outcome by the last 4 digits:
 * 1111 the bank rejects the transfer; anything else (never 0000, a closed account) succeeds.
 */
export function randomAccount(ending?: string): string {
  for (;;) {
    const number = `${1 + Math.floor(Math.random() * 9)}${Array.from({ length: 7 }, digit).join('')}${ending ?? Array.from({ length: 4 }, digit).join('')}`;
    if (ending || !['0000', '1111', '2222'].includes(number.slice(-4))) return number;
  }
}

/** SBI, New Delhi main branch: in razorpay's IFSC data, so the sandbox bank check accepts it. */
export const SBI_IFSC = 'SBIN0000691';

export async function grantEarning(
  baseUrl: string,
  token: string,
  body: { amount: string; title?: string; source?: string },
): Promise<Earning> {
  const answer = await apiCall<Earning>(baseUrl, 'POST', '/dev/earnings', token, body);
  if (answer.status !== 201)
    throw new Error(`POST /dev/earnings answered ${answer.status}: ${answer.envelope.message}`);
  return answer.envelope.data;
}

export async function kycStatus(baseUrl: string, token: string): Promise<KycStatus> {
  return (await apiCall<KycStatus>(baseUrl, 'GET', '/kyc/status', token)).envelope.data;
}

export async function waitForKyc(
  baseUrl: string,
  token: string,
  done: (status: KycStatus) => boolean,
  timeoutMs = 20_000,
): Promise<KycStatus> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await kycStatus(baseUrl, token);
    if (done(status)) return status;
    if (Date.now() > deadline) throw new Error(`KYC did not get there in time: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** PAN, Aadhaar and bank through the API, waiting for the sandbox's decisions. */
export async function completeKycByApi(
  baseUrl: string,
  token: string,
  options: { name?: string; accountNumber?: string } = {},
): Promise<KycStatus> {
  const name = options.name ?? 'Arjun Mehta';
  const post = async (path: string, body: unknown) => {
    const answer = await apiCall(baseUrl, 'POST', path, token, body);
    if (answer.status !== 202)
      throw new Error(`POST ${path} answered ${answer.status}: ${answer.envelope.message}`);
  };
  await post('/kyc/verify-pan', { pan: randomPan(), name });
  await waitForKyc(baseUrl, token, (s) => s.pan?.status === 'verified');
  await post('/kyc/verify-aadhaar', { aadhaar: randomAadhaar(), consent: true });
  await post('/kyc/verify-bank', {
    accountNumber: options.accountNumber ?? randomAccount(),
    ifsc: SBI_IFSC,
    holderName: name,
  });
  return waitForKyc(baseUrl, token, (s) => s.complete);
}

export async function taxInfo(baseUrl: string, token: string, earningId?: string): Promise<TaxInfo> {
  const query = earningId ? `?earningId=${earningId}` : '';
  return (await apiCall<TaxInfo>(baseUrl, 'GET', `/collect-earning/tax-info${query}`, token)).envelope.data;
}

export async function earningOf(baseUrl: string, token: string, id: string): Promise<Earning | undefined> {
  const page = await apiCall<{ list: Earning[] }>(baseUrl, 'GET', '/collect-earning/list?limit=100', token);
  return page.envelope.data.list.find((e) => e.id === id);
}

/** `₹1,234.50` as the screen writes an INR amount (minor units, 2 decimals). */
export function rupees(paise: string): string {
  const value = BigInt(paise);
  const whole = (value / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `₹${whole}.${(value % 100n).toString().padStart(2, '0')}`;
}
