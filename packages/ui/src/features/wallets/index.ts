export { getWalletAddress, useWalletAddress, walletAddressQueryKey } from './api/get-wallet-address.ts';
export { CustodialWallet } from './components/custodial-wallet.tsx';
export { WalletErrorModal } from './components/wallet-error-modal.tsx';
export {
  isMissingWallet,
  isWalletModalExemptPage,
  shouldOpenWalletModal,
  WALLET_MODAL_EXEMPT_PAGES,
} from './lib/wallet-precheck.ts';
