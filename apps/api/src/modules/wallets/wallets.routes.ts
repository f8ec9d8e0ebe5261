import { type BalanceKey, money, walletRoutes } from '@khel/core/contract';
import type { UserAccountKind } from '@khel/db/schema';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { balances, ensureUserAccounts, systemAccount, transfer, userAccount } from '../ledger/index.ts';

export const ACCOUNT_KIND_OF_BALANCE = {
  usdt: 'user_usdt',
  kcashBought: 'user_kcash_bought',
  kcashEarned: 'user_kcash_earned',
  rkhel: 'user_rkhel',
  kpoints: 'user_kpoints',
} as const satisfies Record<BalanceKey, UserAccountKind>;

/** GET /wallets/balance, and outside production POST /dev/ledger/grant. */
export function walletsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, walletRoutes.walletBalance, async ({ c }) => {
    const { db } = c.get('deps');
    const b = await balances(db, c.get('userId'));
    return {
      data: {
        usdt: money(b.user_usdt, 'USDT'),
        kcashBought: money(b.user_kcash_bought, 'KCASH'),
        kcashEarned: money(b.user_kcash_earned, 'KCASH'),
        kcashTotal: money(b.user_kcash_bought + b.user_kcash_earned, 'KCASH'),
        rkhel: money(b.user_rkhel, 'RKHEL'),
        kpoints: money(b.user_kpoints, 'KPOINTS'),
      },
    };
  });

  // `mount` answers 404 for devOnly routes in production.
  mountIdempotent(
    app,
    walletRoutes.devLedgerGrant,
    ACTIVE_USER,
    async ({ tx, body, userId, operationId }) => {
      // Accounts first, before any lock is taken (see ensureUserAccounts).
      await ensureUserAccounts(tx, userId);
      const amount = BigInt(body.amount);
      const kind = ACCOUNT_KIND_OF_BALANCE[body.balance];
      const { transfer: posted } = await transfer(tx, {
        idempotencyKey: `dev_grant:${userId}:${operationId}`,
        debit: systemAccount('treasury'),
        credit: userAccount(userId, kind),
        amount,
        currency: body.currency,
        kind: 'dev_grant',
        metadata: { balance: body.balance },
      });
      return {
        data: {
          transferId: String(posted.id),
          balance: body.balance,
          credited: money(posted.amount, body.currency),
          newBalance: money(posted.creditBalanceAfter, body.currency),
        },
        message: 'Granted',
      };
    },
  );

  return app;
}
