import {
  ALERT_DURATION_MS,
  initialModalState,
  type ModalAction,
  type ModalState,
  modalReducer,
} from '@khel/core/domain';
import { useStore } from 'zustand';
import { createStore, type StoreApi } from 'zustand/vanilla';

/** Modals the app can open; one at a time. `walletError` is the SPEC §8 wallet-not-found modal. */
export type ModalType = 'login' | 'walletError';

export type AlertTone = 'info' | 'success' | 'error';

export interface AlertItem {
  id: number;
  message: string;
  tone: AlertTone;
  /** Milliseconds before it dismisses itself (SPEC §9 default 3000). */
  durationMs: number;
}

export interface UiState {
  /** SPEC §4 modal state: open modal type, custom close handler, validation step (starts at 1). */
  modal: ModalState<ModalType>;
  alerts: AlertItem[];
  /** A provider sent the user back and the sign-in is being finished: the login modal stays closed. */
  finishingSignIn: boolean;
  setFinishingSignIn(value: boolean): void;
  openModal(type: ModalType, options?: { onClose?: () => void }): void;
  /** The user closes the modal: its close handler runs, then the state (and validation step) resets to 1. */
  closeModal(): void;
  /** The modal is done (e.g. the user signed in) or its owner went away: reset without the close handler. */
  resetModal(): void;
  setValidationStep(step: number): void;
  showAlert(message: string, options?: { tone?: AlertTone; durationMs?: number }): number;
  dismissAlert(id: number): void;
}

export function createUiStore(): StoreApi<UiState> {
  let nextAlertId = 1;
  return createStore<UiState>()((set, get) => {
    const dispatch = (action: ModalAction<ModalType>) => set({ modal: modalReducer(get().modal, action) });
    return {
      modal: initialModalState<ModalType>(),
      alerts: [],
      finishingSignIn: false,
      setFinishingSignIn(value) {
        set({ finishingSignIn: value });
      },
      openModal(type, options = {}) {
        dispatch(
          options.onClose
            ? { type: 'open', modal: type, onClose: options.onClose }
            : { type: 'open', modal: type },
        );
      },
      closeModal() {
        const { type, onClose } = get().modal;
        if (type === null) return;
        onClose?.();
        dispatch({ type: 'close' });
      },
      resetModal() {
        if (get().modal.type !== null) dispatch({ type: 'close' });
      },
      setValidationStep(step) {
        dispatch({ type: 'setValidationStep', step });
      },
      showAlert(message, options = {}) {
        const id = nextAlertId++;
        const alert: AlertItem = {
          id,
          message,
          tone: options.tone ?? 'info',
          durationMs: options.durationMs ?? ALERT_DURATION_MS,
        };
        set((state) => ({ alerts: [...state.alerts, alert] }));
        return id;
      },
      dismissAlert(id) {
        set((state) => ({ alerts: state.alerts.filter((a) => a.id !== id) }));
      },
    };
  });
}

/** The app-wide UI store; tests make their own with createUiStore(). */
export const uiStore = createUiStore();

export function useUiStore<T>(selector: (state: UiState) => T): T {
  return useStore(uiStore, selector);
}
