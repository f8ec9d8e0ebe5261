import type { Update } from 'grammy/types';
import { privateChatOf, type TestUser, testUser, type UpdateDraft } from './updates.ts';

/**
 * Telegram Stars in the fake Bot API, as Telegram behaves: createInvoiceLink and sendInvoice check an invoice in
 * Stars (title 1–32 characters, description 1–255, payload 1–128 bytes, currency XTR, an empty provider token,
 * exactly one price of a whole number of Stars) and record it; `pay` plays a user paying: a pre_checkout_query
 * update, then the bot must answer it (once) within 10 s of the fake's clock, and on `ok` a successful_payment
 * message with a charge id of its own; refundStarPayment refunds a charge once and answers 400
 * CHARGE_ALREADY_REFUNDED after.
 */

export const PRE_CHECKOUT_DEADLINE_MS = 10_000;

export interface FakeInvoice {
  /** `createInvoiceLink`'s link, or null for a sendInvoice. */
  link: string | null;
  chatId: number | null;
  title: string;
  description: string;
  payload: string;
  currency: string;
  amount: number;
}

export interface FakePayResult {
  status: 'paid' | 'failed' | 'cancelled';
  /** The bot's `error_message` when it refused. */
  errorMessage?: string;
  /** 'timeout' when the bot did not answer within 10 s (Telegram cancels the payment). */
  reason?: 'timeout';
  chargeId?: string;
  /** The successful_payment update, to deliver again with `redeliver`. */
  update?: Update;
}

export interface FakePayments {
  handlers: Record<string, (params: Record<string, unknown>) => unknown>;
  invoices(): FakeInvoice[];
  /** Pays an invoice (by link, or by payload and amount) as `user`. */
  pay(
    invoice: string | { payload: string; amount: number },
    user: TestUser,
    options?: { waitMs?: number },
  ): Promise<FakePayResult>;
  /** Delivers an update again, as Telegram does after a bot that did not confirm it. */
  redeliver(update: Update): Update;
  /** Answers to pre-checkout queries, in order. */
  preCheckoutAnswers(): { queryId: string; ok: boolean; errorMessage?: string; at: number }[];
  /** Charge ids refunded with refundStarPayment. */
  refunds(): string[];
}

type Fail = (code: number, description: string) => Error;

export function fakePayments(deps: {
  now: () => number;
  pushUpdate: (draft: UpdateDraft) => Update;
  fail: Fail;
}): FakePayments {
  const bad = (description: string) => deps.fail(400, `Bad Request: ${description}`);
  const invoices: FakeInvoice[] = [];
  const queries = new Map<
    string,
    { at: number; answered: boolean; ok?: boolean; errorMessage?: string; expired: boolean }
  >();
  const answers: { queryId: string; ok: boolean; errorMessage?: string; at: number }[] = [];
  const charges = new Map<string, { userId: number; refunded: boolean }>();
  let nextQuery = 1;
  let nextCharge = 1;
  let nextLink = 1;
  let nextMessageId = 900_000;

  function checkInvoice(params: Record<string, unknown>): Omit<FakeInvoice, 'link' | 'chatId'> {
    const text = (key: string) => (typeof params[key] === 'string' ? (params[key] as string) : '');
    const title = text('title');
    const description = text('description');
    const payload = text('payload');
    if ([...title].length < 1 || [...title].length > 32) throw bad('INVOICE_TITLE_INVALID');
    if ([...description].length < 1 || [...description].length > 255)
      throw bad('INVOICE_DESCRIPTION_INVALID');
    const payloadBytes = Buffer.byteLength(payload, 'utf8');
    if (payloadBytes < 1 || payloadBytes > 128) throw bad('INVOICE_PAYLOAD_INVALID');
    const currency = text('currency');
    if (currency !== 'XTR') throw bad('CURRENCY_INVALID');
    if (params.provider_token !== undefined && params.provider_token !== '')
      throw bad('PAYMENT_PROVIDER_INVALID');
    let prices = params.prices;
    if (typeof prices === 'string') {
      try {
        prices = JSON.parse(prices);
      } catch {
        throw bad("can't parse prices JSON object");
      }
    }
    if (!Array.isArray(prices) || prices.length !== 1) throw bad('STARS_INVOICE_INVALID');
    const [price] = prices as { label?: unknown; amount?: unknown }[];
    if (
      typeof price?.label !== 'string' ||
      price.label === '' ||
      typeof price.amount !== 'number' ||
      !Number.isSafeInteger(price.amount) ||
      price.amount < 1
    )
      throw bad('STARS_INVOICE_INVALID');
    return { title, description, payload, currency, amount: price.amount };
  }

  const handlers: FakePayments['handlers'] = {
    createInvoiceLink: (params) => {
      const invoice = checkInvoice(params);
      const link = `https://t.me/$fakeInvoice${String(nextLink++).padStart(6, '0')}`;
      invoices.push({ ...invoice, link, chatId: null });
      return link;
    },
    sendInvoice: (params) => {
      const chatId = Number(params.chat_id);
      if (!Number.isSafeInteger(chatId) || chatId === 0) throw bad('chat not found');
      const invoice = checkInvoice(params);
      invoices.push({ ...invoice, link: null, chatId });
      return {
        message_id: nextMessageId++,
        date: Math.floor(deps.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: `Player${chatId}` },
        invoice: {
          title: invoice.title,
          description: invoice.description,
          start_parameter: '',
          currency: 'XTR',
          total_amount: invoice.amount,
        },
      };
    },
    answerPreCheckoutQuery: (params) => {
      const id = String(params.pre_checkout_query_id ?? '');
      const query = queries.get(id);
      const ok = params.ok === true || params.ok === 'true';
      // Too late, unknown or answered before: Telegram no longer has the query.
      if (!query || query.answered || query.expired || deps.now() - query.at > PRE_CHECKOUT_DEADLINE_MS)
        throw bad('QUERY_ID_INVALID');
      const errorMessage = typeof params.error_message === 'string' ? params.error_message : undefined;
      if (!ok && !errorMessage) throw bad('error_message is required when ok is false');
      query.answered = true;
      query.ok = ok;
      if (errorMessage) query.errorMessage = errorMessage;
      answers.push({ queryId: id, ok, ...(errorMessage ? { errorMessage } : {}), at: deps.now() });
      return true;
    },
    refundStarPayment: (params) => {
      const userId = Number(params.user_id);
      const chargeId = String(params.telegram_payment_charge_id ?? '');
      const charge = charges.get(chargeId);
      if (!charge || charge.userId !== userId) throw bad('CHARGE_NOT_FOUND');
      if (charge.refunded) throw bad('CHARGE_ALREADY_REFUNDED');
      charge.refunded = true;
      return true;
    },
  };

  async function pay(
    invoiceRef: string | { payload: string; amount: number },
    userRef: TestUser,
    options: { waitMs?: number } = {},
  ): Promise<FakePayResult> {
    const found = typeof invoiceRef === 'string' ? invoices.find((i) => i.link === invoiceRef) : undefined;
    if (typeof invoiceRef === 'string' && !found) throw new Error(`fake Telegram: no invoice ${invoiceRef}`);
    const invoice = found ?? { ...(invoiceRef as { payload: string; amount: number }), currency: 'XTR' };
    const user = testUser(userRef.id, userRef);
    const queryId = `pcq${String(nextQuery++).padStart(8, '0')}`;
    const query = { at: deps.now(), answered: false, expired: false } as {
      at: number;
      answered: boolean;
      ok?: boolean;
      errorMessage?: string;
      expired: boolean;
    };
    queries.set(queryId, query);
    deps.pushUpdate({
      pre_checkout_query: {
        id: queryId,
        from: user,
        currency: 'XTR',
        total_amount: invoice.amount,
        invoice_payload: invoice.payload,
      },
    });
    // The deadline is the fake's clock; the real wait only bounds a test whose bot never answers.
    const realDeadline = Date.now() + (options.waitMs ?? 15_000);
    while (!query.answered) {
      if (deps.now() - query.at > PRE_CHECKOUT_DEADLINE_MS || Date.now() > realDeadline) {
        query.expired = true;
        return { status: 'cancelled', reason: 'timeout' };
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    if (!query.ok)
      return { status: 'failed', ...(query.errorMessage ? { errorMessage: query.errorMessage } : {}) };
    const chargeId = `stxFake${String(nextCharge++).padStart(10, '0')}`;
    charges.set(chargeId, { userId: user.id, refunded: false });
    const update = deps.pushUpdate({
      message: {
        message_id: nextMessageId++,
        from: user,
        chat: privateChatOf(user),
        date: Math.floor(deps.now() / 1000),
        successful_payment: {
          currency: 'XTR',
          total_amount: invoice.amount,
          invoice_payload: invoice.payload,
          telegram_payment_charge_id: chargeId,
          provider_payment_charge_id: '',
        },
      } as NonNullable<Update['message']>,
    });
    return { status: 'paid', chargeId, update };
  }

  return {
    handlers,
    invoices: () => [...invoices],
    pay,
    redeliver: (update) => {
      const { update_id: _id, ...draft } = update;
      return deps.pushUpdate(draft as UpdateDraft);
    },
    preCheckoutAnswers: () => [...answers],
    refunds: () => [...charges.entries()].filter(([, c]) => c.refunded).map(([id]) => id),
  };
}
