import { type ComponentType, createContext, useContext } from 'react';
import type { ModalType } from '../stores/ui-store.ts';

/**
 * The modal component of each modal type the UI store can open. Shared code (the Page's modal host)
 * renders what is registered here and imports no feature; the composition (`app/modals.ts`) registers
 * the features' modals, and the front ends get it through `AppProviders`.
 */
export type ModalRegistry = Partial<Record<ModalType, ComponentType>>;

const NO_MODALS: ModalRegistry = {};

export const ModalRegistryContext = createContext<ModalRegistry>(NO_MODALS);

export function useModalRegistry(): ModalRegistry {
  return useContext(ModalRegistryContext);
}
