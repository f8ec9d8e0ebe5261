import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import {
  DecryptionError,
  envelopeDecrypt,
  envelopeEncrypt,
  loadWalletMasterKey,
  type MasterKey,
} from './envelope-crypto.ts';

const master: MasterKey = { id: 'test-master', key: randomBytes(32) };
const secret = randomBytes(32);

describe('envelope encryption (AES-256-GCM, a fresh data key per record)', () => {
  it('round-trips, and never shows the plaintext or reuses a data key', () => {
    const a = envelopeEncrypt(master, secret, 'user-1');
    const b = envelopeEncrypt(master, secret, 'user-1');
    expect(envelopeDecrypt(master, a, 'user-1').equals(secret)).toBe(true);
    expect(a.masterKeyId).toBe('test-master');
    expect(a.ciphertext.includes(secret)).toBe(false);
    expect(a.encryptedDataKey.includes(secret)).toBe(false);
    // Random IVs and data keys: the same secret encrypts differently every time.
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(a.encryptedDataKey.equals(b.encryptedDataKey)).toBe(false);
    // 12-byte IV + 16-byte tag + 32-byte payload.
    expect(a.ciphertext.length).toBe(60);
    expect(a.encryptedDataKey.length).toBe(60);
  });

  it('any flipped bit in either layer fails decryption', () => {
    const sealed = envelopeEncrypt(master, secret, 'user-1');
    fc.assert(
      fc.property(
        fc.constantFrom('ciphertext' as const, 'encryptedDataKey' as const),
        fc.nat(59),
        fc.integer({ min: 0, max: 7 }),
        (part, index, bit) => {
          const copy = { ...sealed, [part]: Buffer.from(sealed[part]) };
          copy[part][index]! ^= 1 << bit;
          expect(() => envelopeDecrypt(master, copy, 'user-1')).toThrow(DecryptionError);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('a wrong master key, another key id, another owner or a truncated record fails', () => {
    const sealed = envelopeEncrypt(master, secret, 'user-1');
    expect(() => envelopeDecrypt({ id: 'test-master', key: randomBytes(32) }, sealed, 'user-1')).toThrow(
      DecryptionError,
    );
    expect(() => envelopeDecrypt({ id: 'other', key: master.key }, sealed, 'user-1')).toThrow(/not loaded/);
    expect(() => envelopeDecrypt(master, sealed, 'user-2')).toThrow(DecryptionError);
    expect(() =>
      envelopeDecrypt(master, { ...sealed, ciphertext: sealed.ciphertext.subarray(0, 20) }, 'user-1'),
    ).toThrow(DecryptionError);
  });
});

describe('the wallet master key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'khel-master-key-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('comes from WALLET_MASTER_KEY (32 bytes, base64) with its id', () => {
    const key = randomBytes(32);
    const loaded = loadWalletMasterKey(
      loadEnv({
        DATA_DIR: tempDir(),
        WALLET_MASTER_KEY: key.toString('base64'),
        WALLET_MASTER_KEY_ID: 'kms-2026',
      }),
    );
    expect(loaded.id).toBe('kms-2026');
    expect(loaded.key.equals(key)).toBe(true);
    expect(() => loadEnv({ WALLET_MASTER_KEY: randomBytes(16).toString('base64') })).toThrow(
      /WALLET_MASTER_KEY/,
    );
  });

  it('is required in production', () => {
    expect(() => loadWalletMasterKey(loadEnv({ NODE_ENV: 'production', DATA_DIR: tempDir() }))).toThrow(
      'WALLET_MASTER_KEY must be set in production',
    );
  });

  it('outside production a development key is generated once under DATA_DIR/keys, readable only by its owner', () => {
    const dir = tempDir();
    const env = loadEnv({ NODE_ENV: 'development', DATA_DIR: dir });
    const first = loadWalletMasterKey(env);
    const second = loadWalletMasterKey(env);
    expect(first.key.length).toBe(32);
    expect(second.key.equals(first.key)).toBe(true);
    expect(second.id).toBe(first.id);
    const file = join(dir, 'keys', 'wallet-master-key.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8')).key).toBe(first.key.toString('base64'));
  });
});
