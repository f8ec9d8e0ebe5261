import '../utm.css';
import type { UtmLink } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { CopyField } from '../../../components/copy-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useGeneratedLinks } from '../api/utm-api.ts';
import { LinkForm } from './link-form.tsx';
import { LinkResults } from './link-results.tsx';

function MadeLink({ link }: { link: UtmLink }) {
  const { t } = useTranslation();
  const copy = {
    copyLabel: t('utm.result.copy'),
    copiedLabel: t('utm.result.copied'),
    failedLabel: t('utm.result.copyFailed'),
  };
  return (
    <section className="card utm-made" aria-live="polite">
      <h2 className="section-title">{t('utm.result.heading')}</h2>
      <CopyField label={t('utm.result.shortLink')} value={link.shortUrl} {...copy} />
      <CopyField label={t('utm.result.fullLink')} value={link.targetUrl} {...copy} />
    </section>
  );
}

function MyLinks() {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const formatDateTime = useFormatDateTime();
  const links = useGeneratedLinks();
  const items = links.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <section className="card" aria-labelledby="utm-my-links">
      <h2 className="section-title" id="utm-my-links">
        {t('utm.list.heading')}
      </h2>
      {links.isPending && <LoadingState skeletonLines={3} />}
      {links.isError && !links.data && (
        <ErrorState message={describeError(links.error)} onRetry={() => void links.refetch()} />
      )}
      {links.data && items.length === 0 && <EmptyState message={t('utm.list.empty')} />}
      {items.length > 0 && (
        <ul className="utm-links">
          {items.map((link) => (
            <li key={link.code} className="utm-link" data-code={link.code}>
              <div className="utm-link__head">
                <p className="utm-link__title">
                  {link.target.title}
                  {!link.target.live && <span className="utm-link__ended"> · {t('utm.list.ended')}</span>}
                </p>
                <p className="utm-link__meta">
                  {link.source} / {link.medium} / {link.campaign} · {formatDateTime(link.createdAt)}
                </p>
              </div>
              <CopyField
                label={link.code}
                value={link.shortUrl}
                copyLabel={t('utm.result.copy')}
                copiedLabel={t('utm.result.copied')}
                failedLabel={t('utm.result.copyFailed')}
              />
              <LinkResults link={link} />
            </li>
          ))}
        </ul>
      )}
      {links.hasNextPage && (
        <Button
          variant="secondary"
          block
          onClick={() => void links.fetchNextPage()}
          busy={links.isFetchingNextPage}
        >
          {t('utm.list.loadMore')}
        </Button>
      )}
    </section>
  );
}

/** SPEC §2 /utm-link-generator: make a short link to a quest or campaign, copy it, see each link's results. */
export function UtmLinkGeneratorScreen() {
  useTextPart('utm');
  const { t } = useTranslation();
  const [made, setMade] = useState<UtmLink | null>(null);
  return (
    <Page title={t('utm.title')} width="medium">
      <h1 className="page-title">{t('utm.title')}</h1>
      <p className="utm-intro">{t('utm.intro')}</p>
      <section className="card" aria-labelledby="utm-new-link">
        <h2 className="section-title" id="utm-new-link">
          {t('utm.form.heading')}
        </h2>
        <LinkForm onMade={setMade} />
      </section>
      {made && <MadeLink link={made} />}
      <MyLinks />
    </Page>
  );
}
