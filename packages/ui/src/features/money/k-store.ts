// Entry of /k-store/ (its own chunk).
export { StoreScreen, type StoreScreenProps } from './components/store-screen.tsx';
export type { PrimaryAction, PrimaryActionListener } from './lib/primary-action.ts';
