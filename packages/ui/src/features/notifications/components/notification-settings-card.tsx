import '../notifications.css';
import type { NotificationKind, NotificationSettings, NotificationSettingsChange } from '@khel/core/contract';
import { formatClock, PICKABLE_TIME_ZONES, QUIET_HOURS_CHOICES } from '@khel/core/domain';
import { notificationKindsByGroup } from '@khel/core/notification-groups';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useApi } from '../../../providers/api-context.ts';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notification-settings.ts';
import { devicePushTexts } from '../device-push-texts.ts';
import { DevicePushView, immediateDevicePushState } from './device-push-view.tsx';

/** The website's Web Push switch, a chunk of its own (the Mini App never loads it). */
/** The switch with its chunk; until it arrives, the same layout disabled, in what the browser tells at once. */
function DevicePushSection() {
  const { i18n } = useTranslation();
  const texts = devicePushTexts(i18n.language);
  const [initial] = useState(immediateDevicePushState);
  return (
    <Suspense fallback={<DevicePushView state={initial} texts={texts} />}>
      <DevicePushSwitch
        initialState={initial}
        render={(view) => <DevicePushView {...view} texts={texts} />}
      />
    </Suspense>
  );
}

const DevicePushSwitch = lazy(() =>
  import('./device-push-switch.tsx').then((m) => ({ default: m.DevicePushSwitch })),
);

export interface NotificationSettingsCardProps {
  /**
   * The bot's chat (`https://t.me/<bot>`), when the front end knows the bot's username: offered as
   * 'Open the bot' while the bot cannot message the user yet. Without it a sentence says what to do.
   */
  botLink?: string | null;
  /** Opens the bot's link (the Mini App: Telegram's openTelegramLink); default: the link itself. */
  onOpenBot?: (url: string) => void;
}

/** What is being saved: a kind, `group:<group>`, or `muted`, `quietHours`, `timeZone`. */
type Saving = string;

/** A quiet-hours window as a select's value (`22:00-07:00`), and back. */
const windowValue = (q: { start: string; end: string }) => `${q.start}-${q.end}`;
const NO_QUIET_HOURS = 'none';
/** The bot's groups, split once: those of several kinds (a switch each), and the kinds alone in theirs. */
const KIND_GROUPS = notificationKindsByGroup();
const SHARED_GROUPS = KIND_GROUPS.filter(([, kinds]) => kinds.length > 1);
const KINDS_ALONE = KIND_GROUPS.flatMap(([, kinds]) => (kinds.length === 1 ? kinds : []));
const AUTOMATIC_ZONE = 'auto';

/**
 * The quiet hours offered: none, the bot's windows (QUIET_HOURS_CHOICES), and the saved one when it is
 * another (the API takes any window).
 */
export function quietHoursOptions(current: NotificationSettings['quietHours']): string[] {
  const choices = QUIET_HOURS_CHOICES.map((q) =>
    windowValue({ start: formatClock(q.start), end: formatClock(q.end) }),
  );
  const saved = current ? windowValue(current) : null;
  return [NO_QUIET_HOURS, ...choices, ...(saved && !choices.includes(saved) ? [saved] : [])];
}

/** The zones offered: automatic (the country's), the bot's list, and the saved one when it is another. */
export function timeZoneOptions(
  settings: Pick<NotificationSettings, 'timeZone' | 'timeZoneChosen'>,
): string[] {
  const zones: string[] = [...PICKABLE_TIME_ZONES];
  if (settings.timeZoneChosen && !zones.includes(settings.timeZone)) zones.push(settings.timeZone);
  return [AUTOMATIC_ZONE, ...zones];
}

/**
 * /profile (and the Mini App's /settings): the same settings as the bot's /settings (GET/PUT
 * /users/me/notification-settings): one switch that mutes everything (the kinds keep their own switches),
 * quiet hours (the bot's windows of local time) and the zone they are read in (the country's unless one is
 * picked), then the kinds by group, as the bot lists them: a group of several kinds has a switch that turns
 * them all on (or all off when all are on) and says how many are on, and each kind its own switch; a group of
 * one kind is that kind's switch. And why nothing arrives when the bot is not connected or blocked. On the
 * website, first, "Notifications on this device" (Web Push), which follows the same settings.
 */
export function NotificationSettingsCard({ botLink, onOpenBot }: NotificationSettingsCardProps) {
  const { t } = useTranslation();
  const { platform } = useApi();
  const describeError = useErrorMessage();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [saving, setSaving] = useState<Saving | null>(null);
  const quietId = useId();
  const zoneId = useId();

  const enabledOf = (kind: string) => settings.data?.settings.find((s) => s.kind === kind)?.enabled ?? true;

  const save = (what: Saving, change: NotificationSettingsChange) => {
    setSaving(what);
    update.mutate(change, { onSettled: () => setSaving(null) });
  };
  const zoneName = (zone: string) =>
    (PICKABLE_TIME_ZONES as readonly string[]).includes(zone)
      ? t(`account.profile.notifications.zones.${zone as (typeof PICKABLE_TIME_ZONES)[number]}`)
      : zone;

  const kindRow = (kind: NotificationKind) => (
    <li key={kind} className="setting-row">
      <label className="notification-settings__row">
        <span className="setting-row__value">{t(`account.profile.notifications.kinds.${kind}`)}</span>
        <input
          type="checkbox"
          role="switch"
          className="notification-settings__switch"
          checked={enabledOf(kind)}
          aria-checked={enabledOf(kind)}
          disabled={saving !== null}
          aria-busy={saving === kind || undefined}
          onChange={(event) => save(kind, { settings: [{ kind, enabled: event.target.checked }] })}
        />
      </label>
    </li>
  );

  const data = settings.data;
  return (
    <section className="card profile-section" aria-labelledby="notifications-title">
      <h2 className="section-title" id="notifications-title">
        {t('account.profile.notifications.title')}
      </h2>
      {settings.isPending && <LoadingState />}
      {settings.isError && (
        <ErrorState message={describeError(settings.error)} onRetry={() => void settings.refetch()} />
      )}
      {data && (
        <>
          {data.botBlocked ? (
            <Notice tone="info">{t('account.profile.notifications.blocked')}</Notice>
          ) : (
            !data.botConnected &&
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
          {/* The website's own channel: Web Push in this browser (the Mini App lives in Telegram, which has the bot). */}
          {platform === 'website' && <DevicePushSection />}
          <p className="field__hint">{t('account.profile.notifications.intro')}</p>
          <ul className="notification-settings notification-settings--all">
            <li className="setting-row">
              <label className="notification-settings__row">
                <span className="setting-row__value">{t('account.profile.notifications.muteAll')}</span>
                <input
                  type="checkbox"
                  role="switch"
                  className="notification-settings__switch"
                  checked={data.muted}
                  aria-checked={data.muted}
                  disabled={saving !== null}
                  aria-busy={saving === 'muted' || undefined}
                  onChange={(event) => save('muted', { muted: event.target.checked })}
                />
              </label>
            </li>
          </ul>
          {data.muted && <Notice tone="info">{t('account.profile.notifications.mutedHint')}</Notice>}
          <div className="notification-settings__quiet">
            <div className="field">
              <label className="field__label" htmlFor={quietId}>
                {t('account.profile.notifications.quietHours')}
              </label>
              <select
                id={quietId}
                className="field__control field__control--select"
                value={data.quietHours ? windowValue(data.quietHours) : NO_QUIET_HOURS}
                disabled={saving !== null}
                aria-busy={saving === 'quietHours' || undefined}
                aria-describedby={`${quietId}-hint`}
                onChange={(event) => {
                  const [start, end] = event.target.value.split('-');
                  save('quietHours', { quietHours: start && end ? { start, end } : null });
                }}
              >
                {quietHoursOptions(data.quietHours).map((value) => (
                  <option key={value} value={value}>
                    {value === NO_QUIET_HOURS
                      ? t('account.profile.notifications.noQuietHours')
                      : value.replace('-', '–')}
                  </option>
                ))}
              </select>
              <p className="field__hint" id={`${quietId}-hint`}>
                {t('account.profile.notifications.quietHoursHint')}
              </p>
            </div>
            {data.quietHours && (
              <div className="field">
                <label className="field__label" htmlFor={zoneId}>
                  {t('account.profile.notifications.timeZone')}
                </label>
                <select
                  id={zoneId}
                  className="field__control field__control--select"
                  value={data.timeZoneChosen ? data.timeZone : AUTOMATIC_ZONE}
                  disabled={saving !== null}
                  aria-busy={saving === 'timeZone' || undefined}
                  onChange={(event) => {
                    const zone = event.target.value;
                    save('timeZone', { timeZone: zone === AUTOMATIC_ZONE ? null : zone });
                  }}
                >
                  {timeZoneOptions(data).map((zone) => (
                    <option key={zone} value={zone}>
                      {zone !== AUTOMATIC_ZONE
                        ? zoneName(zone)
                        : data.timeZoneChosen
                          ? t('account.profile.notifications.zoneAutoCountry')
                          : t('account.profile.notifications.zoneAuto', { zone: zoneName(data.timeZone) })}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </div>
          {SHARED_GROUPS.map(([group, kinds]) => {
            const on = kinds.filter(enabledOf).length;
            const allOn = on === kinds.length;
            const countId = `${quietId}-${group}-count`;
            return (
              <section
                key={group}
                className="notification-settings__group"
                aria-label={t(`account.profile.notifications.groups.${group}`)}
              >
                <label className="notification-settings__row notification-settings__group-row">
                  <span className="notification-settings__group-name">
                    {t(`account.profile.notifications.groups.${group}`)}
                    <span className="notification-settings__group-count" id={countId}>
                      {t('account.profile.notifications.groupCount', { on, total: kinds.length })}
                    </span>
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    className="notification-settings__switch"
                    checked={allOn}
                    aria-checked={allOn}
                    aria-label={t(`account.profile.notifications.groups.${group}`)}
                    aria-describedby={countId}
                    disabled={saving !== null}
                    aria-busy={saving === `group:${group}` || undefined}
                    onChange={() =>
                      save(`group:${group}`, { settings: kinds.map((kind) => ({ kind, enabled: !allOn })) })
                    }
                  />
                </label>
                <ul className="notification-settings">{kinds.map(kindRow)}</ul>
              </section>
            );
          })}
          <ul className="notification-settings notification-settings__singles">{KINDS_ALONE.map(kindRow)}</ul>
          {update.isError && <Notice tone="error">{describeError(update.error)}</Notice>}
        </>
      )}
    </section>
  );
}
