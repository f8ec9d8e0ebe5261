import { randomBytes } from 'node:crypto';
import { isIndividualPan, isValidAadhaar, isValidPan } from '@khel/core/validation';
import { isKnownIfsc } from './ifsc.ts';
import type { KycCheck, KycProvider, KycProviderResult } from './provider.ts';

/** The name the sandbox registry holds for a PAN whose digits are 9999 (so the name never matches). */
export const SANDBOX_OTHER_REGISTRY_NAME = 'Sandbox Registry Holder';

/**
 * The SANDBOX KYC provider: reaches no registry and no bank. It applies the real formats and
 * checksums (PAN pattern and holder letter, Aadhaar Verhoeff, IFSC in razorpay's data), answers after
 * `delayMs` (KYC_SANDBOX_DELAY_MS: 2 s by default, 0 in tests), and decides by rules testers can use
 * (apps/api/README.md, "KYC"):
 *
 * - PAN with digits 9999 (e.g. ABCPE9999F): the registry holds another name → name mismatch.
 * - PAN with digits 0000 (e.g. ABCPE0000F): no such PAN.
 * - PAN whose 4th letter is not P: not an individual (the API already refuses these with a 400).
 * - Any other PAN: the registry holds the name that was submitted.
 * - Aadhaar starting 9999 (e.g. UIDAI's test number 9999 4105 7058): no such Aadhaar.
 * - Bank account ending 0000: the account is closed.
 * - Any other account: the bank holds the holder name that was submitted (the service then matches
 *   it with the PAN's name).
 */
export class SandboxKycProvider implements KycProvider {
  readonly name = 'sandbox';

  constructor(private readonly options: { delayMs: number }) {}

  async submit(check: KycCheck) {
    assertWellFormed(check);
    return { providerRef: `sbkyc_${randomBytes(12).toString('hex')}`, resultAfterMs: this.options.delayMs };
  }

  async result(check: KycCheck, _providerRef: string): Promise<KycProviderResult> {
    assertWellFormed(check);
    switch (check.docType) {
      case 'pan': {
        if (!isIndividualPan(check.pan)) return { outcome: 'rejected', reason: 'panNotIndividual' };
        const digits = check.pan.slice(5, 9);
        if (digits === '0000') return { outcome: 'rejected', reason: 'panNotFound' };
        return {
          outcome: 'found',
          nameOnRecord: digits === '9999' ? SANDBOX_OTHER_REGISTRY_NAME : check.name,
        };
      }
      case 'aadhaar':
        if (check.aadhaar.startsWith('9999')) return { outcome: 'rejected', reason: 'aadhaarNotFound' };
        return { outcome: 'found', nameOnRecord: null };
      case 'bank':
        if (check.accountNumber.endsWith('0000')) return { outcome: 'rejected', reason: 'bankAccountClosed' };
        return { outcome: 'found', nameOnRecord: check.holderName };
    }
  }
}

/** A real provider refuses malformed requests; so does the sandbox (a bug of ours if it ever happens). */
function assertWellFormed(check: KycCheck) {
  const ok =
    check.docType === 'pan'
      ? isValidPan(check.pan)
      : check.docType === 'aadhaar'
        ? isValidAadhaar(check.aadhaar)
        : /^\d{9,18}$/.test(check.accountNumber) && isKnownIfsc(check.ifsc);
  // The message names the document type only, never the number.
  if (!ok) throw new Error(`sandbox KYC provider: malformed ${check.docType} check`);
}
