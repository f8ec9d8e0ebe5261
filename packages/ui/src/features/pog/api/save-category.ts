import type { ApiClient } from '@khel/core/client';
import { type PogTheme, pogRoutes } from '@khel/core/contract';
import { unwrap } from '../../../lib/api-result.ts';
import { useMintWrite } from './mint-write.ts';

/** POST /pog/mint/category: the theme and category (AvatarCategorySelection → CharacterSelection). */
export async function saveCategory(client: ApiClient, body: { theme: PogTheme; category: string }) {
  return unwrap(await client.request(pogRoutes.pogSaveCategory, { body }));
}

export function useSaveCategory() {
  return useMintWrite(saveCategory);
}
