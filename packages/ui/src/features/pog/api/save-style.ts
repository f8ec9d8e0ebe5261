import type { ApiClient } from '@khel/core/client';
import { pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/save-style: the style (StyleSelection → SelfieUpload). */
export async function saveStyle(client: ApiClient, style: string) {
  return unwrap(await client.request(pogRoutes.pogSaveStyle, { body: { style } }));
}

export function useSaveStyle() {
  return useMintWrite(saveStyle);
}
