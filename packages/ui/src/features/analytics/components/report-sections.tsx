import type { AnalyticsReport } from '@khel/core/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useApi } from '../../../providers/api-context.ts';
import { downloadCsv, type Range, type useOperatorReport } from '../api/operator-analytics.ts';
import { BarList, LineChart } from './charts.tsx';

type ReportQuery<K extends AnalyticsReport> = ReturnType<typeof useOperatorReport<K>>;

/** Which report, for whom and when: what a section's CSV download asks for. */
export interface ReportScope {
  token: string;
  range: Range;
}

function CsvButton({ report, token, range }: { report: AnalyticsReport } & ReportScope) {
  const { t } = useTranslation();
  const { client } = useApi();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const name = t(`analytics.reports.${report}`);
  return (
    <Button
      variant="ghost"
      size="small"
      busy={state === 'busy'}
      aria-label={t('analytics.downloadCsv', { report: name })}
      className={state === 'failed' ? 'ops-csv ops-csv--failed' : 'ops-csv'}
      onClick={() => {
        setState('busy');
        downloadCsv(client, report, token, range).then(
          () => setState('idle'),
          () => setState('failed'),
        );
      }}
    >
      {t('analytics.csv')}
    </Button>
  );
}

/** A report's card: its title, its CSV download, and loading / error or what the report draws. */
function Section({
  report,
  scope,
  title,
  query,
  children,
}: {
  report: AnalyticsReport;
  scope: ReportScope;
  title: string;
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  const describeError = useErrorMessage();
  return (
    <section className="card ops-section" aria-label={title} data-report={report}>
      <div className="ops-section__head">
        <h2 className="section-title">{title}</h2>
        <CsvButton report={report} token={scope.token} range={scope.range} />
      </div>
      {query.isPending ? (
        <LoadingState skeletonLines={3} />
      ) : query.isError ? (
        <ErrorState message={describeError(query.error)} onRetry={() => void query.refetch()} />
      ) : null}
      {children}
    </section>
  );
}

/** Daily active users, sessions and sign-ups; sessions by channel and by device. */
export function OverviewSection({ scope, query }: { scope: ReportScope; query: ReportQuery<'overview'> }) {
  const { t } = useTranslation();
  const { data } = query;
  return (
    <Section report="overview" scope={scope} title={t('analytics.overview.heading')} query={query}>
      {data && (
        <>
          <LineChart
            label={t('analytics.overview.heading')}
            days={data.days.map((d) => d.day)}
            series={[
              {
                name: t('analytics.overview.activeUsers'),
                className: 'chart--a',
                values: data.days.map((d) => d.activeUsers),
              },
              {
                name: t('analytics.overview.sessions'),
                className: 'chart--b',
                values: data.days.map((d) => d.sessions),
              },
              {
                name: t('analytics.overview.signUps'),
                className: 'chart--c',
                values: data.days.map((d) => d.signUps),
              },
            ]}
          />
          <h3 className="ops-subtitle">{t('analytics.overview.byChannel')}</h3>
          <BarList
            label={t('analytics.overview.byChannel')}
            rows={data.sessionsByChannel.map((c) => ({ name: c.channel, count: c.count }))}
          />
          <h3 className="ops-subtitle">{t('analytics.overview.byDevice')}</h3>
          <BarList
            label={t('analytics.overview.byDevice')}
            rows={data.sessionsByDevice.map((c) => ({ name: c.device, count: c.count }))}
          />
        </>
      )}
    </Section>
  );
}

/** The sign-up funnel, each step with its share of the one before. */
export function FunnelSection({ scope, query }: { scope: ReportScope; query: ReportQuery<'funnel'> }) {
  const { t } = useTranslation();
  const { data } = query;
  return (
    <Section report="funnel" scope={scope} title={t('analytics.funnel.heading')} query={query}>
      {data && (
        <BarList
          label={t('analytics.funnel.heading')}
          rows={data.steps.map((s, i) => {
            const before = i > 0 ? data.steps[i - 1]!.count : 0;
            const percent = before > 0 ? `${((s.count / before) * 100).toFixed(1)}%` : null;
            return {
              name: t(`analytics.funnel.${s.step}`),
              count: s.count,
              ...(percent ? { note: t('analytics.funnel.ofPrevious', { percent }) } : {}),
            };
          })}
        />
      )}
    </Section>
  );
}

/** Sign-ups by method and by country. */
export function SignupsSection({ scope, query }: { scope: ReportScope; query: ReportQuery<'signups'> }) {
  const { t } = useTranslation();
  const { data } = query;
  return (
    <Section report="signups" scope={scope} title={t('analytics.signups.heading')} query={query}>
      {data && (
        <>
          <h3 className="ops-subtitle">{t('analytics.signups.byMethod')}</h3>
          <BarList
            label={t('analytics.signups.byMethod')}
            rows={data.byMethod.map((m) => ({ name: m.method, count: m.count }))}
          />
          <h3 className="ops-subtitle">{t('analytics.signups.byCountry')}</h3>
          <BarList
            label={t('analytics.signups.byCountry')}
            rows={data.byCountry.map((m) => ({ name: m.location, count: m.count }))}
          />
        </>
      )}
    </Section>
  );
}

/** Each UTM link's visits, sign-ups and quest completions. */
export function UtmSection({ scope, query }: { scope: ReportScope; query: ReportQuery<'utm'> }) {
  const { t } = useTranslation();
  const { data } = query;
  return (
    <Section report="utm" scope={scope} title={t('analytics.utm.heading')} query={query}>
      {data && data.links.length === 0 && <EmptyState message={t('analytics.utm.empty')} />}
      {data && data.links.length > 0 && (
        <ul className="ops-links">
          {data.links.map((l) => (
            <li key={l.code} className="ops-link" data-code={l.code}>
              <p className="ops-link__title">
                <code>{l.code}</code> · {l.targetType}/{l.slug}
              </p>
              <p className="ops-muted">
                {l.source} / {l.medium} / {l.campaign}
              </p>
              <BarList
                label={l.code}
                rows={[
                  { name: t('analytics.utm.visits'), count: l.visits },
                  { name: t('analytics.utm.signUps'), count: l.signUps },
                  { name: t('analytics.utm.questCompletions'), count: l.questCompletions },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
