// Entry of /buy-kcash/ (its own chunk).

export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { BuyKcashScreen, type BuyKcashScreenProps } from './components/buy-kcash-screen.tsx';
