import type * as Siwe from './siwe.ts';
import type * as TonProof from './ton-proof.ts';

// Wallet sign-in checks need viem (SIWE) and @ton/core (TON Connect proofs), two of the heaviest
// libraries the server uses. Routes call them through these wrappers, so a process loads each on its
// first wallet sign-in instead of at start (most processes never see one).

export async function issueSiweNonce(...args: Parameters<typeof Siwe.issueSiweNonce>) {
  return (await import('./siwe.ts')).issueSiweNonce(...args);
}

export async function verifySiwe(...args: Parameters<typeof Siwe.verifySiwe>) {
  return (await import('./siwe.ts')).verifySiwe(...args);
}

export async function issueTonPayload(...args: Parameters<typeof TonProof.issueTonPayload>) {
  return (await import('./ton-proof.ts')).issueTonPayload(...args);
}

export async function verifyTonProof(...args: Parameters<typeof TonProof.verifyTonProof>) {
  return (await import('./ton-proof.ts')).verifyTonProof(...args);
}
