import '../offerwall.css';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link, useParams } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useOfferwallUrl } from '../api/get-offerwall-url.ts';

/**
 * /offerwall/ and /quest-details/{slug}/offerwall (SPEC §2): the offer provider's wall in a frame.
 * Offers finished there come back to us by the provider's signed postback, as K-Points. A visitor is
 * asked to sign in first (the wall is made for one user).
 */
export function OfferwallScreen() {
  useTextPart('quests');
  const { t } = useTranslation();
  const { slug } = useParams();
  const signedIn = useIsSignedIn();
  const openModal = useUiStore((s) => s.openModal);
  const wall = useOfferwallUrl();
  const title = slug ? t('quests.offerwall.questTitle') : t('quests.offerwall.title');

  return (
    <Page title={title}>
      <div className="offerwall">
        {slug && (
          <Link className="offerwall__back" to={`/quest-details/${encodeURIComponent(slug)}`}>
            ← {t('quests.offerwall.backToQuest')}
          </Link>
        )}
        <h1 className="page-title">{title}</h1>
        <p className="offerwall__intro">{t('quests.offerwall.intro')}</p>
        {!signedIn ? (
          <div className="offerwall__sign-in">
            <p>{t('quests.offerwall.signIn')}</p>
            <Button variant="primary" onClick={() => openModal('login')}>
              {t('quests.offerwall.signInButton')}
            </Button>
          </div>
        ) : wall.isPending ? (
          <LoadingState skeletonLines={3} />
        ) : wall.isError ? (
          <ErrorState message={t('quests.offerwall.unavailable')} onRetry={() => wall.refetch()} />
        ) : (
          <OfferwallFrame url={wall.data.url} sandbox={wall.data.sandbox} />
        )}
      </div>
    </Page>
  );
}

/** The wall itself: the provider's page in a frame (ours, marked as such, outside production). */
export function OfferwallFrame({ url, sandbox }: { url: string; sandbox: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      {sandbox && <Notice tone="info">{t('quests.offerwall.sandbox')}</Notice>}
      <iframe
        className="offerwall__frame"
        title={t('quests.offerwall.frameTitle')}
        src={url}
        sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      <p className="offerwall__note">{t('quests.offerwall.credited')}</p>
    </>
  );
}
