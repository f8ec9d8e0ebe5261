import { describe, expect, it } from 'vitest';
import { APP_MODALS } from './modals.ts';

describe('the app modal registry', () => {
  it('draws every modal the UI store opens: the login flow and the wallet-not-found modal', () => {
    expect(Object.keys(APP_MODALS).sort()).toEqual(['login', 'walletError']);
    for (const modal of Object.values(APP_MODALS)) expect(modal).toBeTruthy();
  });
});
