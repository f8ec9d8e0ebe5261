// Entry of the Mini App's "Pay with TON" card: imported only by its lazy TON Connect chunk
// (apps/miniapp/src/ton/ton-pay.tsx), so none of it is in the /buy-kcash/ screen's own download.

export { TonPayCard, TonPayDeclined, type TonPayWallet } from './components/ton-pay.tsx';
