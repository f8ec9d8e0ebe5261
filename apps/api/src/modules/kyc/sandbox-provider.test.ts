import { randomBytes } from 'node:crypto';
import { verhoeffCheckDigit } from '@khel/core/validation';
import { describe, expect, it } from 'vitest';
import { SANDBOX_OTHER_REGISTRY_NAME, SandboxKycProvider } from './sandbox-provider.ts';
import { KycVault } from './vault.ts';

const sandbox = new SandboxKycProvider({ delayMs: 2_000 });
const aadhaar = (body: string) => `${body}${verhoeffCheckDigit(body)}`;

describe('SandboxKycProvider (documented rules)', () => {
  it('answers after the configured delay with a sandbox reference', async () => {
    const sent = await sandbox.submit({ docType: 'pan', pan: 'ABCPE1234F', name: 'Ravi Kumar' });
    expect(sent.resultAfterMs).toBe(2_000);
    expect(sent.providerRef).toMatch(/^sbkyc_[0-9a-f]{24}$/);
  });

  it('PAN: the registry holds the submitted name, except digits 9999 (another name) and 0000 (not found)', async () => {
    expect(await sandbox.result({ docType: 'pan', pan: 'ABCPE1234F', name: 'Ravi Kumar' }, 'x')).toEqual({
      outcome: 'found',
      nameOnRecord: 'Ravi Kumar',
    });
    expect(await sandbox.result({ docType: 'pan', pan: 'ABCPE9999F', name: 'Ravi Kumar' }, 'x')).toEqual({
      outcome: 'found',
      nameOnRecord: SANDBOX_OTHER_REGISTRY_NAME,
    });
    expect(await sandbox.result({ docType: 'pan', pan: 'ABCPE0000F', name: 'Ravi Kumar' }, 'x')).toEqual({
      outcome: 'rejected',
      reason: 'panNotFound',
    });
    expect(await sandbox.result({ docType: 'pan', pan: 'ABCCE1234F', name: 'Acme' }, 'x')).toEqual({
      outcome: 'rejected',
      reason: 'panNotIndividual',
    });
  });

  it('Aadhaar: numbers starting 9999 are not found, others are', async () => {
    expect(await sandbox.result({ docType: 'aadhaar', aadhaar: '999941057058' }, 'x')).toEqual({
      outcome: 'rejected',
      reason: 'aadhaarNotFound',
    });
    expect(await sandbox.result({ docType: 'aadhaar', aadhaar: aadhaar('23456789012') }, 'x')).toEqual({
      outcome: 'found',
      nameOnRecord: null,
    });
  });

  it('bank: accounts ending 0000 are closed; otherwise the bank holds the submitted holder name', async () => {
    const check = { docType: 'bank' as const, ifsc: 'SBIN0000691', holderName: 'Ravi Kumar' };
    expect(await sandbox.result({ ...check, accountNumber: '123456780000' }, 'x')).toEqual({
      outcome: 'rejected',
      reason: 'bankAccountClosed',
    });
    expect(await sandbox.result({ ...check, accountNumber: '123456781234' }, 'x')).toEqual({
      outcome: 'found',
      nameOnRecord: 'Ravi Kumar',
    });
  });

  it('refuses malformed checks like a real provider, without the number in the error', async () => {
    const cases = [
      { docType: 'pan' as const, pan: 'ABCPE1234', name: 'x' },
      { docType: 'aadhaar' as const, aadhaar: '234567890125' },
      { docType: 'bank' as const, accountNumber: '12345678', ifsc: 'SBIN0000691', holderName: 'x' },
      { docType: 'bank' as const, accountNumber: '123456789', ifsc: 'ZZZZ0000001', holderName: 'x' },
    ];
    for (const check of cases) {
      await expect(sandbox.submit(check)).rejects.toThrow(/malformed/);
      const err = await sandbox.result(check, 'x').catch((e: Error) => e);
      expect(String(err)).not.toMatch(/\d{8}/);
    }
  });
});

describe('KycVault', () => {
  const vault = new KycVault({ id: 'test-key', key: randomBytes(32) }, randomBytes(32));
  const check = { docType: 'aadhaar' as const, aadhaar: aadhaar('23456789012') };

  it('seals the submission so that only its owner and document type open it', () => {
    const sealed = vault.seal('user-1', check);
    expect(sealed).toMatch(/^v1:test-key:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain(check.aadhaar);
    expect(vault.open('user-1', 'aadhaar', sealed)).toEqual(check);
    expect(() => vault.open('user-2', 'aadhaar', sealed)).toThrow();
    expect(() => vault.open('user-1', 'pan', sealed)).toThrow();
    // Flip one bit of the last ciphertext byte: a certain change (rewriting the last base64url
    // characters is not one: they may already hold those values, or carry only padding bits).
    const parts = sealed.split(':');
    const bytes = Buffer.from(parts.at(-1)!, 'base64url');
    bytes[bytes.length - 1]! ^= 0x01;
    const tampered = [...parts.slice(0, -1), bytes.toString('base64url')].join(':');
    expect(tampered).not.toBe(sealed);
    expect(() => vault.open('user-1', 'aadhaar', tampered)).toThrow();
    expect(vault.seal('user-1', check)).not.toBe(sealed);
  });

  it('hashes document numbers with its key: stable, per type, and not the number', () => {
    const h = vault.lookupHash('aadhaar', check.aadhaar);
    expect(h).toMatch(/^[0-9a-f]{64}$/);
    expect(vault.lookupHash('aadhaar', check.aadhaar)).toBe(h);
    expect(vault.lookupHash('pan', check.aadhaar)).not.toBe(h);
    const other = new KycVault({ id: 'test-key', key: randomBytes(32) }, randomBytes(32));
    expect(other.lookupHash('aadhaar', check.aadhaar)).not.toBe(h);
  });
});
