// Entry of /swap and /currency-exchange/ (its own chunk).

export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { SwapScreen, type SwapScreenProps } from './components/swap-screen.tsx';
export { TELEGRAM_SWAP_SOURCES } from './lib/swap-preview.ts';
