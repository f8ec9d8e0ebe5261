import type { ApiClient } from '@khel/core/client';
import { type NotificationKind, type NotificationSettings, notificationsRoutes } from '@khel/core/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const notificationSettingsQueryKey = ['users', 'me', 'notification-settings'] as const;

/** GET /users/me/notification-settings: one switch per kind, and whether the bot can reach the user. */
export async function getNotificationSettings(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<NotificationSettings> {
  return unwrap(await client.request(notificationsRoutes.notificationSettings, signal ? { signal } : {}));
}

/** PUT /users/me/notification-settings: turns one kind on or off; answers every kind. */
export async function updateNotificationSetting(
  client: ApiClient,
  change: { kind: NotificationKind; enabled: boolean },
): Promise<NotificationSettings> {
  return unwrap(
    await client.request(notificationsRoutes.updateNotificationSettings, { body: { settings: [change] } }),
  );
}

export function useNotificationSettings() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: notificationSettingsQueryKey,
      queryFn: ({ signal }) => getNotificationSettings(client, signal),
    }),
  );
}

export function useUpdateNotificationSetting() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: NotificationKind; enabled: boolean }) =>
      updateNotificationSetting(client, change),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
