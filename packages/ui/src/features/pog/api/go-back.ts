import type { ApiClient } from '@khel/core/client';
import { type MintState, pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/back: one screen back in the avatar flow. */
export async function goBack(client: ApiClient, to: MintState) {
  return unwrap(await client.request(pogRoutes.pogBack, { body: { to } }));
}

export function useMintBack() {
  return useMintWrite(goBack);
}
