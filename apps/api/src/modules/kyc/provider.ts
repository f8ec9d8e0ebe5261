import type { KycRejectionKey } from '@khel/core/contract';

/**
 * A KYC provider (DESIGN §5, §8): checks a PAN against the Income Tax registry, an Aadhaar number
 * with UIDAI, a bank account with its bank (penny drop). Checks are asynchronous: `submit` hands a
 * document over and says when to ask again; the `kyc.check` job (modules/kyc/kyc-service.ts) calls
 * `result` then and applies the decision. Our own rules (individual PAN only, the bank account in the
 * PAN holder's name) are applied by the service to what the provider reports, not by the provider.
 *
 * What is sent to a provider is the full document: it never goes into a job payload, a log line or an
 * error message (the job decrypts it from the row when it runs).
 */
export type KycCheck =
  | { docType: 'pan'; pan: string; name: string }
  | { docType: 'aadhaar'; aadhaar: string }
  | { docType: 'bank'; accountNumber: string; ifsc: string; holderName: string };

export type KycProviderResult =
  /** The registry knows the document. `nameOnRecord`: the name the registry or bank holds (PAN, bank). */
  | { outcome: 'found'; nameOnRecord: string | null }
  /** The registry turned it down; `reason` is one of KYC_REJECTION_REASONS. */
  | { outcome: 'rejected'; reason: KycRejectionKey };

export interface KycSubmission {
  /** The provider's id of this check. */
  providerRef: string;
  /** When the answer can be asked for, from now. */
  resultAfterMs: number;
}

export interface KycProvider {
  /** Stored in `kyc_documents.provider`. */
  readonly name: string;
  submit(check: KycCheck): Promise<KycSubmission>;
  /** The answer for a submitted check, or null while the provider is still working on it (asked again later). */
  result(check: KycCheck, providerRef: string): Promise<KycProviderResult | null>;
}
