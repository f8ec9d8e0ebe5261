import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayFlags } from '../hooks/use-display-flags.ts';
import { useApi, useIsSignedIn } from '../providers/api-context.ts';
import { LEGAL_ROUTES } from '../routes/route-table.ts';
import { Link, useLocation } from '../routing/index.ts';
import { useUiStore } from '../stores/ui-store.ts';
import { Button } from './button.tsx';
import { LanguagePicker } from './language-picker.tsx';
import { ModalHost } from './modal-host.tsx';

// The tabs are a chunk of their own (the first download is at its budget); index.html preloads it
// and paints the same bar before the scripts run.
const AppNav = lazy(() => import('./app-nav.tsx'));
// The operators' footer links (documentation, clan handbook, …): fetched, so out of the first download too.
const SiteFooterLinks = lazy(() => import('./site-footer-links.tsx'));

export interface PageProps {
  /** Document title (the tab shows "<title> · Khel"). */
  title?: string;
  children: ReactNode;
  /**
   * Narrow pages (sign-in, profile) keep a readable measure on wide screens; medium ones (money,
   * earnings, KYC, deletion: cards and forms) a column of about 880 px; wide ones the whole frame.
   */
  width?: 'narrow' | 'medium' | 'wide';
}

/**
 * The page frame: header with the Khel logo and the language picker, content, footer.
 * Honours SPEC §2 display flags (`header=false`, `footer=false`, embedded in a frame).
 * In the Mini App Telegram is the chrome (DESIGN §7: title bar, back and settings buttons, the
 * user's language): no skip link and no header, only the content and the bottom tab bar.
 */
export function Page({ title, children, width = 'wide' }: PageProps) {
  const { t } = useTranslation();
  const flags = useDisplayFlags();
  const appName = t('common.appName');
  const { platform } = useApi();
  const signedIn = useIsSignedIn();
  const { pathname } = useLocation();
  const openModal = useUiStore((s) => s.openModal);
  // The sign-in page shows the form itself; the Mini App signs in through Telegram.
  const onSignInPage = /^\/register\/?$/.test(pathname);
  const showSignIn = platform === 'website' && !signedIn && !onSignInPage;
  const telegram = platform === 'telegram';

  useEffect(() => {
    document.title = title ? `${title} · ${appName}` : appName;
  }, [title, appName]);

  return (
    <div
      className={`page ${flags.embedded ? 'page--embedded' : ''}${flags.showHeader ? ' page--tabs' : ''}${telegram ? ' page--telegram' : ''}`}
    >
      {!telegram && (
        <a className="skip-link" href="#main">
          {t('common.skipToContent')}
        </a>
      )}
      {flags.showHeader && !telegram && (
        <header className="page__header">
          <div className="page__bar">
            <Link to="/" className="logo">
              <span className="logo__mark" aria-hidden="true">
                K
              </span>
              <span className="logo__word">{appName}</span>
            </Link>
            <Suspense fallback={null}>
              <AppNav placement="top" />
            </Suspense>
            <div className="page__actions">
              <LanguagePicker />
              {showSignIn && (
                <Button variant="primary" size="small" onClick={() => openModal('login')}>
                  {t('routes.register')}
                </Button>
              )}
            </div>
          </div>
        </header>
      )}
      <main id="main" className={`page__main page__main--${width}`} tabIndex={-1}>
        {children}
      </main>
      {flags.showFooter && (
        <footer className="page__footer">
          <Suspense fallback={null}>
            <SiteFooterLinks />
          </Suspense>
          <nav aria-label={t('footer.legal')} className="page__footer-links">
            {LEGAL_ROUTES.map((l) => (
              <Link key={l.path} to={l.path}>
                {t(`routes.${l.document}`)}
              </Link>
            ))}
          </nav>
          <p className="page__footer-note">{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </footer>
      )}
      {flags.showHeader && (
        <Suspense fallback={null}>
          <AppNav placement="bottom" />
        </Suspense>
      )}
      <ModalHost exclude={onSignInPage ? 'login' : null} />
    </div>
  );
}
