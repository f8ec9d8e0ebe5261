export {
  getNotificationSettings,
  notificationSettingsQueryKey,
  updateNotificationSetting,
  useNotificationSettings,
  useUpdateNotificationSetting,
} from './api/notification-settings.ts';
export {
  NotificationSettingsCard,
  type NotificationSettingsCardProps,
} from './components/notification-settings-card.tsx';
