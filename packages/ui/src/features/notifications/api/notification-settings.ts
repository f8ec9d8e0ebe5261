import type { ApiClient } from '@khel/core/client';
import {
  type NotificationKind,
  type NotificationSettings,
  type NotificationSettingsChange,
  notificationsRoutes,
} from '@khel/core/contract';
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

/** PUT /users/me/notification-settings: kinds on or off, mute all, quiet hours, their zone; answers them all. */
export async function updateNotificationSettings(
  client: ApiClient,
  change: NotificationSettingsChange,
): Promise<NotificationSettings> {
  return unwrap(await client.request(notificationsRoutes.updateNotificationSettings, { body: change }));
}

/** PUT /users/me/notification-settings: turns one kind on or off; answers every kind. */
export function updateNotificationSetting(
  client: ApiClient,
  change: { kind: NotificationKind; enabled: boolean },
): Promise<NotificationSettings> {
  return updateNotificationSettings(client, { settings: [change] });
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

/** One change to the settings at a time (a kind, mute all, quiet hours or their zone); the answer is cached. */
export function useUpdateNotificationSettings() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: NotificationSettingsChange) => updateNotificationSettings(client, change),
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsQueryKey, settings),
  });
}
