/**
 * The store module's public surface: what other modules may import from it (docs/adding-a-feature.md
 * "Rules"). Other modules import this file only, never the files behind it; the module registers itself
 * in module.ts.
 */
export {
  deliverStarsOrder,
  markStoreOrderRefunded,
  shoppingCountryOf,
  storeOrderById,
} from './store.ts';
