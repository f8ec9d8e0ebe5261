import { isWalletNotFound } from '@khel/core/client';
import { isApiError } from '../../../lib/api-result.ts';

/**
 * Pages where a missing wallet never opens the wallet-not-found modal: the screens of the SPEC §7
 * exempt calls (delete account, verify wallet, clans, social profiles).
 */
export const WALLET_MODAL_EXEMPT_PAGES = [
  '/delete-user-account',
  '/clan-chief',
  '/my-clan',
  '/discover-clan',
  '/kyc',
] as const;

export function isWalletModalExemptPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return WALLET_MODAL_EXEMPT_PAGES.some((p) => path === p || path.startsWith(`${p}/`));
}

/** SPEC §8 "Wallet missing": the wallet call failed with 404 and `WALLET_NOT_FOUND`. */
export function isMissingWallet(error: unknown): boolean {
  return isApiError(error) && isWalletNotFound({ status: error.status, data: error.data });
}

/** Whether this failure on this page opens the wallet-not-found modal. */
export function shouldOpenWalletModal(error: unknown, pathname: string): boolean {
  return isMissingWallet(error) && !isWalletModalExemptPage(pathname);
}
