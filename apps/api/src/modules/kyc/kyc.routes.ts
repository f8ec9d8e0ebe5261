import { kycRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mountEventStream } from '../../lib/event-stream.ts';
import { mount } from '../../lib/route.ts';
import { streamKycStatus } from './kyc-events.ts';
import { getKycStatus, submitAadhaar, submitBank, submitPan } from './kyc-service.ts';

const SUBMITTED = 'Submitted for verification';

/**
 * Indian KYC (modules/kyc/): PAN, Aadhaar and bank submissions answer 202 `pending`; the provider's
 * decision lands later through the `kyc.check` job, and GET /kyc/verification-check streams it.
 */
export function kycRouter() {
  const app = new Hono<AppEnv>();

  mount(app, kycRoutes.kycStatus, async ({ c }) => ({
    data: await getKycStatus(c.get('deps'), c.get('userId')),
  }));

  mount(app, kycRoutes.kycVerifyPan, async ({ c, body }) => ({
    data: await submitPan(c.get('deps'), c.get('userId'), body),
    message: SUBMITTED,
  }));

  mount(app, kycRoutes.kycVerifyAadhaar, async ({ c, body }) => ({
    data: await submitAadhaar(c.get('deps'), c.get('userId'), body),
    message: SUBMITTED,
  }));

  mount(app, kycRoutes.kycVerifyBank, async ({ c, body }) => ({
    data: await submitBank(c.get('deps'), c.get('userId'), body, 'verify'),
    message: SUBMITTED,
  }));

  mount(app, kycRoutes.kycUpdateBank, async ({ c, body }) => ({
    data: await submitBank(c.get('deps'), c.get('userId'), body, 'update'),
    message: SUBMITTED,
  }));

  mountEventStream(app, kycRoutes.kycVerificationCheck, async ({ c, stream }) => {
    await streamKycStatus(c.get('deps'), c.get('userId'), stream);
  });

  return app;
}
