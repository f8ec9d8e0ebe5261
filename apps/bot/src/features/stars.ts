import { KHEL_CONTACT } from '@khel/core/contact';
import { formatMoney } from '@khel/core/format';
import type { Database } from '@khel/db';
import { Composer, type Context, InlineKeyboard } from 'grammy';
import { backoffDelay, sleep } from '../backoff.ts';
import { languageOfTelegramUser } from '../bot-users.ts';
import { type KhelApi, KhelApiUnavailableError } from '../khel-api.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import { localeFor } from '../texts.ts';
import { STARS_TEXTS, type StarsTexts } from './stars-texts.ts';

/** Callback data of a `/buy` pack button: the prefix, then the pack's id. */
export const BUY_CALLBACK = 'stars:buy:';

/** How long the bot waits for the API's pre-checkout answer: Telegram cancels the payment after 10 s. */
export const PRE_CHECKOUT_API_TIMEOUT_MS = 8_000;

export interface StarsFeatureDeps {
  khelApi?: KhelApi;
  logger?: BotLogger;
  db?: Database;
  /** Attempts at handing a successful payment to the API before giving up (logged with its charge id). Default 6. */
  paymentAttempts?: number;
  /** Waits between those attempts (tests pass one that does not wait). */
  wait?: (ms: number) => Promise<void>;
}

/**
 * Telegram Stars payments (apps/bot/README.md "Payments"). `pre_checkout_query`: the API checks the order
 * (POST /bot/stars/pre-checkout) and the bot answers Telegram with its verdict, always within the 10 s Telegram
 * allows: an API that has not answered after 8 s, or cannot, is an `ok: false` with a message saying nothing
 * was charged. `successful_payment`: handed to the API (POST /bot/stars/payments), which books it once per
 * `telegram_payment_charge_id` (a duplicate delivery is harmless), retried with backoff while the API is
 * unreachable. The receipt reaches the gamer as the notifier's `stars_payment` push, a refund as `stars_refund`.
 */
export function starsFeature(deps: StarsFeatureDeps): Composer<Context> {
  const composer = new Composer<Context>();
  const logger = deps.logger ?? consoleLogger;
  const attempts = deps.paymentAttempts ?? 6;
  const wait = deps.wait ?? ((ms: number) => sleep(ms));
  const localeOf = async (from: { id: number; language_code?: string }) =>
    localeFor(await languageOfTelegramUser(deps.db, from).catch(() => from.language_code));
  const textsOf = async (from: { id: number; language_code?: string }): Promise<StarsTexts> =>
    STARS_TEXTS[await localeOf(from)];

  // `/buy` in the bot's chat: the packs as buttons; a button sends that pack's invoice (sendInvoice, in Stars).
  composer.chatType('private').command('buy', async (ctx) => {
    const locale = await localeOf(ctx.from);
    const texts = STARS_TEXTS[locale];
    const answer = deps.khelApi ? await deps.khelApi.starsPacks() : null;
    if (!answer?.ok || answer.data.packs.length === 0) {
      await ctx.reply(answer?.ok ? texts.noPacks : texts.unavailable);
      return;
    }
    const keyboard = new InlineKeyboard();
    for (const pack of answer.data.packs)
      keyboard
        .text(texts.packButton(formatMoney(pack.kcash, locale), pack.stars), `${BUY_CALLBACK}${pack.id}`)
        .row();
    await ctx.reply(texts.choosePack, { reply_markup: keyboard });
  });

  // `/paysupport`: Telegram's payment rules ask a bot that sells for Stars to answer it; where to write, in the
  // user's language.
  composer.command('paysupport', async (ctx) => {
    if (!ctx.from) return;
    await ctx.reply((await textsOf(ctx.from)).paySupport(KHEL_CONTACT.support));
  });

  composer.callbackQuery(new RegExp(`^${BUY_CALLBACK}([0-9a-f-]{36})$`), async (ctx) => {
    const texts = await textsOf(ctx.from);
    await ctx.answerCallbackQuery();
    if (!deps.khelApi) return;
    const answer = await deps.khelApi.starsInvoice(ctx.from.id, ctx.match[1]!);
    if (!answer.ok) {
      await ctx.reply(answer.status === 403 ? texts.notLinked : answer.message);
      return;
    }
    const invoice = answer.data;
    await ctx.replyWithInvoice(invoice.title, invoice.description, invoice.payload, 'XTR', [
      { label: invoice.title, amount: invoice.stars },
    ]);
  });

  composer.on('pre_checkout_query', async (ctx) => {
    const query = ctx.preCheckoutQuery;
    let verdict: { ok: true } | { ok: false; message: string };
    const texts = await textsOf(query.from);
    if (!deps.khelApi) verdict = { ok: false, message: texts.unavailable };
    else {
      try {
        const answer = await deps.khelApi.starsPreCheckout(
          query.from.id,
          {
            queryId: query.id,
            invoicePayload: query.invoice_payload,
            currency: query.currency,
            totalAmount: query.total_amount,
          },
          PRE_CHECKOUT_API_TIMEOUT_MS,
        );
        if (answer.ok && answer.data.ok) verdict = { ok: true };
        else if (answer.ok) {
          const code = answer.data.code as keyof StarsTexts['refusals'] | undefined;
          verdict = {
            ok: false,
            message: (code && texts.refusals[code]) || answer.data.message || texts.unavailable,
          };
        } else {
          logger.warn('Stars pre-checkout: the API refused the request', { status: answer.status });
          verdict = { ok: false, message: texts.unavailable };
        }
      } catch (error) {
        if (!(error instanceof KhelApiUnavailableError)) throw error;
        logger.warn('Stars pre-checkout: the API did not answer in time', { error: describeError(error) });
        verdict = { ok: false, message: texts.unavailable };
      }
    }
    if (verdict.ok) await ctx.answerPreCheckoutQuery(true);
    else await ctx.answerPreCheckoutQuery(false, { error_message: verdict.message });
  });

  composer.on('message:successful_payment', async (ctx) => {
    const payment = ctx.message.successful_payment;
    const from = ctx.from;
    const body = {
      invoicePayload: payment.invoice_payload,
      currency: payment.currency,
      totalAmount: payment.total_amount,
      telegramPaymentChargeId: payment.telegram_payment_charge_id,
      ...(payment.provider_payment_charge_id
        ? { providerPaymentChargeId: payment.provider_payment_charge_id }
        : {}),
    };
    if (!deps.khelApi) {
      logger.error('Stars payment received with no API to book it', {
        chargeId: payment.telegram_payment_charge_id,
      });
      return;
    }
    for (let attempt = 0; attempt < attempts; attempt++) {
      try {
        const answer = await deps.khelApi.starsPayment(from.id, body);
        if (answer.ok) {
          logger.info('Stars payment booked', {
            chargeId: payment.telegram_payment_charge_id,
            outcome: answer.data.outcome,
            status: answer.data.status,
          });
        } else {
          // A refusal is final (e.g. an invoice that is not ours, which the API refunds): nothing to retry.
          logger.error('Stars payment refused by the API', {
            chargeId: payment.telegram_payment_charge_id,
            status: answer.status,
            message: answer.message,
          });
        }
        return;
      } catch (error) {
        if (!(error instanceof KhelApiUnavailableError)) throw error;
        logger.warn('Stars payment: the API is unavailable, retrying', {
          chargeId: payment.telegram_payment_charge_id,
          attempt,
          error: describeError(error),
        });
        if (attempt === 1) await ctx.reply((await textsOf(from)).paymentDelayed).catch(() => undefined);
        if (attempt + 1 < attempts) await wait(backoffDelay(attempt));
      }
    }
    logger.error('Stars payment NOT booked: the API stayed unavailable; book it by its charge id', {
      chargeId: payment.telegram_payment_charge_id,
      telegramUserId: from.id,
      invoicePayload: payment.invoice_payload,
    });
  });

  return composer;
}
