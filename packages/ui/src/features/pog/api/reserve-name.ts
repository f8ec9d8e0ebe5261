import type { ApiClient } from '@khel/core/client';
import { type MintMode, pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/reserve-name: reserve (or change, before the mint) the name; 409 'Username already taken!'. */
export async function reserveName(client: ApiClient, body: { name: string; mode: MintMode }) {
  return unwrap(await client.request(pogRoutes.pogReserveName, { body }));
}

export function useReserveName() {
  return useMintWrite(reserveName);
}
