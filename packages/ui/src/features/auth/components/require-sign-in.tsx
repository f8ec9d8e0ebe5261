import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page.tsx';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useNavigate } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';

/**
 * Renders `children` for a signed-in user; otherwise opens the login modal (SPEC §2: shown unless
 * tokens exist) over an empty page; the Page's modal host loads it. Closing it without signing in
 * goes home.
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
    </Page>
  );
}
