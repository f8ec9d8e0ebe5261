// Entry of /swap and /currency-exchange/ (its own chunk).
export { SwapScreen, type SwapScreenProps } from './components/swap-screen.tsx';
export type { PrimaryAction, PrimaryActionListener } from './lib/primary-action.ts';
