import type { ApiClient } from '@khel/core/client';
import { type DailyReward, dailyRewardsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { loadTextPart } from '../../../i18n/text-parts.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';
import { dailyRewardQueryKey } from './get-daily-reward.ts';

/** POST /rewards/daily/freezes with the intent's Idempotency-Key: a second tap or a retry buys once. */
export async function buyStreakFreeze(client: ApiClient, idempotencyKey: string): Promise<DailyReward> {
  return unwrap(await client.request(dailyRewardsRoutes.buyStreakFreeze, { idempotencyKey }));
}

/**
 * Buys a freeze; the answer is the new daily reward (freezes held), and the balances are asked again
 * (K-Points moved). The refusal for short K-Points is the money part's text: it is loaded beside the request,
 * so the error reads in the reader's language on /home, which loads only the feed's texts.
 */
export function useBuyStreakFreeze() {
  const { client } = useApi();
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (idempotencyKey: string) => {
      const texts = loadTextPart(i18n, 'money');
      try {
        return await withConflictRetry(() => buyStreakFreeze(client, idempotencyKey));
      } finally {
        await texts;
      }
    },
    onSuccess: (reward) => {
      queryClient.setQueryData(dailyRewardQueryKey, reward);
      return invalidateMoney(queryClient);
    },
  });
}
