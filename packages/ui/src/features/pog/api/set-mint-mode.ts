import type { ApiClient } from '@khel/core/client';
import { type MintMode, pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** PUT /pog/mint/mode: quick_mint or customize_pog, before the avatar is made. */
export async function setMintMode(client: ApiClient, mode: MintMode) {
  return unwrap(await client.request(pogRoutes.pogSetMode, { body: { mode } }));
}

export function useSetMintMode() {
  return useMintWrite(setMintMode);
}
