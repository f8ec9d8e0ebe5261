import { useTranslation } from 'react-i18next';
import { Link } from '../routing/index.ts';
import { MINI_APP_SHORTCUTS } from './app-tabs.ts';
import { TabGlyph } from './tab-glyph.tsx';

/**
 * The Mini App home's row of the screens without a tab there (Store, Earnings, POG, Klash, Rkade): with
 * five tabs at most (MINI_APP_TABS), they stay one tap away. Styled by the Mini App (tma.css).
 */
export function AppShortcuts() {
  const { t } = useTranslation();
  return (
    <nav className="app-shortcuts" aria-label={t('feed.nav.more')}>
      <ul className="app-shortcuts__list">
        {MINI_APP_SHORTCUTS.map((shortcut) => (
          <li key={shortcut.to}>
            <Link className="app-shortcuts__item" to={shortcut.to}>
              <TabGlyph icon={shortcut.icon} />
              <span className="app-shortcuts__label">{t(shortcut.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
