import { allRoutes, defineModule } from '../../lib/module.ts';
import { paymentsRouter } from './payments.routes.ts';
import { DEPOSIT_REFUND_JOB, refundDepositJob } from './refunds.ts';
import { sandboxCheckoutRouter } from './sandbox-checkout.routes.ts';

/** Buying K-Cash: quotes, deposits, the provider webhook, refunds, the swap, the sandbox checkout (README.md). */
export const paymentsModule = defineModule({
  name: 'payments',
  routes: allRoutes(paymentsRouter, sandboxCheckoutRouter),
  jobHandlers: { [DEPOSIT_REFUND_JOB]: refundDepositJob },
});
