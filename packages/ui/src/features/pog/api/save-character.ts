import type { ApiClient } from '@khel/core/client';
import { pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/character: the character (CharacterSelection → StyleSelection). */
export async function saveCharacter(client: ApiClient, character: string) {
  return unwrap(await client.request(pogRoutes.pogSaveCharacter, { body: { character } }));
}

export function useSaveCharacter() {
  return useMintWrite(saveCharacter);
}
