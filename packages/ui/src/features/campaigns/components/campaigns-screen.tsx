import '../../../components/money/money.css';
import '../campaigns.css';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Page } from '../../../components/page.tsx';
import { EarnSwitch } from '../../../components/tasks/switch.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useQueryParams } from '../../../hooks/use-query-params.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { Link } from '../../../routing/index.ts';
import { useCampaigns } from '../api/get-campaigns.ts';
import { CAMPAIGN_TABS, type CampaignTab, isCampaignTab, tabQuery } from '../lib/campaign-view.ts';
import { CampaignCard } from './campaign-card.tsx';
import { useNow } from './campaign-timer.tsx';

/** Card-shaped placeholders while the list loads. */
function CampaignSkeletons() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className="campaign-grid" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="campaign-card campaign-card--skeleton">
            <span className="campaign-skeleton__art" />
            <span className="campaign-skeleton__line" />
            <span className="campaign-skeleton__line campaign-skeleton__line--short" />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /k-drop/campaigns: the Featured, Live, Upcoming and Ended tabs (`?tab=`, from campaigns/by-state)
 * as game cards with their variant badge, timer, reward and slots; skeletons while loading, the
 * SPEC §2 empty text, an error with retry.
 */
export function CampaignsScreen() {
  useTextPart('campaigns');
  useTextPart('quests');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [params] = useQueryParams();
  const raw = params.get('tab');
  const tab: CampaignTab = isCampaignTab(raw) ? raw : 'featured';
  const campaigns = useCampaigns(tabQuery(tab));
  const now = useNow(1000);
  const list = campaigns.data?.campaigns ?? [];
  return (
    <Page title={t('campaigns.title')}>
      <EarnSwitch current="campaigns" />
      <header className="campaigns-hero">
        <h1 className="page-title">{t('campaigns.title')}</h1>
        <p className="campaigns-hero__intro">{t('campaigns.intro')}</p>
      </header>
      <nav className="chips chips--scroll campaign-tabs" aria-label={t('campaigns.tabs.label')}>
        {CAMPAIGN_TABS.map((id) => (
          <Link
            key={id}
            className="chip"
            to={id === 'featured' ? '/k-drop/campaigns' : `/k-drop/campaigns?tab=${id}`}
            replace
            aria-current={id === tab ? 'page' : undefined}
          >
            {t(`campaigns.tabs.${id}`)}
          </Link>
        ))}
      </nav>
      {campaigns.isPending ? (
        <CampaignSkeletons />
      ) : campaigns.isError ? (
        <ErrorState message={describeError(campaigns.error)} onRetry={() => void campaigns.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="campaign-grid">
          {list.map((c) => (
            <li key={c.id}>
              <CampaignCard campaign={c} now={now} />
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}
