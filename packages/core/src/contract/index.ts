import { authRoutes } from './auth.ts';
import { earningRoutes } from './earnings.ts';
import { identityRoutes } from './identity.ts';
import { kycRoutes } from './kyc.ts';
import { paymentRoutes } from './payments.ts';
import { storeRoutes } from './store.ts';
import { systemRoutes } from './system.ts';
import { transactionRoutes } from './transactions.ts';
import { userRoutes } from './users.ts';
import { walletRoutes } from './wallets.ts';

export * from './auth.ts';
export * from './earnings.ts';
export * from './envelope.ts';
export * from './identity.ts';
export * from './kyc.ts';
export * from './paths.ts';
export * from './payments.ts';
export * from './route.ts';
export * from './store.ts';
export * from './system.ts';
export * from './text.ts';
export * from './transactions.ts';
export * from './users.ts';
export * from './wallets.ts';

/** The route table: every endpoint that exists. The API mounts these; the OpenAPI document is made from them. */
// Marked pure so that screens importing one route group do not pull every schema into their chunk.
export const routes = /* @__PURE__ */ (() =>
  ({
    ...systemRoutes,
    ...authRoutes,
    ...identityRoutes,
    ...userRoutes,
    ...walletRoutes,
    ...storeRoutes,
    ...transactionRoutes,
    ...paymentRoutes,
    ...kycRoutes,
    ...earningRoutes,
  }) as const)();
export type Routes = typeof routes;
export type RouteName = keyof Routes;
