import { defineModule } from '../../lib/module.ts';
import { transactionsRouter } from './transactions.routes.ts';

/** The signed-in user's transaction history, read from the ledger (README.md). */
export const transactionsModule = defineModule({ name: 'transactions', routes: transactionsRouter });
