import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../hooks/use-format-date-time.ts';
import { useTextPart } from '../i18n/use-text-part.ts';
import { SCREEN_PATHS } from '../routes/route-table.ts';
import { Link } from '../routing/index.ts';

export interface DeletionPendingNoticeProps {
  /** When the account is erased (ISO). */
  dueAt: string;
  /** Where it shows: home tells what happens; the K-Cash purchase tells why it is closed. */
  place: 'home' | 'buy';
}

/**
 * A pending deletion, said where it matters (home, Buy K-Cash): the date, and a link to cancel
 * on /delete-user-account. Its texts are in the `account` part, fetched only when it shows.
 */
export function DeletionPendingNotice({ dueAt, place }: DeletionPendingNoticeProps) {
  useTextPart('account');
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const date = Number.isNaN(Date.parse(dueAt)) ? dueAt : formatDateTime(dueAt);
  return (
    <section
      className="card deletion-notice"
      role="status"
      aria-labelledby={`deletion-notice-${place}`}
      data-testid="deletion-notice"
    >
      <h2 className="section-title" id={`deletion-notice-${place}`}>
        {t('account.deletionNotice.title')}
      </h2>
      <p>{t(place === 'home' ? 'account.deletionNotice.home' : 'account.deletionNotice.buy', { date })}</p>
      <Link className="button button--secondary" to={SCREEN_PATHS.deleteAccount}>
        {t('account.deletionNotice.cancel')}
      </Link>
    </section>
  );
}
