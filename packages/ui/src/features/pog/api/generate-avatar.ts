import type { ApiClient } from '@khel/core/client';
import { pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/avatar/generate: make (or refresh) the avatar; 'Refresh limit reached' after the allowance. */
export async function generateAvatar(client: ApiClient) {
  return unwrap(await client.request(pogRoutes.pogGenerateAvatar));
}

export function useGenerateAvatar() {
  return useMintWrite((client: ApiClient, _: undefined) => generateAvatar(client));
}
