import { randomBytes } from 'node:crypto';
import { STARS_INVOICE_LIMITS } from '@khel/core/contract';
import type { Env } from '../../env.ts';
import { createBotApi } from '../../lib/telegram-api.ts';

/**
 * Telegram's side of Stars payments, behind one interface: the real Bot API when TELEGRAM_BOT_TOKEN is
 * set (createInvoiceLink, refundStarPayment, through TELEGRAM_API_ROOT when given), else a SANDBOX that
 * enforces the same rules (`checkInvoiceRules`) and keeps its refunds in memory, so `npm start` sells
 * Stars with no bot: the dev Mini App pays a sandbox invoice through POST /api/dev/stars/invoices/:id/pay.
 */

export interface StarsInvoiceRequest {
  title: string;
  description: string;
  /** Our invoice id: Telegram hands it back in the pre-checkout query and the successful payment. */
  payload: string;
  currency: 'XTR';
  /** Exactly one price for Stars; whole Stars. */
  prices: { label: string; amount: number }[];
}

export type StarsRefundResult = 'refunded' | 'already_refunded';

export interface StarsTelegram {
  readonly sandbox: boolean;
  createInvoiceLink(invoice: StarsInvoiceRequest): Promise<string>;
  /** refundStarPayment; Telegram's 400 CHARGE_ALREADY_REFUNDED is `already_refunded`, any other failure throws. */
  refund(telegramUserId: number, telegramPaymentChargeId: string): Promise<StarsRefundResult>;
}

/** Telegram refused the invoice or the refund (its description), or could not be reached. */
export class StarsTelegramError extends Error {
  constructor(
    message: string,
    readonly refused = false,
  ) {
    super(message);
    this.name = 'StarsTelegramError';
  }
}

const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

/**
 * Telegram's rules for an invoice in Stars (Bot API sendInvoice / createInvoiceLink): title 1–32
 * characters, description 1–255, payload 1–128 bytes, currency XTR, exactly one price, a whole number of
 * Stars above zero, and an empty provider token (the providers have none to pass). Answers the reason,
 * worded as Telegram's errors are, or null.
 */
export function invoiceRuleBroken(invoice: StarsInvoiceRequest): string | null {
  const title = [...invoice.title].length;
  const description = [...invoice.description].length;
  if (title < 1 || title > STARS_INVOICE_LIMITS.title) return 'Bad Request: INVOICE_TITLE_INVALID';
  if (description < 1 || description > STARS_INVOICE_LIMITS.description)
    return 'Bad Request: INVOICE_DESCRIPTION_INVALID';
  if (bytes(invoice.payload) < 1 || bytes(invoice.payload) > STARS_INVOICE_LIMITS.payload)
    return 'Bad Request: INVOICE_PAYLOAD_INVALID';
  if (invoice.currency !== 'XTR') return 'Bad Request: CURRENCY_INVALID';
  if (invoice.prices.length !== 1) return 'Bad Request: STARS_INVOICE_INVALID';
  const [price] = invoice.prices;
  if (!price || !Number.isSafeInteger(price.amount) || price.amount < 1 || price.label.length === 0)
    return 'Bad Request: STARS_INVOICE_INVALID';
  return null;
}

export const SANDBOX_LINK_PREFIX = 'https://t.me/$khel_sandbox_';

/** The sandbox: Telegram's rules, links it makes up, refunds remembered per charge id (once each). */
export function sandboxStarsTelegram(): StarsTelegram & { refunded(): string[] } {
  const refunded = new Set<string>();
  return {
    sandbox: true,
    async createInvoiceLink(invoice) {
      const broken = invoiceRuleBroken(invoice);
      if (broken) throw new StarsTelegramError(broken, true);
      return `${SANDBOX_LINK_PREFIX}${invoice.payload}`;
    },
    async refund(_telegramUserId, chargeId) {
      if (refunded.has(chargeId)) return 'already_refunded';
      refunded.add(chargeId);
      return 'refunded';
    },
    refunded: () => [...refunded],
  };
}

/** A charge id for a sandbox payment (Telegram's look alike, never one of Telegram's). */
export const sandboxChargeId = () => `sandbox_${randomBytes(16).toString('hex')}`;

/** The Bot API through grammY (loaded on first use; a call that got no answer is made once more: lib/telegram-api.ts). */
export function telegramStars(env: Env, token: string): StarsTelegram {
  let api: Promise<import('grammy').Api> | undefined;
  const call = async <T>(send: (api: import('grammy').Api) => Promise<T>): Promise<T> => {
    api ??= createBotApi(token, env.TELEGRAM_API_ROOT);
    return send(await api);
  };
  const described = (error: unknown) => (error as { description?: string }).description ?? String(error);
  const refusedByTelegram = (error: unknown) => (error as { error_code?: number }).error_code === 400;
  return {
    sandbox: false,
    async createInvoiceLink(invoice) {
      const broken = invoiceRuleBroken(invoice);
      if (broken) throw new StarsTelegramError(broken, true);
      try {
        return await call((api) =>
          api.createInvoiceLink(
            invoice.title,
            invoice.description,
            invoice.payload,
            '',
            'XTR',
            invoice.prices,
          ),
        );
      } catch (error) {
        throw new StarsTelegramError(described(error), refusedByTelegram(error));
      }
    },
    async refund(telegramUserId, chargeId) {
      try {
        await call((api) => api.refundStarPayment(telegramUserId, chargeId));
        return 'refunded';
      } catch (error) {
        if (described(error).includes('CHARGE_ALREADY_REFUNDED')) return 'already_refunded';
        throw new StarsTelegramError(described(error), refusedByTelegram(error));
      }
    },
  };
}

/** The real Bot API with a bot token, the sandbox without one. */
export function starsTelegramFor(env: Env): StarsTelegram {
  return env.TELEGRAM_BOT_TOKEN ? telegramStars(env, env.TELEGRAM_BOT_TOKEN) : sandboxStarsTelegram();
}
