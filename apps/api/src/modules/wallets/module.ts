import { defineModule } from '../../lib/module.ts';
import { CustodialWalletService, ensureCustodialWalletHook } from './custodial-wallet.ts';
import { walletsRouter } from './wallets.routes.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** Custodial EVM wallets (keys envelope-encrypted with the wallet master key). */
    wallets: CustodialWalletService;
  }
}

/** Each account's custodial EVM wallet: created on first sign-in, balances, gas fee, withdrawals (README.md). */
export const walletsModule = defineModule({
  name: 'wallets',
  routes: walletsRouter,
  createDeps: ({ db, masterKey, logger }) => ({ wallets: new CustodialWalletService(db, masterKey, logger) }),
  firstSignInHooks: [ensureCustodialWalletHook],
});
