import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useUiStore } from '../../../stores/ui-store.ts';

// The sign-in form (and its phone rules) loads only when someone signed out needs it.
const LoginModal = lazy(() => import('./login-modal.tsx').then((m) => ({ default: m.LoginModal })));

/**
 * Renders `children` for a signed-in user; otherwise opens the login modal over an empty page.
 * Closing the modal without signing in goes home.
 */
export function RequireSignIn({ children, title }: { children: ReactNode; title?: string }) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const navigate = useNavigate();
  const openModal = useUiStore((s) => s.openModal);
  const resetModal = useUiStore((s) => s.resetModal);

  useEffect(() => {
    if (signedIn) return;
    openModal('login', { onClose: () => navigate('/', { replace: true }) });
    return () => resetModal();
  }, [signedIn, openModal, resetModal, navigate]);

  if (signedIn) return children;
  return (
    <Page title={title ?? t('auth.modalTitle')}>
      <section className="card signin-gate">
        <p className="signin-gate__text">{t('auth.modalTitle')}</p>
      </section>
      <Suspense fallback={<LoadingState />}>
        <LoginModal />
      </Suspense>
    </Page>
  );
}
