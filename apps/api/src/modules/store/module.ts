import { defineModule } from '../../lib/module.ts';
import { storeRouter } from './store.routes.ts';

/** The K-Store: catalogue, purchases paid from the ledger, orders (README.md). */
export const storeModule = defineModule({ name: 'store', routes: storeRouter });
