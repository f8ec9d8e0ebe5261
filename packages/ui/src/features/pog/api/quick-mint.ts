import type { ApiClient } from '@khel/core/client';
import { type PogChainKind, pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/quick-mint: reserve the name if given, an avatar from sensible defaults, and mint, in one tap. */
export async function quickMint(client: ApiClient, body: { name?: string; chain: PogChainKind }) {
  return unwrap(await client.request(pogRoutes.pogQuickMint, { body }));
}

export function useQuickMint() {
  return useMintWrite(quickMint);
}
