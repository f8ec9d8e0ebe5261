import { randomUUID } from 'node:crypto';
import {
  type ApiMessageCode,
  type BotStarsPayment,
  type BotStarsPreCheckout,
  money,
  STARS_INVOICE_LIMITS,
  STARS_INVOICE_NOT_FOUND_MESSAGE,
  STARS_PAYMENT_NOT_FOUND_MESSAGE,
  STARS_PRICE_CHANGED_MESSAGE,
  STARS_PRODUCT_NOT_FOUND_MESSAGE,
  STARS_REFUND_KCASH_SPENT_MESSAGE,
  STARS_SOLD_OUT_MESSAGE,
  STARS_TELEGRAM_REQUIRED_MESSAGE,
  STARS_UNAVAILABLE_MESSAGE,
  STORE_ITEM_NOT_FOUND_MESSAGE,
  STORE_ITEM_NOT_IN_REGION_MESSAGE,
  type StarsInvoice,
  type StarsInvoiceBody,
  type StarsInvoiceStatus,
  type StarsPaymentSummary,
  type StarsRefundReason,
  type StarsRevenue,
  UUID_PATTERN,
} from '@khel/core/contract';
import type { Executor } from '@khel/db';
import {
  ledgerAccounts,
  type StarsInvoiceRow,
  type StarsPaymentRow,
  starsInvoices,
  starsPacks,
  starsPayments,
  storeItems,
  users,
} from '@khel/db/schema';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { cancelJob, enqueueJob, type JobHandler } from '../../lib/jobs.ts';
import {
  ensureUserAccounts,
  systemAccount,
  type TransferInput,
  transferMany,
  userAccount,
} from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import {
  deliverStarsOrder,
  markStoreOrderRefunded,
  shoppingCountryOf,
  storeOrderById,
} from '../store/index.ts';
import { StarsTelegramError } from './provider.ts';

/**
 * Telegram Stars payments (README.md): invoices, the pre-checkout answer, the successful payment booked
 * exactly once per `telegram_payment_charge_id`, refunds, and the operators' revenue report.
 */

type StarsDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'starsTelegram'>;

const whole = (minor: bigint) => (minor / 1000n).toLocaleString('en-US');
const clip = (text: string, max: number) => {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
};

/** The invoice's texts as Telegram shows them on the payment sheet (1–32 and 1–255 characters). */
function packTexts(kcash: bigint) {
  return {
    title: clip(`${whole(kcash)} K-Cash`, STARS_INVOICE_LIMITS.title),
    description: `${whole(kcash)} K-Cash for your Khel wallet. Bought K-Cash: spend it in the K-Store, Klash and more.`,
  };
}
function itemTexts(name: string, description: string) {
  return {
    title: clip(name, STARS_INVOICE_LIMITS.title),
    description: clip(description || `${name} from the Khel K-Store.`, STARS_INVOICE_LIMITS.description),
  };
}

/**
 * What an invoice of the gamer's sells and at what price: the product must be sold for Stars now (an item in
 * stock and in the gamer's country), and the gamer must have a Telegram account (409).
 */
async function invoiceOfProduct(deps: StarsDeps, userId: string, body: StarsInvoiceBody) {
  const [user] = await deps.db
    .select({ telegramId: users.telegramId, country: users.country, phoneNumber: users.phoneNumber })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.telegramId) throw new AppError(409, STARS_TELEGRAM_REQUIRED_MESSAGE);

  let values: Omit<typeof starsInvoices.$inferInsert, 'id' | 'userId'>;
  let description: string;
  if (body.product === 'kcash_pack') {
    const [pack] = await deps.db
      .select()
      .from(starsPacks)
      .where(and(eq(starsPacks.id, body.packId), eq(starsPacks.active, true)));
    if (!pack) throw new AppError(404, STARS_PRODUCT_NOT_FOUND_MESSAGE);
    const texts = packTexts(pack.kcash);
    description = texts.description;
    values = {
      product: 'kcash_pack',
      packId: pack.id,
      title: texts.title,
      stars: pack.stars,
      kcash: pack.kcash,
    };
  } else {
    const [item] = await deps.db
      .select()
      .from(storeItems)
      .where(and(eq(storeItems.id, body.itemId), eq(storeItems.active, true)));
    if (!item) throw new AppError(404, STORE_ITEM_NOT_FOUND_MESSAGE);
    if (item.priceStars === null) throw new AppError(404, STARS_PRODUCT_NOT_FOUND_MESSAGE);
    const country = shoppingCountryOf(user);
    if (country && item.regions.length > 0 && !item.regions.includes(country))
      throw new AppError(400, STORE_ITEM_NOT_IN_REGION_MESSAGE);
    if (item.stock < 1) throw new AppError(409, STARS_SOLD_OUT_MESSAGE);
    const texts = itemTexts(item.name, item.description);
    description = texts.description;
    values = {
      product: 'store_item',
      itemId: item.id,
      title: texts.title,
      stars: item.priceStars,
      kcash: null,
    };
  }

  return { values, description };
}

/**
 * A pack's invoice for the bot's chat (`/buy`): the bot sends it with sendInvoice, so no link is made here;
 * the row is the same as a link's, and so are the pre-checkout and the payment.
 */
export async function createBotStarsInvoice(deps: StarsDeps, userId: string, packId: string) {
  const { values, description } = await invoiceOfProduct(deps, userId, { product: 'kcash_pack', packId });
  const id = randomUUID();
  await deps.db.insert(starsInvoices).values({ id, userId, ...values, createdAt: deps.clock() });
  return { invoiceId: id, payload: id, title: values.title, description, stars: values.stars };
}

/**
 * An invoice link for the signed-in gamer: the product and its Stars price fixed in a stars_invoices
 * row whose id is the payload. Telegram is asked first, so a refusal writes nothing.
 */
export async function createStarsInvoice(
  deps: StarsDeps,
  userId: string,
  body: StarsInvoiceBody,
): Promise<StarsInvoice> {
  const { values, description } = await invoiceOfProduct(deps, userId, body);
  const id = randomUUID();
  let link: string;
  try {
    link = await deps.starsTelegram.createInvoiceLink({
      title: values.title,
      description,
      payload: id,
      currency: 'XTR',
      prices: [{ label: values.title, amount: values.stars }],
    });
  } catch (error) {
    deps.logger.error('stars: createInvoiceLink failed', {
      error: String((error as Error).message ?? error),
    });
    throw new AppError(503, STARS_UNAVAILABLE_MESSAGE);
  }
  await deps.db.insert(starsInvoices).values({ id, userId, ...values, createdAt: deps.clock() });
  return {
    invoiceId: id,
    link,
    stars: values.stars,
    title: values.title,
    sandbox: deps.starsTelegram.sandbox,
  };
}

async function invoiceOf(db: Executor, payload: string): Promise<StarsInvoiceRow | undefined> {
  if (!UUID_PATTERN.test(payload)) return undefined;
  const [row] = await db.select().from(starsInvoices).where(eq(starsInvoices.id, payload));
  return row;
}

/** The Telegram id of an invoice's gamer, while the account exists. */
async function telegramIdOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ telegramId: users.telegramId })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row?.telegramId ?? null;
}

export interface PreCheckoutInput {
  telegramUserId: number;
  invoicePayload: string;
  currency: string;
  totalAmount: number;
}

const refuse = (code: ApiMessageCode, message: string): BotStarsPreCheckout => ({ ok: false, code, message });

/**
 * Telegram's pre_checkout_query: may this payment go ahead? The invoice must be ours and the payer's,
 * in XTR at the price it was made with, the product still sold at that price, an item still in stock.
 * Writes nothing (it answers within Telegram's 10 s; the stock is taken only by the payment).
 */
export async function answerPreCheckout(db: Executor, input: PreCheckoutInput): Promise<BotStarsPreCheckout> {
  const invoice = await invoiceOf(db, input.invoicePayload);
  if (!invoice || (await telegramIdOf(db, invoice.userId)) !== String(input.telegramUserId))
    return refuse('STARS_INVOICE_NOT_FOUND', STARS_INVOICE_NOT_FOUND_MESSAGE);
  if (input.currency !== 'XTR' || input.totalAmount !== invoice.stars)
    return refuse('STARS_PRICE_CHANGED', STARS_PRICE_CHANGED_MESSAGE);
  if (invoice.product === 'kcash_pack') {
    const [pack] = await db.select().from(starsPacks).where(eq(starsPacks.id, invoice.packId!));
    if (!pack?.active) return refuse('STARS_PRODUCT_NOT_FOUND', STARS_PRODUCT_NOT_FOUND_MESSAGE);
    if (pack.stars !== invoice.stars || pack.kcash !== invoice.kcash)
      return refuse('STARS_PRICE_CHANGED', STARS_PRICE_CHANGED_MESSAGE);
    return { ok: true };
  }
  const [item] = await db.select().from(storeItems).where(eq(storeItems.id, invoice.itemId!));
  if (!item?.active || item.priceStars === null)
    return refuse('STARS_PRODUCT_NOT_FOUND', STARS_PRODUCT_NOT_FOUND_MESSAGE);
  if (item.priceStars !== invoice.stars) return refuse('STARS_PRICE_CHANGED', STARS_PRICE_CHANGED_MESSAGE);
  if (item.stock < 1) return refuse('STARS_SOLD_OUT', STARS_SOLD_OUT_MESSAGE);
  return { ok: true };
}

export interface SuccessfulPaymentInput {
  telegramUserId: number;
  invoicePayload: string;
  currency: string;
  totalAmount: number;
  telegramPaymentChargeId: string;
}

export const STARS_REFUND_JOB = 'stars.refund';
const refundJobKey = (paymentId: string) => `${STARS_REFUND_JOB}:${paymentId}`;
const receivedKey = (chargeId: string) => `stars_payment:${chargeId}:stars`;
const kcashKey = (chargeId: string) => `stars_payment:${chargeId}:kcash`;

function paymentAnswer(row: StarsPaymentRow, outcome: BotStarsPayment['outcome']): BotStarsPayment {
  return {
    outcome,
    paymentId: row.id,
    status: row.status,
    product: row.product,
    title: row.title,
    stars: row.stars,
    kcash: row.kcash === null ? null : money(row.kcash, 'KCASH'),
    refundReason: row.refundReason,
  };
}

/**
 * Telegram's successful_payment: books it exactly once per charge id. In one transaction: the payment
 * row (its unique charge id makes a second delivery, concurrent or later, wait and then find it), the
 * Stars received (treasury → stars_clearing in XTR) and the goods: a pack's K-Cash (treasury →
 * user_kcash_bought) or the store item (stock and order). A payment that cannot be delivered (sold out,
 * not this gamer's invoice, not the invoice's amount) is booked as received and refunded at once, with
 * a job to retry the refund should Telegram not answer.
 */
export async function receiveStarsPayment(
  deps: StarsDeps,
  input: SuccessfulPaymentInput,
): Promise<BotStarsPayment> {
  const invoice = await invoiceOf(deps.db, input.invoicePayload);
  if (!invoice) {
    // Not ours: hand the Stars back and say so (nothing can be booked against no invoice).
    deps.logger.error('stars: a successful payment for an unknown invoice, refunding it', {
      chargeId: input.telegramPaymentChargeId,
    });
    await deps.starsTelegram
      .refund(input.telegramUserId, input.telegramPaymentChargeId)
      .catch((error) => deps.logger.error('stars: refund failed', { error: String(error) }));
    throw new AppError(404, STARS_INVOICE_NOT_FOUND_MESSAGE);
  }
  // Accounts first, before any lock is taken (ensureUserAccounts).
  await ensureUserAccounts(deps.db, invoice.userId);
  const payerIsGamer = (await telegramIdOf(deps.db, invoice.userId)) === String(input.telegramUserId);
  const amountMatches = input.currency === 'XTR' && input.totalAmount === invoice.stars;
  const chargeId = input.telegramPaymentChargeId;

  const answer = await deps.db.transaction(async (tx) => {
    const paymentId = randomUUID();
    const stars = amountMatches ? invoice.stars : input.totalAmount;
    const [claimed] = await tx
      .insert(starsPayments)
      .values({
        id: paymentId,
        telegramPaymentChargeId: chargeId,
        invoiceId: invoice.id,
        userId: invoice.userId,
        telegramUserId: input.telegramUserId,
        product: invoice.product,
        packId: invoice.packId,
        itemId: invoice.itemId,
        title: invoice.title,
        stars: Math.max(stars, 1),
        kcash: invoice.kcash,
        status: 'paid',
        createdAt: deps.clock(),
      })
      .onConflictDoNothing({ target: starsPayments.telegramPaymentChargeId })
      .returning();
    if (!claimed) {
      const [existing] = await tx
        .select()
        .from(starsPayments)
        .where(eq(starsPayments.telegramPaymentChargeId, chargeId));
      return paymentAnswer(existing!, 'duplicate');
    }
    const metadata = {
      paymentId,
      telegramPaymentChargeId: chargeId,
      product: invoice.product,
      title: invoice.title,
      stars: String(claimed.stars),
    };
    const legs: TransferInput[] = [
      {
        idempotencyKey: receivedKey(chargeId),
        debit: systemAccount('treasury'),
        credit: systemAccount('stars_clearing'),
        amount: BigInt(claimed.stars),
        currency: 'XTR',
        kind: 'stars_payment',
        metadata,
      },
    ];
    let refundReason: StarsRefundReason | null = !payerIsGamer || !amountMatches ? 'undeliverable' : null;
    let orderId: string | null = null;
    let itemName: string | null = null;
    if (!refundReason && invoice.product === 'kcash_pack') {
      legs.push({
        idempotencyKey: kcashKey(chargeId),
        debit: systemAccount('treasury'),
        credit: userAccount(invoice.userId, 'user_kcash_bought'),
        amount: invoice.kcash!,
        currency: 'KCASH',
        kind: 'stars_payment',
        metadata,
      });
    } else if (!refundReason) {
      const order = await deliverStarsOrder(tx, {
        userId: invoice.userId,
        itemId: invoice.itemId!,
        operationId: paymentId,
        stars: invoice.stars,
      });
      if (order) {
        orderId = order.id;
        itemName = order.item.name;
      } else refundReason = 'sold_out';
    }
    await transferMany(tx, legs);
    const [row] = await tx
      .update(starsPayments)
      .set(refundReason ? { status: 'refund_due', refundReason } : { orderId })
      .where(eq(starsPayments.id, paymentId))
      .returning();
    if (refundReason) {
      await enqueueJob(tx, {
        kind: STARS_REFUND_JOB,
        payload: { paymentId },
        runAt: new Date(deps.clock().getTime() + 60_000),
        dedupeKey: refundJobKey(paymentId),
      });
    } else {
      await enqueueNotification(tx, {
        kind: 'stars_payment',
        userId: invoice.userId,
        dedupeKey: `stars-payment:${paymentId}`,
        payload: {
          paymentId,
          title: invoice.title,
          stars: String(invoice.stars),
          ...(invoice.kcash !== null ? { kcash: invoice.kcash.toString() } : {}),
          ...(itemName ? { itemName, orderId } : {}),
        },
      });
    }
    return paymentAnswer(row!, 'credited');
  });

  if (answer.outcome === 'credited' && answer.status === 'refund_due') {
    // Given back now; the job retries if Telegram does not answer.
    try {
      const refunded = await refundStarsPayment(
        deps,
        answer.paymentId,
        answer.refundReason ?? 'undeliverable',
      );
      return { ...paymentAnswer(refunded.row, 'refunded') };
    } catch (error) {
      deps.logger.warn('stars: automatic refund failed, the job will retry', {
        paymentId: answer.paymentId,
        error: String((error as Error).message ?? error),
      });
    }
  }
  return answer;
}

/** STARS_REFUND_JOB: a payment that could not be delivered is refunded (retried until Telegram answers). */
export const refundStarsJob: JobHandler = async (deps, job) => {
  const paymentId = String(job.payload.paymentId ?? '');
  const [row] = UUID_PATTERN.test(paymentId)
    ? await deps.db.select().from(starsPayments).where(eq(starsPayments.id, paymentId))
    : [];
  if (row?.status !== 'refund_due') return;
  await refundStarsPayment(deps, paymentId, row.refundReason ?? 'undeliverable');
};

/**
 * Refunds a payment: refundStarPayment, then the reversal in the ledger (stars_clearing → treasury in
 * XTR and, for a pack, the K-Cash from user_kcash_bought back to the treasury), all while the payment
 * row and the gamer's bought K-Cash account are locked, in one transaction. A pack whose K-Cash the
 * gamer no longer holds is refused (409) before Telegram is asked, and nothing changes. Telegram's
 * CHARGE_ALREADY_REFUNDED counts as refunded, so a retry after a crash between Telegram's answer and
 * the commit completes the reversal. Exactly once: the row lock and the ledger keys.
 */
export async function refundStarsPayment(
  deps: StarsDeps,
  paymentId: string,
  reason: StarsRefundReason,
): Promise<{ row: StarsPaymentRow; alreadyRefunded: boolean }> {
  if (!UUID_PATTERN.test(paymentId)) throw new AppError(404, STARS_PAYMENT_NOT_FOUND_MESSAGE);
  return deps.db.transaction(async (tx) => {
    const [payment] = await tx
      .select()
      .from(starsPayments)
      .where(eq(starsPayments.id, paymentId))
      .for('update');
    if (!payment) throw new AppError(404, STARS_PAYMENT_NOT_FOUND_MESSAGE);
    if (payment.status === 'refunded') return { row: payment, alreadyRefunded: true };
    const reverseKcash =
      payment.status === 'paid' && payment.product === 'kcash_pack' && payment.kcash !== null;
    if (reverseKcash) {
      const [account] = await tx
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(
          and(eq(ledgerAccounts.ownerUserId, payment.userId), eq(ledgerAccounts.kind, 'user_kcash_bought')),
        )
        .for('update');
      if (!account || account.balance < payment.kcash!)
        throw new AppError(409, STARS_REFUND_KCASH_SPENT_MESSAGE);
    }
    try {
      await deps.starsTelegram.refund(payment.telegramUserId, payment.telegramPaymentChargeId);
    } catch (error) {
      deps.logger.warn('stars: refundStarPayment failed', {
        paymentId,
        error: String((error as Error).message ?? error),
      });
      if (error instanceof StarsTelegramError && error.refused) throw new AppError(409, error.message);
      throw new AppError(503, STARS_UNAVAILABLE_MESSAGE);
    }
    const chargeId = payment.telegramPaymentChargeId;
    const metadata = { paymentId, telegramPaymentChargeId: chargeId, title: payment.title, reason };
    const legs: TransferInput[] = [
      {
        idempotencyKey: `stars_refund:${chargeId}:stars`,
        debit: systemAccount('stars_clearing'),
        credit: systemAccount('treasury'),
        amount: BigInt(payment.stars),
        currency: 'XTR',
        kind: 'stars_refund',
        metadata,
      },
    ];
    if (reverseKcash)
      legs.push({
        idempotencyKey: `stars_refund:${chargeId}:kcash`,
        debit: userAccount(payment.userId, 'user_kcash_bought'),
        credit: systemAccount('treasury'),
        amount: payment.kcash!,
        currency: 'KCASH',
        kind: 'stars_refund',
        metadata,
      });
    await transferMany(tx, legs);
    if (payment.orderId) await markStoreOrderRefunded(tx, payment.orderId);
    const now = deps.clock();
    const [row] = await tx
      .update(starsPayments)
      .set({ status: 'refunded', refundReason: payment.refundReason ?? reason, refundedAt: now })
      .where(eq(starsPayments.id, paymentId))
      .returning();
    await cancelJob(tx, refundJobKey(paymentId), now);
    const itemName = payment.product === 'store_item' ? payment.title : undefined;
    await enqueueNotification(tx, {
      kind: 'stars_refund',
      userId: payment.userId,
      dedupeKey: `stars-refund:${paymentId}`,
      payload: {
        paymentId,
        title: payment.title,
        stars: String(payment.stars),
        refundReason: row!.refundReason,
        ...(payment.kcash !== null ? { kcash: payment.kcash.toString() } : {}),
        ...(itemName ? { itemName } : {}),
      },
    });
    return { row: row!, alreadyRefunded: false };
  });
}

/** One of the gamer's invoices and what became of it (its latest payment). */
export async function starsInvoiceStatus(
  db: Executor,
  userId: string,
  invoiceId: string,
): Promise<StarsInvoiceStatus> {
  const invoice = await invoiceOf(db, invoiceId);
  if (!invoice || invoice.userId !== userId) throw new AppError(404, STARS_INVOICE_NOT_FOUND_MESSAGE);
  const [payment] = await db
    .select()
    .from(starsPayments)
    .where(eq(starsPayments.invoiceId, invoice.id))
    .orderBy(desc(starsPayments.createdAt))
    .limit(1);
  return {
    invoiceId: invoice.id,
    status: payment?.status ?? 'pending',
    product: invoice.product,
    title: invoice.title,
    stars: invoice.stars,
    kcash: invoice.kcash === null ? null : money(invoice.kcash, 'KCASH'),
    order: payment?.orderId ? await storeOrderById(db, payment.orderId) : null,
    refundReason: payment?.refundReason ?? null,
  };
}

export function toPaymentSummary(row: StarsPaymentRow): StarsPaymentSummary {
  return {
    id: row.id,
    userId: row.userId,
    telegramPaymentChargeId: row.telegramPaymentChargeId,
    product: row.product,
    productId: (row.packId ?? row.itemId)!,
    title: row.title,
    stars: row.stars,
    kcash: row.kcash === null ? null : money(row.kcash, 'KCASH'),
    orderId: row.orderId,
    status: row.status,
    refundReason: row.refundReason,
    createdAt: row.createdAt.toISOString(),
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

export async function latestStarsPayments(db: Executor, limit: number): Promise<StarsPaymentSummary[]> {
  const rows = await db.select().from(starsPayments).orderBy(desc(starsPayments.createdAt)).limit(limit);
  return rows.map(toPaymentSummary);
}

/**
 * Stars received (every payment Telegram made, refunded ones too), refunded and net, in all and by
 * product, for payments made in [from, to). Reads stars_payments, whose rows agree with the XTR legs.
 */
export async function starsRevenue(
  db: Executor,
  range: { from?: string; to?: string },
): Promise<StarsRevenue> {
  const t = starsPayments;
  const where = and(
    range.from ? gte(t.createdAt, new Date(range.from)) : undefined,
    range.to ? lt(t.createdAt, new Date(range.to)) : undefined,
  );
  const rows = await db
    .select({
      product: t.product,
      productId: sql<string>`coalesce(${t.packId}, ${t.itemId})`,
      name: sql<string>`max(${t.title})`,
      payments: sql<number>`count(*)::int`,
      received: sql<number>`coalesce(sum(${t.stars}), 0)::int`,
      refunded: sql<number>`coalesce(sum(${t.stars}) filter (where ${t.status} = 'refunded'), 0)::int`,
    })
    .from(t)
    .where(where)
    .groupBy(t.product, sql`coalesce(${t.packId}, ${t.itemId})`)
    .orderBy(sql`sum(${t.stars}) desc`);
  const byProduct = rows.map((r) => ({
    ...r,
    payments: Number(r.payments),
    received: Number(r.received),
    refunded: Number(r.refunded),
    net: Number(r.received) - Number(r.refunded),
  }));
  const sum = (k: 'payments' | 'received' | 'refunded') => byProduct.reduce((a, r) => a + r[k], 0);
  return {
    payments: sum('payments'),
    received: sum('received'),
    refunded: sum('refunded'),
    net: sum('received') - sum('refunded'),
    byProduct,
  };
}
