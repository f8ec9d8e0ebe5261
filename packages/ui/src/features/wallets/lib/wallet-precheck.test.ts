import { ApiError } from '@khel/core/client';
import { describe, expect, it } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { getWalletAddress } from '../api/get-wallet-address.ts';
import { isMissingWallet, isWalletModalExemptPage, shouldOpenWalletModal } from './wallet-precheck.ts';

const missing = new ApiError(404, 'Wallet not found', { code: 'WALLET_NOT_FOUND' });

describe('the wallet (GET /users/me/wallet-address → data.evmWalletAddress)', () => {
  it('returns the custodial address', async () => {
    const address = '0x52908400098527886E0F7030069857D2E4169EE7';
    const api = fakeApi({
      'GET /api/users/me/wallet-address': [envelope(200, { evmWalletAddress: address })],
    });
    expect(await getWalletAddress(api.client)).toBe(address);
  });

  it('a 404 with WALLET_NOT_FOUND is a missing wallet (SPEC §8); other 404s are not', async () => {
    const api = fakeApi({
      'GET /api/users/me/wallet-address': [envelope(404, { code: 'WALLET_NOT_FOUND' }, 'Wallet not found')],
    });
    const error = await getWalletAddress(api.client).catch((e: unknown) => e);
    expect(isMissingWallet(error)).toBe(true);
    expect(isMissingWallet(new ApiError(404, 'Not found', null))).toBe(false);
    expect(isMissingWallet(new ApiError(500, 'x', { code: 'WALLET_NOT_FOUND' }))).toBe(false);
  });
});

describe('the wallet-not-found modal and its exempt pages (SPEC §7)', () => {
  it('opens on other pages', () => {
    expect(shouldOpenWalletModal(missing, '/profile')).toBe(true);
    expect(shouldOpenWalletModal(missing, '/home/')).toBe(true);
  });

  it.each(['/delete-user-account', '/clan-chief/', '/my-clan', '/discover-clan', '/kyc'])(
    'never on %s (delete account, clans, verification)',
    (path) => {
      expect(isWalletModalExemptPage(path)).toBe(true);
      expect(shouldOpenWalletModal(missing, path)).toBe(false);
    },
  );

  it('not for other failures', () => {
    expect(shouldOpenWalletModal(new ApiError(0, 'offline'), '/profile')).toBe(false);
  });
});
