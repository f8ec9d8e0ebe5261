import { describe, expect, it, vi } from 'vitest';
import { createUiStore } from './ui-store.ts';

describe('UI store: SPEC §4 modal state', () => {
  it('opens with validation step 1 and no modal before', () => {
    const store = createUiStore();
    expect(store.getState().modal).toEqual({ type: null, onClose: null, validationStep: 1 });
    store.getState().openModal('login');
    expect(store.getState().modal.type).toBe('login');
    expect(store.getState().modal.validationStep).toBe(1);
  });

  it('closing runs the custom close handler once and resets the validation step to 1', () => {
    const store = createUiStore();
    const onClose = vi.fn();
    store.getState().openModal('login', { onClose });
    store.getState().setValidationStep(2);
    expect(store.getState().modal.validationStep).toBe(2);

    store.getState().closeModal();
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(store.getState().modal).toEqual({ type: null, onClose: null, validationStep: 1 });

    store.getState().closeModal();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('resetting (sign-in done, owner gone) resets the step without the close handler', () => {
    const store = createUiStore();
    const onClose = vi.fn();
    store.getState().openModal('login', { onClose });
    store.getState().setValidationStep(2);
    store.getState().resetModal();
    expect(onClose).not.toHaveBeenCalled();
    expect(store.getState().modal.validationStep).toBe(1);
  });

  it('alerts last 3000 ms unless told otherwise and are dismissed by id', () => {
    const store = createUiStore();
    const first = store.getState().showAlert('Claim Failed', { tone: 'error' });
    store.getState().showAlert('Saved', { durationMs: 5000 });
    expect(store.getState().alerts.map((a) => [a.message, a.durationMs])).toEqual([
      ['Claim Failed', 3000],
      ['Saved', 5000],
    ]);
    store.getState().dismissAlert(first);
    expect(store.getState().alerts.map((a) => a.message)).toEqual(['Saved']);
  });
});
