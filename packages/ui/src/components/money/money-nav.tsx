import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '../../routing/index.ts';

const LINKS = [
  { to: '/buy-kcash', key: 'buy' },
  { to: '/swap', key: 'swap' },
  { to: '/k-store', key: 'store' },
  { to: '/transaction-history', key: 'history' },
] as const;

/** Links between the money screens, as chips that scroll sideways on a phone; the current one is marked. */
export function MoneyNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const here = pathname.replace(/\/+$/, '');
  return (
    <nav className="money-nav" aria-label={t('money.nav.label')}>
      {LINKS.map((link) => (
        <Link
          key={link.key}
          to={link.to}
          className="chip"
          aria-current={
            here === link.to || (link.to === '/swap' && here === '/currency-exchange') ? 'page' : undefined
          }
        >
          {t(`money.nav.${link.key}`)}
        </Link>
      ))}
    </nav>
  );
}
