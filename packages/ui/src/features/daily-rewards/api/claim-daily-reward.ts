import type { ApiClient } from '@khel/core/client';
import { type DailyReward, dailyRewardsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';
import { dailyRewardQueryKey } from './get-daily-reward.ts';

/** POST /rewards/daily/claim with the intent's Idempotency-Key: a second tap or a retry pays once. */
export async function claimDailyReward(client: ApiClient, idempotencyKey: string): Promise<DailyReward> {
  return unwrap(await client.request(dailyRewardsRoutes.claimDailyReward, { idempotencyKey }));
}

/** Claims; the answer is the new ladder, and the balances are asked again (K-Points moved). */
export function useClaimDailyReward() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) => withConflictRetry(() => claimDailyReward(client, idempotencyKey)),
    onSuccess: (reward) => {
      queryClient.setQueryData(dailyRewardQueryKey, reward);
      return invalidateMoney(queryClient);
    },
  });
}
