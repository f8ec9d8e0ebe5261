/**
 * SPEC §3/§4 modal state: the open modal's type, an optional custom close handler and the
 * validation step (starts at 1; closing resets it to 1). A plain reducer so any store can hold it.
 * The reducer stays pure: the store calls `state.onClose` itself before dispatching `close`.
 */
export interface ModalState<T extends string = string> {
  type: T | null;
  onClose: (() => void) | null;
  validationStep: number;
}

export type ModalAction<T extends string = string> =
  | { type: 'open'; modal: T; onClose?: () => void }
  | { type: 'close' }
  | { type: 'setValidationStep'; step: number }
  | { type: 'nextValidationStep' };

export const FIRST_VALIDATION_STEP = 1;

export function initialModalState<T extends string = string>(): ModalState<T> {
  return { type: null, onClose: null, validationStep: FIRST_VALIDATION_STEP };
}

export function modalReducer<T extends string>(state: ModalState<T>, action: ModalAction<T>): ModalState<T> {
  switch (action.type) {
    case 'open':
      // Opening another modal replaces the handler; the validation step carries on (a flow may
      // move from one modal to the next mid-validation), and only `close` resets it.
      return { ...state, type: action.modal, onClose: action.onClose ?? null };
    case 'close':
      return initialModalState<T>();
    case 'setValidationStep':
      return { ...state, validationStep: Math.max(FIRST_VALIDATION_STEP, Math.trunc(action.step)) };
    case 'nextValidationStep':
      return { ...state, validationStep: state.validationStep + 1 };
  }
}

export const isModalOpen = (state: ModalState): boolean => state.type !== null;
