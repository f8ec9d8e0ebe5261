import type { InvoiceOutcome, OpenInvoice } from '@khel/ui/stars';
import { openTelegramInvoice, registerSandboxInvoice } from './telegram-sdk.ts';

/** The slug of an invoice link (`https://t.me/$<slug>` or `https://t.me/invoice/<slug>`), as the SDK reads it. */
export function invoiceSlug(link: string): string {
  const path = new URL(link).pathname;
  return path.startsWith('/$') ? path.slice(2) : path.replace(/^\/invoice\//, '');
}

const OUTCOMES = new Set<InvoiceOutcome>(['paid', 'cancelled', 'failed', 'pending']);

/**
 * The Mini App's openInvoice: Telegram's payment sheet through the SDK. A sandbox invoice (no bot token) is
 * first registered with the dev mock's sheet, which pays it through the API's dev route (`sandboxPay`).
 */
export function miniAppOpenInvoice(options: {
  sandboxPay: (invoiceId: string, outcome: 'paid' | 'cancelled') => Promise<InvoiceOutcome>;
  sandboxTexts: (stars: number) => { title: string; text: string; pay: string; cancel: string };
}): OpenInvoice {
  return async (invoice) => {
    if (invoice.sandbox) {
      await registerSandboxInvoice(invoiceSlug(invoice.link), {
        stars: invoice.stars,
        title: invoice.title,
        texts: options.sandboxTexts(invoice.stars),
        pay: (outcome) => options.sandboxPay(invoice.invoiceId, outcome),
      });
    }
    const status = await openTelegramInvoice(invoice.link);
    return OUTCOMES.has(status as InvoiceOutcome) ? (status as InvoiceOutcome) : 'failed';
  };
}
