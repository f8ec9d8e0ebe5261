// Entry of /k-store/ (its own chunk).

export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { StoreScreen, type StoreScreenProps } from './components/store-screen.tsx';
