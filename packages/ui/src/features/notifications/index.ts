export {
  getNotificationSettings,
  notificationSettingsQueryKey,
  updateNotificationSetting,
  updateNotificationSettings,
  useNotificationSettings,
  useUpdateNotificationSettings,
} from './api/notification-settings.ts';
export {
  NotificationSettingsCard,
  type NotificationSettingsCardProps,
} from './components/notification-settings-card.tsx';
