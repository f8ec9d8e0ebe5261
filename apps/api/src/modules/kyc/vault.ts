import { createHmac } from 'node:crypto';
import type { KycDocumentType } from '@khel/db/schema';
import {
  DecryptionError,
  envelopeDecrypt,
  envelopeEncrypt,
  type MasterKey,
} from '../../lib/envelope-crypto.ts';
import type { KycCheck } from './provider.ts';

/** Bound into both encryption layers: a record copied to another user or document type does not open. */
const recordContext = (userId: string, docType: KycDocumentType) => `kyc-document:${userId}:${docType}`;

const b64 = (b: Buffer) => b.toString('base64url');

/**
 * Where full KYC submissions are kept (DESIGN §5): envelope-encrypted with the master key
 * (`kyc_documents.ciphertext`, `v1:<master key id>:<sealed data key>:<sealed JSON>`), and found again
 * only by a keyed hash of the document number (`lookup_hash`, HMAC-SHA-256), never by the number.
 */
export class KycVault {
  constructor(
    private readonly masterKey: MasterKey,
    private readonly lookupKey: Buffer,
  ) {}

  seal(userId: string, check: KycCheck): string {
    const plaintext = Buffer.from(JSON.stringify(check), 'utf8');
    try {
      const sealed = envelopeEncrypt(this.masterKey, plaintext, recordContext(userId, check.docType));
      return `v1:${sealed.masterKeyId}:${b64(sealed.encryptedDataKey)}:${b64(sealed.ciphertext)}`;
    } finally {
      plaintext.fill(0);
    }
  }

  open(userId: string, docType: KycDocumentType, text: string): KycCheck {
    const [version, masterKeyId, dataKey, ciphertext, ...rest] = text.split(':');
    if (version !== 'v1' || !masterKeyId || !dataKey || !ciphertext || rest.length > 0)
      throw new DecryptionError('Not a KYC record');
    const plaintext = envelopeDecrypt(
      this.masterKey,
      {
        masterKeyId,
        encryptedDataKey: Buffer.from(dataKey, 'base64url'),
        ciphertext: Buffer.from(ciphertext, 'base64url'),
      },
      recordContext(userId, docType),
    );
    try {
      const check = JSON.parse(plaintext.toString('utf8')) as KycCheck;
      if (check.docType !== docType) throw new DecryptionError('KYC record of another document type');
      return check;
    } finally {
      plaintext.fill(0);
    }
  }

  /**
   * The keyed hash of what identifies a document: the PAN, the Aadhaar number, or the bank (its own
   * code, so a sub-member bank's accounts are not mixed with its sponsor's) and account number.
   */
  lookupHash(docType: KycDocumentType, identity: string): string {
    return createHmac('sha256', this.lookupKey).update(`khel:kyc:${docType}:${identity}`).digest('hex');
  }
}
