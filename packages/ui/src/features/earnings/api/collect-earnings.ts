import type { ApiClient } from '@khel/core/client';
import { type CollectResult, earningRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';

/**
 * POST /collect-earning/:id/collect, or /collect-earning/collect-all without an id. A money write:
 * `idempotencyKey` is made when the confirmation opens and sent again on every retry of it, so a
 * retried request never collects twice. A 422 here is thrown by the client with the API's message
 * (SPEC §8), never the wallet modal.
 */
export async function collectEarnings(
  client: ApiClient,
  earningId: string | null,
  idempotencyKey: string,
): Promise<CollectResult> {
  return unwrap(
    earningId
      ? await client.request(earningRoutes.earningCollect, { params: { id: earningId }, idempotencyKey })
      : await client.request(earningRoutes.earningsCollectAll, { idempotencyKey }),
  );
}
