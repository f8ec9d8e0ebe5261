// @khel/ui/payments: buy K-Cash and swap (the API's payments capability), their requests and hooks.
export { balanceQueryKey, getBalance, useBalance } from '../../api/get-balance.ts';
export { isStillProcessing, useIntentKey, withConflictRetry } from '../../lib/intent.ts';
export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { swap, useSwap } from './api/swap.ts';
export { BuyKcashScreen, type BuyKcashScreenProps } from './components/buy-kcash-screen.tsx';
export { SwapScreen, type SwapScreenProps } from './components/swap-screen.tsx';
