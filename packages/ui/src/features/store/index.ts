// @khel/ui/store: the K-Store (catalogue, buying an item, the purchase confirmation) and its requests.
export { isStillProcessing, useIntentKey, withConflictRetry } from '../../lib/intent.ts';
export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { getStoreItems, storeItemsQueryKey, useStoreItems } from './api/get-store-items.ts';
export { getStoreOrder, storeOrderQueryKey, useStoreOrder } from './api/get-store-order.ts';
export { purchaseItem, usePurchaseItem } from './api/purchase-item.ts';
export { PurchaseConfirmationScreen } from './components/purchase-confirmation-screen.tsx';
export { StoreScreen, type StoreScreenProps } from './components/store-screen.tsx';
