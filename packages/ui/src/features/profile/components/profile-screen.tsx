import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage } from '../../../i18n/index.ts';
import { formatPhone } from '../../../lib/phone-format.ts';
import { useProfile } from '../api/get-profile.ts';

/** The signed-in user's profile (GET /users/me/profile). */
export function ProfileScreen() {
  const { t, i18n } = useTranslation();
  const profile = useProfile();
  const describeError = useErrorMessage();

  return (
    <Page title={t('profile.title')} width="narrow">
      <h1 className="page-title">{t('profile.title')}</h1>
      {profile.isPending && <LoadingState skeletonLines={5} />}
      {profile.isError && (
        <ErrorState message={describeError(profile.error)} onRetry={() => void profile.refetch()} />
      )}
      {profile.data && (
        <dl className="card details">
          {(
            [
              [
                t('profile.name'),
                [profile.data.first_name, profile.data.last_name].filter(Boolean).join(' '),
              ],
              [t('profile.username'), profile.data.username],
              [t('profile.phone'), profile.data.phone_number ? formatPhone(profile.data.phone_number) : null],
              [t('profile.email'), profile.data.email],
              [
                t('profile.telegram'),
                profile.data.telegram_username ? `@${profile.data.telegram_username}` : null,
              ],
              [t('profile.verified'), profile.data.is_verified ? t('common.yes') : t('common.no')],
              [t('profile.memberSince'), formatDate(profile.data.created_at, currentLanguage(i18n))],
            ] as const
          ).map(([label, value]) => (
            <div className="details__row" key={label}>
              <dt>{label}</dt>
              <dd className={value ? undefined : 'details__empty'}>{value || t('common.notSet')}</dd>
            </div>
          ))}
        </dl>
      )}
    </Page>
  );
}

function formatDate(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { day: 'numeric', month: 'short', year: 'numeric' }).format(date);
}
