import type { TranslationShape } from './en.ts';

/**
 * English texts of the stars part: K-Cash packs and K-Store items paid in Telegram Stars in the Mini App, the
 * payment's progress and receipt, and the dev mock's stand-in for Telegram's payment sheet. Loaded with those
 * screens only (text-parts.ts), not with the website's money screens.
 */
export const starsEn = {
  title: 'Buy K-Cash with Stars',
  intro:
    'Pay with Telegram Stars, right here in Telegram. Bought K-Cash is for the K-Store and Klash; it cannot be collected as earnings.',
  packsTitle: 'K-Cash packs',
  price: '{{stars}} ⭐',
  buyPack: 'Buy {{kcash}} for {{stars}} Stars',
  loadFailed: 'The packs could not be loaded.',
  none: 'No packs are on sale right now.',
  opening: 'Opening the payment in Telegram…',
  confirming: 'Payment received. Adding it to your account…',
  cancelled: 'Payment cancelled. You have not been charged.',
  failed: 'The payment did not go through. You have not been charged.',
  pending: 'Telegram is still processing your payment. Your balance updates once it is confirmed.',
  refunded: 'This item sold out just before your payment: your Stars have been refunded.',
  receiptTitle: 'Payment complete!',
  receiptGain: '+{{kcash}}',
  receiptPaid: 'Paid',
  receiptBought: 'Bought',
  receiptItem: 'Item',
  buyMore: 'Buy more',
  storeTitle: 'Pay with Telegram Stars',
  storeHint: 'One item, paid in Telegram. The code is on your receipt.',
  storeBuy: 'Buy for {{stars}} ⭐',
  sandboxTitle: 'Sandbox payment',
  sandboxText: 'No bot token is set: this stands in for Telegram’s payment sheet.',
  sandboxPay: 'Pay {{stars}} ⭐',
  sandboxCancel: 'Cancel',
};

export type StarsTranslation = TranslationShape<typeof starsEn>;
