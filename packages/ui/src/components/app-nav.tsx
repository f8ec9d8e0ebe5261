import { useTranslation } from 'react-i18next';
import { useTextPart } from '../i18n/use-text-part.ts';
import { useApi } from '../providers/api-context.ts';
import { SCREEN_PATHS } from '../routes/route-table.ts';
import { NavLink, useLocation } from '../routing/index.ts';
import { APP_TABS, MINI_APP_TABS } from './app-tabs.ts';
import { TabGlyph } from './tab-glyph.tsx';

/**
 * The tabs every screen carries: a top bar on desktop (inside the header), a bottom tab bar on
 * phones (≤767 px, above the home indicator's safe area). Both are rendered; the style sheet shows
 * the one that fits, so exactly one is in the accessibility tree. The Mini App has no header: its
 * five tabs (MINI_APP_TABS) are the bottom bar at every width.
 */
export default function AppNav({ placement }: { placement: 'top' | 'bottom' }) {
  const { t } = useTranslation();
  useTextPart('feed');
  const tabs = useApi().platform === 'telegram' ? MINI_APP_TABS : APP_TABS;
  // The Mini App's / is its home.
  const atRoot = useLocation().pathname === SCREEN_PATHS.root;
  return (
    <nav className={`app-nav app-nav--${placement}`} aria-label={t('feed.nav.label')}>
      <ul className="app-nav__list">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.to === SCREEN_PATHS.home}
              className={({ isActive }) =>
                `app-nav__tab${isActive || (atRoot && tab.to === SCREEN_PATHS.home) ? ' app-nav__tab--active' : ''}`
              }
            >
              <TabGlyph icon={tab.icon} />
              <span className="app-nav__label">{t(tab.label)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
