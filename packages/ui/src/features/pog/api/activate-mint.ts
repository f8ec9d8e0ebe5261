import type { ApiClient } from '@khel/core/client';
import { type PogChainKind, pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/activate: mint the card (evm on the website, ton in the Mini App); the Mini App without a TON wallet gets 'Connect a TON wallet to mint your card in Telegram.'. */
export async function activateMint(client: ApiClient, chain: PogChainKind) {
  return unwrap(await client.request(pogRoutes.pogActivate, { body: { chain } }));
}

export function useActivateMint() {
  return useMintWrite(activateMint);
}
