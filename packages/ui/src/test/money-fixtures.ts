import {
  money,
  type StoreItem,
  type StoreOrder,
  type TransactionLine,
  type WalletBalance,
} from '@khel/core/contract';
import { fakeApi } from './fake-api.ts';

/** Sample money data for the money screens' tests. */
export const BALANCE = (over: Partial<Record<keyof WalletBalance, bigint>> = {}): WalletBalance => {
  const bought = over.kcashBought ?? 2_000_000n;
  const earned = over.kcashEarned ?? 5_000_000n;
  return {
    usdt: money(over.usdt ?? 3_500_000n, 'USDT'),
    kcashBought: money(bought, 'KCASH'),
    kcashEarned: money(earned, 'KCASH'),
    kcashTotal: money(bought + earned, 'KCASH'),
    rkhel: money(over.rkhel ?? 0n, 'RKHEL'),
    kpoints: money(over.kpoints ?? 120n, 'KPOINTS'),
  };
};

export const ITEM: StoreItem = {
  id: '6b0c4a52-1f7e-4d6c-9a1b-3e2f5d7c8a90',
  sku: 'game-bgmi-uc-325',
  name: 'BGMI 325 UC',
  description: 'Unknown Cash for Battlegrounds Mobile India.',
  category: 'game_currency',
  prices: { kcash: money(4_500_000n, 'KCASH'), rkhel: money(45_000_000n, 'RKHEL'), stars: 360 },
  stock: 3,
  inStock: true,
  regions: ['IN'],
  translations: { hi: { name: 'BGMI 325 UC (हिंदी)' }, 'pt-BR': {} },
};

export const ORDER: StoreOrder = {
  id: '0d2f6a8e-5b1c-4e7a-9f3d-2c8b6a4e1f07',
  status: 'completed',
  item: { id: ITEM.id, name: ITEM.name, category: ITEM.category },
  quantity: 1,
  currency: 'KCASH',
  rail: 'balance',
  unitPrice: money(4_500_000n, 'KCASH'),
  total: money(4_500_000n, 'KCASH'),
  paid: {
    kcashBought: money(2_000_000n, 'KCASH'),
    kcashEarned: money(2_500_000n, 'KCASH'),
    rkhel: money(0n, 'RKHEL'),
    stars: money(0n, 'XTR'),
  },
  redemptionCode: 'KHEL-7QX2-M9TB-4HZR-WK3D',
  createdAt: '2026-03-15T04:30:00.000Z',
};

export const LINES: TransactionLine[] = [
  {
    id: '12-out',
    type: 'shop',
    kind: 'store_purchase',
    label: 'Bought 2 × BGMI 325 UC in the K-Store',
    labelKey: 'transactions.label.storePurchase.out',
    labelParams: { currency: 'K-Cash', itemName: 'BGMI 325 UC', quantity: '2' },
    direction: 'out',
    amount: money(9_000_000n, 'KCASH'),
    balance: 'kcashBought',
    balanceAfter: money(850_000n, 'KCASH'),
    reference: { orderId: ORDER.id },
    createdAt: '2026-03-15T04:30:00.000Z',
  },
  {
    id: '11-in',
    type: 'onramp',
    kind: 'onramp_deposit',
    label: 'Bought K-Cash',
    labelKey: 'transactions.label.onrampDeposit.in',
    labelParams: { currency: 'K-Cash' },
    direction: 'in',
    amount: money(9_850_000n, 'KCASH'),
    balance: 'kcashBought',
    balanceAfter: money(9_850_000n, 'KCASH'),
    reference: {},
    createdAt: '2026-03-15T04:00:00.000Z',
  },
];

/** A signed-in session for screens that ask the user's data. */
export function signedIn() {
  const api = fakeApi({});
  api.session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  return api;
}

/** The text of server-rendered markup, entities decoded and spaces collapsed. */
export const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');
