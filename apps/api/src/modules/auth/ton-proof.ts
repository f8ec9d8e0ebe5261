import { createHash, createPublicKey, randomBytes, verify } from 'node:crypto';
import type { TonProofBody } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { Address, Cell, contractAddress, loadStateInit, type StateInit } from '@ton/core';
import { AppError } from '../../lib/http.ts';
import { consumeChallenge, issueChallenge } from './auth-challenges.ts';
import type { VerifiedIdentity } from './identities.ts';

/** A payload is valid for 15 minutes and once. */
export const TON_PAYLOAD_TTL_MS = 15 * 60 * 1000;
/** Clock skew tolerated for a proof timestamp slightly ahead of ours. */
export const TON_FUTURE_SKEW_SECONDS = 60;
export const TON_FAILED_MESSAGE = 'TON wallet sign-in could not be verified. Please try again.';

export type TonProofFailure =
  | 'network'
  | 'domain'
  | 'expired'
  | 'future'
  | 'malformed'
  | 'state-init'
  | 'unsupported-wallet'
  | 'public-key'
  | 'signature'
  | 'payload';

export interface TonProofPolicy {
  /** App domains (host[:port]) a proof may be made for. */
  domains: ReadonlySet<string>;
  networks: readonly string[];
  maxAgeSeconds: number;
  now: Date;
}

export async function issueTonPayload(db: Executor, now: Date) {
  const payload = randomBytes(32).toString('hex');
  await issueChallenge(db, 'ton_proof', payload, TON_PAYLOAD_TTL_MS, now);
  return { payload, expiresIn: TON_PAYLOAD_TTL_MS / 1000 };
}

/**
 * Standard wallet contracts by the hash of their code, and where their data keeps the public key:
 * v3 `seqno:uint32 subwallet:uint32 key:bits256`, v4 the same then a plugins dict, v5 a leading
 * `signature_allowed:bit` then `seqno wallet_id key`.
 */
const WALLETS: Record<string, { version: string; keyOffsetBits: number }> = {
  b61041a58a7980b946e8fb9e198e3c904d24799ffa36574ea4251c41a566f581: { version: 'v3R1', keyOffsetBits: 64 },
  '84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599': { version: 'v3R2', keyOffsetBits: 64 },
  feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0: { version: 'v4R2', keyOffsetBits: 64 },
  '20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f': { version: 'v5R1', keyOffsetBits: 65 },
};

/** The public key a standard wallet's state init carries, or null for code we do not know. */
export function readWalletPublicKey(init: StateInit): { version: string; publicKey: Buffer } | null {
  if (!init.code || !init.data) return null;
  const wallet = WALLETS[init.code.hash().toString('hex')];
  if (!wallet) return null;
  try {
    const data = init.data.beginParse();
    data.skip(wallet.keyOffsetBits);
    return { version: wallet.version, publicKey: data.loadBuffer(32) };
  } catch {
    return null;
  }
}

/**
 * The bytes the wallet signs (TON Connect `ton_proof`):
 * sha256(0xffff ‖ "ton-connect" ‖ sha256("ton-proof-item-v2/" ‖ workchain:int32be ‖ hash:256 ‖
 * domainLength:uint32le ‖ domain ‖ timestamp:uint64le ‖ payload)).
 */
export function tonProofSignedBytes(
  address: Address,
  domain: string,
  timestampSeconds: number,
  payload: string,
): Buffer {
  const workchain = Buffer.alloc(4);
  workchain.writeInt32BE(address.workChain);
  const domainBytes = Buffer.from(domain, 'utf8');
  const domainLength = Buffer.alloc(4);
  domainLength.writeUInt32LE(domainBytes.length);
  const timestamp = Buffer.alloc(8);
  timestamp.writeBigUInt64LE(BigInt(timestampSeconds));
  const message = Buffer.concat([
    Buffer.from('ton-proof-item-v2/', 'utf8'),
    workchain,
    address.hash,
    domainLength,
    domainBytes,
    timestamp,
    Buffer.from(payload, 'utf8'),
  ]);
  const messageHash = createHash('sha256').update(message).digest();
  return createHash('sha256')
    .update(Buffer.concat([Buffer.from([0xff, 0xff]), Buffer.from('ton-connect', 'utf8'), messageHash]))
    .digest();
}

function ed25519Verify(publicKey: Buffer, data: Buffer, signature: Buffer) {
  try {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') },
      format: 'jwk',
    });
    return verify(null, data, key, signature);
  } catch {
    return false;
  }
}

const fail = (reason: TonProofFailure) => new AppError(401, TON_FAILED_MESSAGE, { reason });

/**
 * Checks a ton_proof as the TON Connect spec asks: network and domain allowed, timestamp fresh, the
 * public key read from the state init, the state init hashing to the claimed address, the Ed25519
 * signature, and last the payload: ours, unexpired and consumed atomically (a replay gets 401).
 */
export async function verifyTonProof(
  db: Executor,
  body: TonProofBody,
  policy: TonProofPolicy,
): Promise<VerifiedIdentity> {
  const { proof } = body;
  if (!policy.networks.includes(body.network)) throw fail('network');
  const domain = proof.domain.value;
  if (Buffer.byteLength(domain, 'utf8') !== proof.domain.lengthBytes) throw fail('domain');
  if (!policy.domains.has(domain.toLowerCase())) throw fail('domain');

  const timestamp = Number(proof.timestamp);
  const nowSeconds = Math.floor(policy.now.getTime() / 1000);
  if (!Number.isSafeInteger(timestamp)) throw fail('malformed');
  if (timestamp > nowSeconds + TON_FUTURE_SKEW_SECONDS) throw fail('future');
  if (nowSeconds - timestamp > policy.maxAgeSeconds) throw fail('expired');

  let address: Address;
  try {
    address = Address.parse(body.address);
  } catch {
    throw fail('malformed');
  }
  if (address.workChain !== 0 && address.workChain !== -1) throw fail('malformed');

  let init: StateInit;
  try {
    init = loadStateInit(Cell.fromBase64(proof.state_init).beginParse());
  } catch {
    throw fail('state-init');
  }
  const wallet = readWalletPublicKey(init);
  if (!wallet) throw fail('unsupported-wallet');
  if (!contractAddress(address.workChain, init).equals(address)) throw fail('state-init');
  if (body.public_key && body.public_key.toLowerCase() !== wallet.publicKey.toString('hex')) {
    throw fail('public-key');
  }

  const signature = Buffer.from(proof.signature, 'base64');
  if (signature.length !== 64) throw fail('signature');
  const signed = tonProofSignedBytes(address, domain, timestamp, proof.payload);
  if (!ed25519Verify(wallet.publicKey, signed, signature)) throw fail('signature');

  if (!(await consumeChallenge(db, 'ton_proof', proof.payload, policy.now))) throw fail('payload');

  return {
    provider: 'ton',
    subject: address.toRawString(),
    details: {
      address: address.toString({ bounceable: false, testOnly: body.network === '-3' }),
      network: body.network,
      wallet: wallet.version,
    },
  };
}
