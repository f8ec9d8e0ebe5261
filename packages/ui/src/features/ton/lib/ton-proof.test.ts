import { tonProofBody } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { shortTonAddress, type TonConnectedWallet, tonProofRequest } from './ton-proof.ts';

const ADDRESS = '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8';
const PROOF = {
  timestamp: 1_767_261_600,
  domain: { lengthBytes: 14, value: 'khel.example.in' },
  payload: 'b5e2c1f0a9d84e7b',
  signature: 'c2lnbmF0dXJlLW9mLXRoZS13YWxsZXQ=',
};

function wallet(overrides: Partial<TonConnectedWallet> = {}): TonConnectedWallet {
  return {
    account: { address: ADDRESS, chain: '-239', walletStateInit: 'te6cckEBAwEA', publicKey: 'ab'.repeat(32) },
    connectItems: { tonProof: { name: 'ton_proof', proof: PROOF } },
    ...overrides,
  };
}

describe('tonProofRequest: TON Connect wallet → POST /authentication/ton body', () => {
  it('puts the account, the network and the state init next to the proof, as the contract wants', () => {
    const request = tonProofRequest(wallet(), PROOF.payload);
    expect(request).toEqual({
      ok: true,
      body: {
        address: ADDRESS,
        network: '-239',
        public_key: 'ab'.repeat(32),
        proof: { ...PROOF, state_init: 'te6cckEBAwEA' },
      },
    });
    // The API parses it with the same schema.
    expect(request.ok && tonProofBody.safeParse(request.body).success).toBe(true);
  });

  it('leaves public_key out when the wallet does not report one (the API reads it from the state init)', () => {
    const request = tonProofRequest(wallet({ account: { ...wallet().account, publicKey: undefined } }));
    expect(request.ok && 'public_key' in request.body).toBe(false);
  });

  it('a restored connection carries no proof: nothing to send', () => {
    expect(tonProofRequest(wallet({ connectItems: {} }))).toEqual({ ok: false, problem: 'no-proof' });
    expect(tonProofRequest(wallet({ connectItems: undefined }))).toEqual({ ok: false, problem: 'no-proof' });
  });

  it('a wallet that declined the proof request is refused', () => {
    const declined = wallet({
      connectItems: { tonProof: { name: 'ton_proof', error: { code: 400, message: 'declined' } } },
    });
    expect(tonProofRequest(declined)).toEqual({ ok: false, problem: 'proof-refused' });
  });

  it('refuses a network other than mainnet (-239) and testnet (-3)', () => {
    const other = wallet({ account: { ...wallet().account, chain: '-1' } });
    expect(tonProofRequest(other)).toEqual({ ok: false, problem: 'unsupported-network' });
    const testnet = wallet({ account: { ...wallet().account, chain: '-3' } });
    expect(tonProofRequest(testnet).ok).toBe(true);
  });

  it('a proof of another payload than the one offered is stale', () => {
    expect(tonProofRequest(wallet(), 'another-payload')).toEqual({ ok: false, problem: 'stale-payload' });
  });
});

describe('shortTonAddress', () => {
  it('keeps the workchain and the ends of the hash', () => {
    expect(shortTonAddress(ADDRESS)).toBe('0:83df…31a8');
    expect(shortTonAddress('UQBxshort')).toBe('UQBxshort');
  });
});
