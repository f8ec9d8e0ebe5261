// Entry of the Mini App's Stars screens (its own chunk): K-Cash packs and store items paid in Telegram Stars.

export {
  type InvoiceOutcome,
  type OpenInvoice,
  payStarsSandbox,
  useStarsCheckout,
} from './api/stars.ts';
export { StarsBuyKcashScreen, type StarsBuyKcashScreenProps } from './components/stars-buy-screen.tsx';
export { StarsItemPurchase, StarsReceipt } from './components/stars-checkout.tsx';
