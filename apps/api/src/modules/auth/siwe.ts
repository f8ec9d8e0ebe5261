import { SIWE_FAILED_MESSAGE } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { getAddress, type Hex, isAddress, verifyMessage } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { AppError } from '../../lib/http.ts';
import { consumeChallenge, issueChallenge, randomAlphanumeric } from './auth-challenges.ts';
import type { VerifiedIdentity } from './identities.ts';

export { SIWE_FAILED_MESSAGE };

/** A nonce is valid for 10 minutes and once. */
export const SIWE_NONCE_TTL_MS = 10 * 60 * 1000;
/** Clock skew tolerated for an `Issued At` slightly ahead of ours. */
export const SIWE_FUTURE_SKEW_MS = 60 * 1000;

export type SiweFailure =
  | 'malformed'
  | 'domain'
  | 'uri'
  | 'chain'
  | 'expired'
  | 'not-yet-valid'
  | 'issued-in-future'
  | 'signature'
  | 'nonce';

export interface SiwePolicy {
  /** Origins of our own sites (scheme://host[:port]); the message's domain and URI must be one of them. */
  origins: ReadonlySet<string>;
  chainIds: readonly number[];
  now: Date;
}

export async function issueSiweNonce(db: Executor, now: Date) {
  // EIP-4361: at least 8 alphanumeric characters; 24 from the CSPRNG is ~143 bits.
  const nonce = randomAlphanumeric(24);
  await issueChallenge(db, 'siwe', nonce, SIWE_NONCE_TTL_MS, now);
  return { nonce, expiresIn: SIWE_NONCE_TTL_MS / 1000 };
}

/**
 * The whole message, anchored: viem's parser tolerates text around the fields, but the signature
 * covers every byte, so nothing may be there that we did not read (EIP-4361 ABNF layout).
 */
const MESSAGE_SHAPE = new RegExp(
  [
    '^(?:(?<scheme>[a-zA-Z][a-zA-Z0-9+.-]*)://)?(?<domain>[^\\s/?#]+) wants you to sign in with your Ethereum account:\\n',
    '(?<address>0x[a-fA-F0-9]{40})\\n\\n',
    '(?:(?<statement>[^\\n]+)\\n\\n|\\n)?',
    'URI: (?<uri>[^\\n]+)\\n',
    'Version: 1\\n',
    'Chain ID: (?<chainId>[1-9]\\d{0,15})\\n',
    'Nonce: (?<nonce>[a-zA-Z0-9]{8,})\\n',
    'Issued At: (?<issuedAt>[^\\n]+)',
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]+))?',
    '(?:\\nNot Before: (?<notBefore>[^\\n]+))?',
    '(?:\\nRequest ID: (?<requestId>[^\\n]*))?',
    '(?:\\nResources:(?<resources>(?:\\n- [^\\n]+)*))?$',
  ].join(''),
);

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/;

/**
 * RFC 3339 date-time, checked on the calendar: `new Date('2022-02-31T…')` silently becomes 3 March,
 * which would let an impossible expiry pass.
 */
export function parseRfc3339(value: string): Date | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  if (m[9] !== undefined && (Number(m[9]) > 23 || Number(m[10]) > 59)) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface SiweFields {
  address: `0x${string}`;
  chainId: number;
  nonce: string;
  domain: string;
  uri: string;
}

/** Every check that needs no signature and no database (pure, for the published test vectors too). */
export function checkSiweMessage(
  message: string,
  policy: SiwePolicy,
): { ok: true; fields: SiweFields } | { ok: false; reason: SiweFailure } {
  const shape = MESSAGE_SHAPE.exec(message)?.groups;
  if (!shape) return { ok: false, reason: 'malformed' };
  const parsed = parseSiweMessage(message);
  // Both readings must agree; a disagreement means a message crafted to be read two ways.
  if (
    parsed.address !== shape.address ||
    parsed.domain !== shape.domain ||
    parsed.nonce !== shape.nonce ||
    parsed.uri !== shape.uri ||
    parsed.chainId !== Number(shape.chainId) ||
    parsed.version !== '1'
  ) {
    return { ok: false, reason: 'malformed' };
  }
  const address = shape.address as `0x${string}`;
  if (!isAddress(address, { strict: true })) return { ok: false, reason: 'malformed' };

  const issuedAt = parseRfc3339(shape.issuedAt!);
  const expirationTime = shape.expirationTime === undefined ? null : parseRfc3339(shape.expirationTime);
  const notBefore = shape.notBefore === undefined ? null : parseRfc3339(shape.notBefore);
  if (!issuedAt || (shape.expirationTime !== undefined && !expirationTime))
    return { ok: false, reason: 'malformed' };
  if (shape.notBefore !== undefined && !notBefore) return { ok: false, reason: 'malformed' };

  const domain = shape.domain!.toLowerCase();
  const hosts = new Set([...policy.origins].map((o) => new URL(o).host));
  if (!hosts.has(domain)) return { ok: false, reason: 'domain' };
  if (shape.scheme && !policy.origins.has(`${shape.scheme.toLowerCase()}://${domain}`)) {
    return { ok: false, reason: 'domain' };
  }
  let uriOrigin: string;
  try {
    uriOrigin = new URL(shape.uri!).origin;
  } catch {
    return { ok: false, reason: 'uri' };
  }
  if (!policy.origins.has(uriOrigin)) return { ok: false, reason: 'uri' };

  const chainId = Number(shape.chainId);
  if (!policy.chainIds.includes(chainId)) return { ok: false, reason: 'chain' };

  const now = policy.now.getTime();
  if (issuedAt.getTime() > now + SIWE_FUTURE_SKEW_MS) return { ok: false, reason: 'issued-in-future' };
  if (expirationTime && now >= expirationTime.getTime()) return { ok: false, reason: 'expired' };
  if (notBefore && now < notBefore.getTime()) return { ok: false, reason: 'not-yet-valid' };

  return { ok: true, fields: { address, chainId, nonce: shape.nonce!, domain, uri: shape.uri! } };
}

/**
 * An EOA's personal_sign signature of the message. Contract wallets (ERC-1271/6492) need a chain
 * RPC to ask the contract, which this server does not have, so they are refused.
 */
export async function checkSiweSignature(message: string, signature: string, address: `0x${string}`) {
  // 65 bytes: r, s and v. Longer ones are ERC-6492 wrappers or garbage.
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false;
  try {
    return await verifyMessage({ address, message, signature: signature as Hex });
  } catch {
    return false;
  }
}

const fail = (reason: SiweFailure) => new AppError(401, SIWE_FAILED_MESSAGE, { reason });

/**
 * Verifies a Sign-In with Ethereum message end to end: layout, domain and URI ours, chain allowed,
 * time window, EOA signature, then the nonce consumed atomically (a replay gets 401).
 */
export async function verifySiwe(
  db: Executor,
  message: string,
  signature: string,
  policy: SiwePolicy,
): Promise<VerifiedIdentity> {
  const checked = checkSiweMessage(message, policy);
  if (!checked.ok) throw fail(checked.reason);
  const { address, chainId, nonce } = checked.fields;
  if (!(await checkSiweSignature(message, signature, address))) throw fail('signature');
  if (!(await consumeChallenge(db, 'siwe', nonce, policy.now))) throw fail('nonce');
  return { provider: 'evm', subject: getAddress(address), details: { chainId: String(chainId) } };
}
