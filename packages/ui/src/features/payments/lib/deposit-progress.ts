import type { DEPOSIT_STATUS_VALUES } from '@khel/core/contract';

export type DepositStatus = (typeof DEPOSIT_STATUS_VALUES)[number];

/** What the deposit screen shows. */
export type DepositView = 'processing' | 'slow' | 'success' | 'failed' | 'refund_due' | 'refunded';

/** Polling: every 2 s for the first minute, then every 5 s, until the deposit is settled. */
export const DEPOSIT_POLL_MS = 2_000;
export const DEPOSIT_POLL_SLOW_MS = 5_000;
/** After this long still pending, the screen says 'It is taking longer than usual…' (SPEC §8). */
export const DEPOSIT_SLOW_AFTER_MS = 20_000;

export function isDepositOpen(status: DepositStatus | undefined): boolean {
  return status === undefined || status === 'pending' || status === 'paid';
}

export function depositView(status: DepositStatus | undefined, waitedMs: number): DepositView {
  switch (status) {
    case 'credited':
      return 'success';
    case 'failed':
    case 'expired':
      return 'failed';
    case 'refund_due':
      return 'refund_due';
    case 'refunded':
      return 'refunded';
    default:
      return waitedMs >= DEPOSIT_SLOW_AFTER_MS ? 'slow' : 'processing';
  }
}

/** TanStack Query `refetchInterval`: false once the deposit is settled. */
export function depositPollInterval(status: DepositStatus | undefined, waitedMs: number): number | false {
  if (!isDepositOpen(status)) return false;
  return waitedMs < 60_000 ? DEPOSIT_POLL_MS : DEPOSIT_POLL_SLOW_MS;
}

/** Where the sandbox (or a real provider) sends the payer back: this screen, with the deposit id. */
export function checkoutUrlWithReturn(checkoutUrl: string, returnUrl: string): string {
  const url = new URL(checkoutUrl);
  url.searchParams.set('return_url', returnUrl);
  return url.href;
}

const CHECKOUT_KEY_PREFIX = 'khel:checkout:';

/** The checkout of a deposit, kept for this tab so a payer who came back early can go on paying. */
export function rememberCheckout(storage: Pick<Storage, 'setItem'> | null, depositId: string, url: string) {
  try {
    storage?.setItem(`${CHECKOUT_KEY_PREFIX}${depositId}`, url);
  } catch {
    // Private mode: the link is simply not offered later.
  }
}

export function rememberedCheckout(
  storage: Pick<Storage, 'getItem'> | null,
  depositId: string,
): string | null {
  try {
    return storage?.getItem(`${CHECKOUT_KEY_PREFIX}${depositId}`) ?? null;
  } catch {
    return null;
  }
}

export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
