import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// Envelope encryption (AES-256-GCM data keys under a master key), shared by the API (custodial wallets, KYC
// documents) and the notifier (Web Push subscription keys). apps/api/src/lib/envelope-crypto.ts re-exports it.

/** A key-encryption key: 32 bytes for AES-256-GCM, with the id stored next to what it protects. */
export interface MasterKey {
  id: string;
  key: Buffer;
}

export interface EnvelopeCiphertext {
  /** The data key, sealed with the master key (iv | tag | ciphertext). */
  encryptedDataKey: Buffer;
  /** The plaintext, sealed with the data key (iv | tag | ciphertext). */
  ciphertext: Buffer;
  masterKeyId: string;
}

export class DecryptionError extends Error {
  constructor(message = 'Decryption failed') {
    super(message);
    this.name = 'DecryptionError';
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** AES-256-GCM with a random 96-bit IV; `aad` binds the ciphertext to its context (tampering with either fails). */
export function seal(key: Buffer, plaintext: Buffer, aad: string): Buffer {
  if (key.length !== KEY_BYTES) throw new Error('AES-256-GCM needs a 32-byte key');
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Buffer, aad: string): Buffer {
  if (key.length !== KEY_BYTES) throw new Error('AES-256-GCM needs a 32-byte key');
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new DecryptionError();
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new DecryptionError();
  }
}

const dataKeyAad = (masterKeyId: string, context: string) => `khel:data-key:v1:${masterKeyId}:${context}`;
const payloadAad = (context: string) => `khel:payload:v1:${context}`;

/**
 * Envelope encryption: a fresh 256-bit data key per record encrypts the plaintext, and the master key
 * encrypts the data key. `context` (e.g. the owner's id) is authenticated with both layers, so a
 * record copied onto another row does not decrypt.
 */
export function envelopeEncrypt(master: MasterKey, plaintext: Buffer, context: string): EnvelopeCiphertext {
  const dataKey = randomBytes(KEY_BYTES);
  try {
    return {
      encryptedDataKey: seal(master.key, dataKey, dataKeyAad(master.id, context)),
      ciphertext: seal(dataKey, plaintext, payloadAad(context)),
      masterKeyId: master.id,
    };
  } finally {
    dataKey.fill(0);
  }
}

/** Opens an envelope; throws DecryptionError on a wrong master key, a wrong context or any tampering. */
export function envelopeDecrypt(master: MasterKey, record: EnvelopeCiphertext, context: string): Buffer {
  if (record.masterKeyId !== master.id) {
    throw new DecryptionError(`Encrypted with master key "${record.masterKeyId}", which is not loaded`);
  }
  const dataKey = open(master.key, record.encryptedDataKey, dataKeyAad(master.id, context));
  try {
    return open(dataKey, record.ciphertext, payloadAad(context));
  } finally {
    dataKey.fill(0);
  }
}
