// Entry of /buy-kcash/ (its own chunk).
export { BuyKcashScreen, type BuyKcashScreenProps } from './components/buy-kcash-screen.tsx';
export type { PrimaryAction, PrimaryActionListener } from './lib/primary-action.ts';
