export {
  getKycStatus,
  hasPendingDocument,
  kycStatusQueryKey,
  kycStatusQueryOptions,
  useKycStatus,
} from './api/get-kyc-status.ts';
export { subscribeKycStatus, useKycStatusStream } from './api/kyc-status-stream.ts';
export { verifyAadhaar, verifyBank, verifyPan } from './api/verify-documents.ts';
export { KycScreen } from './components/kyc-screen.tsx';
