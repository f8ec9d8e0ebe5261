import { defineModule } from '../../lib/module.ts';
import { kycRouter } from './kyc.routes.ts';
import { kycCheckJob } from './kyc-check-job.ts';
import { createKycServices, KYC_CHECK_JOB, type KycServices } from './kyc-service.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** Indian KYC: the provider (a sandbox outside production) and the vault that encrypts submissions. */
    kyc: KycServices;
  }
}

/** Indian KYC: PAN, Aadhaar and bank checks, the encrypted vault, the check job, the event stream (README.md). */
export const kycModule = defineModule({
  name: 'kyc',
  routes: kycRouter,
  createDeps: ({ env, masterKey, secrets }) => ({
    kyc: createKycServices(env, masterKey, secrets.kycLookupKey),
  }),
  jobHandlers: { [KYC_CHECK_JOB]: kycCheckJob },
});
