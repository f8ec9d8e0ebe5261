// Entry of /purchase-confirmation (its own chunk).
export { PurchaseConfirmationScreen } from './components/purchase-confirmation-screen.tsx';
