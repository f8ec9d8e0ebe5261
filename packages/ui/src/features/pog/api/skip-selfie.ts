import type { ApiClient } from '@khel/core/client';
import { pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/selfie/skip: go on without a selfie (SelfieUpload → AvatarGenerationPending). */
export async function skipSelfie(client: ApiClient) {
  return unwrap(await client.request(pogRoutes.pogSkipSelfie));
}

export function useSkipSelfie() {
  return useMintWrite((client: ApiClient, _: undefined) => skipSelfie(client));
}
