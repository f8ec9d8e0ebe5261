import type { ApiClient } from '@khel/core/client';
import {
  type StarsInvoice,
  type StarsInvoiceBody,
  type StarsInvoiceStatus,
  type StarsPack,
  starsRoutes,
} from '@khel/core/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { useConfirmClose, useGainFeedback } from '../../../providers/app-feedback.ts';

/** What Telegram's openInvoice reports when its payment sheet closes. */
export type InvoiceOutcome = 'paid' | 'cancelled' | 'failed' | 'pending';
/** Opens an invoice link in Telegram (the Mini App's `invoice.open`); the front end that can pay in Stars gives it. */
export type OpenInvoice = (invoice: StarsInvoice) => Promise<InvoiceOutcome>;

export const starsPacksQueryKey = ['stars', 'packs'] as const;

/** GET /stars/packs: the K-Cash packs sold for Stars. */
export function useStarsPacks() {
  const { client } = useApi();
  return useQuery({
    queryKey: starsPacksQueryKey,
    queryFn: async ({ signal }): Promise<StarsPack[]> =>
      unwrap(await client.request(starsRoutes.starsPacks, { signal })).packs,
  });
}

export async function createStarsInvoice(client: ApiClient, body: StarsInvoiceBody): Promise<StarsInvoice> {
  return unwrap(await client.request(starsRoutes.starsInvoice, { body }));
}

export async function getStarsInvoice(client: ApiClient, invoiceId: string): Promise<StarsInvoiceStatus> {
  return unwrap(await client.request(starsRoutes.starsInvoiceStatus, { params: { id: invoiceId } }));
}

/** The sandbox's payment sheet (no bot token): pays or closes the invoice through the API's dev route. */
export async function payStarsSandbox(
  client: ApiClient,
  invoiceId: string,
  outcome: 'paid' | 'cancelled',
): Promise<InvoiceOutcome> {
  return unwrap(
    await client.request(starsRoutes.devStarsPay, { params: { id: invoiceId }, body: { outcome } }),
  ).status;
}

/** Where a Stars checkout is: its receipt once the API booked the payment. */
export type StarsCheckoutState =
  | { phase: 'idle' }
  | { phase: 'opening' }
  | { phase: 'confirming' }
  | { phase: 'cancelled' }
  | { phase: 'failed'; error?: unknown }
  | { phase: 'pending' }
  | { phase: 'paid'; receipt: StarsInvoiceStatus }
  | { phase: 'refunded'; receipt: StarsInvoiceStatus };

/** How often and how many times the receipt is asked for after Telegram said paid (the bot books it meanwhile). */
const RECEIPT_POLL_MS = 800;
const RECEIPT_POLLS = 25;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A purchase in Stars: the invoice link from the API, Telegram's payment sheet (`openInvoice`), then the
 * receipt, asked for until the successful payment is booked (the bot hands it to the API). Paid: balances and
 * history are asked again and the gain feedback plays (Telegram's success haptic in the Mini App).
 */
export function useStarsCheckout(openInvoice: OpenInvoice) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const gain = useGainFeedback();
  const [state, setState] = useState<StarsCheckoutState>({ phase: 'idle' });
  const busy = state.phase === 'opening' || state.phase === 'confirming';
  useConfirmClose(state.phase === 'confirming');
  const mutation = useMutation({
    mutationFn: async (body: StarsInvoiceBody) => {
      setState({ phase: 'opening' });
      const invoice = await createStarsInvoice(client, body);
      const outcome = await openInvoice(invoice);
      if (outcome === 'cancelled' || outcome === 'failed') {
        setState({ phase: outcome });
        return;
      }
      setState({ phase: 'confirming' });
      for (let poll = 0; poll < RECEIPT_POLLS; poll++) {
        const receipt = await getStarsInvoice(client, invoice.invoiceId);
        if (receipt.status === 'paid' || receipt.status === 'refunded' || receipt.status === 'refund_due') {
          await invalidateMoney(queryClient);
          if (receipt.status === 'paid') {
            gain();
            setState({ phase: 'paid', receipt });
          } else setState({ phase: 'refunded', receipt });
          return;
        }
        await wait(RECEIPT_POLL_MS);
      }
      setState({ phase: 'pending' });
    },
    onError: (error) => setState({ phase: 'failed', error }),
  });
  return {
    state,
    busy,
    buy: (body: StarsInvoiceBody) => {
      if (!busy) mutation.mutate(body);
    },
    reset: () => setState({ phase: 'idle' }),
  };
}
