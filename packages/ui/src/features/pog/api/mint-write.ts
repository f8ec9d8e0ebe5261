import type { ApiClient } from '@khel/core/client';
import type { PogMintStatus } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../providers/api-context.ts';
import { applyMintStatus } from './pog-keys.ts';

/** A write of the mint flow: each answers the new status, which the screen then shows. */
export function useMintWrite<V>(run: (client: ApiClient, vars: V) => Promise<PogMintStatus>) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(client, vars),
    onSuccess: (status) => applyMintStatus(queryClient, status),
  });
}
