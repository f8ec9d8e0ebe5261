import { defineModule } from '../../lib/module.ts';
import { earningsRouter } from './earnings.routes.ts';
import { EARNING_EXPIRY_JOB, expireEarningJob } from './earnings.ts';
import { PAYOUT_JOB, processPayoutJob } from './payouts.ts';

/** Earnings: grants, expiry, collecting with Indian TDS, and the payouts that follow (README.md). */
export const earningsModule = defineModule({
  name: 'earnings',
  routes: earningsRouter,
  jobHandlers: { [EARNING_EXPIRY_JOB]: expireEarningJob, [PAYOUT_JOB]: processPayoutJob },
});
