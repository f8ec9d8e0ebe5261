import { describe, expect, it, vi } from 'vitest';
import { initialModalState, isModalOpen, modalReducer } from './modal.ts';

type Modal = 'login' | 'taskValidation' | 'walletNotFound';

describe('modal state (SPEC §3/§4)', () => {
  it('starts closed with validation step 1', () => {
    const s = initialModalState<Modal>();
    expect(s).toEqual({ type: null, onClose: null, validationStep: 1 });
    expect(isModalOpen(s)).toBe(false);
  });

  it('opens a modal with its custom close handler', () => {
    const onClose = vi.fn();
    const s = modalReducer(initialModalState<Modal>(), { type: 'open', modal: 'taskValidation', onClose });
    expect(s.type).toBe('taskValidation');
    expect(s.onClose).toBe(onClose);
    expect(isModalOpen(s)).toBe(true);
    expect(onClose).not.toHaveBeenCalled(); // the reducer never calls it
  });

  it('closing a modal resets the validation step to 1 and drops the handler', () => {
    let s = modalReducer(initialModalState<Modal>(), {
      type: 'open',
      modal: 'taskValidation',
      onClose: () => {},
    });
    s = modalReducer(s, { type: 'nextValidationStep' });
    s = modalReducer(s, { type: 'nextValidationStep' });
    expect(s.validationStep).toBe(3);
    s = modalReducer(s, { type: 'close' });
    expect(s).toEqual({ type: null, onClose: null, validationStep: 1 });
  });

  it('opening another modal replaces the handler and keeps the step', () => {
    let s = modalReducer(initialModalState<Modal>(), {
      type: 'open',
      modal: 'taskValidation',
      onClose: () => {},
    });
    s = modalReducer(s, { type: 'setValidationStep', step: 2 });
    s = modalReducer(s, { type: 'open', modal: 'walletNotFound' });
    expect(s).toEqual({ type: 'walletNotFound', onClose: null, validationStep: 2 });
  });

  it('the validation step never goes below 1', () => {
    const s = modalReducer(initialModalState<Modal>(), { type: 'setValidationStep', step: 0 });
    expect(s.validationStep).toBe(1);
  });
});
