import { defineModule } from '../../lib/module.ts';
import { ensureLedgerAccountsHook } from './accounts.ts';

/**
 * The double-entry core (README.md): no routes; other modules call it through index.ts
 * (ledger.ts is also published as `@khel/api/ledger`).
 */
export const ledgerModule = defineModule({ name: 'ledger', firstSignInHooks: [ensureLedgerAccountsHook] });
