import '../notifications.css';
import { NOTIFICATION_KINDS, type NotificationKind } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useNotificationSettings, useUpdateNotificationSetting } from '../api/notification-settings.ts';

export interface NotificationSettingsCardProps {
  /**
   * The bot's chat (`https://t.me/<bot>`), when the front end knows the bot's username: offered as
   * 'Open the bot' while the bot cannot message the user yet. Without it a sentence says what to do.
   */
  botLink?: string | null;
  /** Opens the bot's link (the Mini App: Telegram's openTelegramLink); default: the link itself. */
  onOpenBot?: (url: string) => void;
}

/**
 * /profile: one switch per bot notification kind (GET/PUT /users/me/notification-settings, the same
 * rows as the bot's /settings), and why nothing arrives when the bot is not connected or blocked.
 */
export function NotificationSettingsCard({ botLink, onOpenBot }: NotificationSettingsCardProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSetting();
  const [saving, setSaving] = useState<NotificationKind | null>(null);

  const enabledOf = (kind: NotificationKind) =>
    settings.data?.settings.find((s) => s.kind === kind)?.enabled ?? true;

  const toggle = (kind: NotificationKind, enabled: boolean) => {
    setSaving(kind);
    update.mutate({ kind, enabled }, { onSettled: () => setSaving(null) });
  };

  return (
    <section className="card profile-section" aria-labelledby="notifications-title">
      <h2 className="section-title" id="notifications-title">
        {t('account.profile.notifications.title')}
      </h2>
      {settings.isPending && <LoadingState />}
      {settings.isError && (
        <ErrorState message={describeError(settings.error)} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && (
        <>
          {settings.data.botBlocked ? (
            <Notice tone="info">{t('account.profile.notifications.blocked')}</Notice>
          ) : (
            !settings.data.botConnected &&
            (botLink ? (
              <Notice tone="info" as="div" className="notification-settings__bot">
                <p>{t('account.profile.notifications.notConnected')}</p>
                <a
                  className="button button--secondary button--small"
                  href={botLink}
                  target="_blank"
                  rel="noreferrer"
                  onClick={(event) => {
                    if (!onOpenBot) return;
                    event.preventDefault();
                    onOpenBot(botLink);
                  }}
                >
                  {t('account.profile.notifications.openBot')}
                </a>
              </Notice>
            ) : (
              <Notice tone="info">{t('account.profile.notifications.notConnectedNoLink')}</Notice>
            ))
          )}
          <p className="field__hint">{t('account.profile.notifications.intro')}</p>
          <ul className="notification-settings">
            {NOTIFICATION_KINDS.map((kind) => (
              <li key={kind} className="setting-row">
                <label className="notification-settings__row">
                  <span className="setting-row__value">
                    {t(`account.profile.notifications.kinds.${kind}`)}
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    className="notification-settings__switch"
                    checked={enabledOf(kind)}
                    aria-checked={enabledOf(kind)}
                    disabled={saving !== null}
                    aria-busy={saving === kind || undefined}
                    onChange={(event) => toggle(kind, event.target.checked)}
                  />
                </label>
              </li>
            ))}
          </ul>
          {update.isError && <Notice tone="error">{describeError(update.error)}</Notice>}
        </>
      )}
    </section>
  );
}
