import '../analytics.css';
import { ANALYTICS_DEFAULT_RANGE_DAYS, type AnalyticsReport } from '@khel/core/contract';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Field } from '../../../components/field.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { downloadCsv, OPERATOR_TOKEN_KEY, type Range, useOperatorReport } from '../api/operator-analytics.ts';
import { BarList, LineChart } from './charts.tsx';

const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const defaultRange = (): Range => ({
  from: dayOf(Date.now() - (ANALYTICS_DEFAULT_RANGE_DAYS - 1) * DAY_MS),
  to: dayOf(Date.now()),
});

function storedToken(): string {
  try {
    return sessionStorage.getItem(OPERATOR_TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function TokenForm({ onToken, refused }: { onToken: (token: string) => void; refused: boolean }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) onToken(value.trim());
  };
  return (
    <form className="card ops-token" onSubmit={submit}>
      <h2 className="section-title">{t('analytics.tokenHeading')}</h2>
      <p className="ops-muted">{t('analytics.tokenIntro')}</p>
      <Field
        label={t('analytics.token')}
        type="password"
        autoComplete="off"
        value={value}
        error={refused ? t('analytics.badToken') : undefined}
        onValueChange={setValue}
      />
      <Button type="submit" variant="primary" block>
        {t('analytics.open')}
      </Button>
    </form>
  );
}

function CsvButton({ report, token, range }: { report: AnalyticsReport; token: string; range: Range }) {
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

function Section({
  report,
  token,
  range,
  title,
  children,
}: {
  report: AnalyticsReport;
  token: string;
  range: Range;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card ops-section" aria-label={title} data-report={report}>
      <div className="ops-section__head">
        <h2 className="section-title">{title}</h2>
        <CsvButton report={report} token={token} range={range} />
      </div>
      {children}
    </section>
  );
}

function Dashboard({ token, range, onRefused }: { token: string; range: Range; onRefused: () => void }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const formatDateTime = useFormatDateTime();
  const overview = useOperatorReport('overview', token, range);
  const funnel = useOperatorReport('funnel', token, range);
  const signups = useOperatorReport('signups', token, range);
  const utm = useOperatorReport('utm', token, range);
  const refused = [overview.error, funnel.error, signups.error, utm.error].some(
    (error) => isApiError(error) && error.status === 401,
  );
  useEffect(() => {
    if (refused) onRefused();
  }, [refused, onRefused]);
  if (refused) return null;
  const state = (q: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }) =>
    q.isPending ? (
      <LoadingState skeletonLines={3} />
    ) : q.isError ? (
      <ErrorState message={describeError(q.error)} onRetry={() => void q.refetch()} />
    ) : null;
  const refreshedAt = overview.data?.refreshedAt;

  return (
    <>
      {overview.data && (
        <p className="ops-muted" role="status">
          {refreshedAt
            ? t('analytics.refreshedAt', { time: formatDateTime(refreshedAt) })
            : t('analytics.notRefreshed')}
        </p>
      )}
      <div className="ops-grid">
        <Section report="overview" token={token} range={range} title={t('analytics.overview.heading')}>
          {state(overview)}
          {overview.data && (
            <>
              <LineChart
                label={t('analytics.overview.heading')}
                days={overview.data.days.map((d) => d.day)}
                series={[
                  {
                    name: t('analytics.overview.activeUsers'),
                    className: 'chart--a',
                    values: overview.data.days.map((d) => d.activeUsers),
                  },
                  {
                    name: t('analytics.overview.sessions'),
                    className: 'chart--b',
                    values: overview.data.days.map((d) => d.sessions),
                  },
                  {
                    name: t('analytics.overview.signUps'),
                    className: 'chart--c',
                    values: overview.data.days.map((d) => d.signUps),
                  },
                ]}
              />
              <h3 className="ops-subtitle">{t('analytics.overview.byChannel')}</h3>
              <BarList
                label={t('analytics.overview.byChannel')}
                rows={overview.data.sessionsByChannel.map((c) => ({ name: c.channel, count: c.count }))}
              />
              <h3 className="ops-subtitle">{t('analytics.overview.byDevice')}</h3>
              <BarList
                label={t('analytics.overview.byDevice')}
                rows={overview.data.sessionsByDevice.map((c) => ({ name: c.device, count: c.count }))}
              />
            </>
          )}
        </Section>
        <Section report="funnel" token={token} range={range} title={t('analytics.funnel.heading')}>
          {state(funnel)}
          {funnel.data && (
            <BarList
              label={t('analytics.funnel.heading')}
              rows={funnel.data.steps.map((s, i) => {
                const before = i > 0 ? funnel.data.steps[i - 1]!.count : 0;
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
        <Section report="signups" token={token} range={range} title={t('analytics.signups.heading')}>
          {state(signups)}
          {signups.data && (
            <>
              <h3 className="ops-subtitle">{t('analytics.signups.byMethod')}</h3>
              <BarList
                label={t('analytics.signups.byMethod')}
                rows={signups.data.byMethod.map((m) => ({ name: m.method, count: m.count }))}
              />
              <h3 className="ops-subtitle">{t('analytics.signups.byCountry')}</h3>
              <BarList
                label={t('analytics.signups.byCountry')}
                rows={signups.data.byCountry.map((m) => ({ name: m.location, count: m.count }))}
              />
            </>
          )}
        </Section>
        <Section report="utm" token={token} range={range} title={t('analytics.utm.heading')}>
          {state(utm)}
          {utm.data && utm.data.links.length === 0 && <EmptyState message={t('analytics.utm.empty')} />}
          {utm.data && utm.data.links.length > 0 && (
            <ul className="ops-links">
              {utm.data.links.map((l) => (
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
      </div>
    </>
  );
}

/**
 * /operator/analytics: operators' dashboard (not in the gamers' navigation). The operator pastes their
 * token (kept in sessionStorage only); daily activity, the funnel, sign-ups and UTM links are drawn in SVG,
 * each with a CSV download.
 */
export function OperatorAnalyticsScreen() {
  useTextPart('analytics');
  const { t } = useTranslation();
  const [token, setToken] = useState(storedToken);
  const [refused, setRefused] = useState(false);
  const [draft, setDraft] = useState<Range>(defaultRange);
  const [range, setRange] = useState<Range>(draft);
  const keep = (next: string) => {
    try {
      if (next) sessionStorage.setItem(OPERATOR_TOKEN_KEY, next);
      else sessionStorage.removeItem(OPERATOR_TOKEN_KEY);
    } catch {
      // Storage blocked: the token lives in memory for this page only.
    }
    setToken(next);
  };
  return (
    <Page title={t('analytics.title')} width="wide">
      <div className="ops-head">
        <h1 className="page-title">{t('analytics.title')}</h1>
        {token && (
          <Button variant="secondary" size="small" onClick={() => keep('')}>
            {t('analytics.forget')}
          </Button>
        )}
      </div>
      {!token ? (
        <TokenForm
          refused={refused}
          onToken={(next) => {
            setRefused(false);
            keep(next);
          }}
        />
      ) : (
        <>
          <form
            className="ops-range"
            onSubmit={(e) => {
              e.preventDefault();
              if (draft.from && draft.to)
                setRange(draft.from <= draft.to ? draft : { from: draft.to, to: draft.from });
            }}
          >
            <Field
              label={t('analytics.from')}
              type="date"
              value={draft.from}
              max={draft.to}
              onValueChange={(from) => setDraft((d) => ({ ...d, from }))}
            />
            <Field
              label={t('analytics.to')}
              type="date"
              value={draft.to}
              min={draft.from}
              onValueChange={(to) => setDraft((d) => ({ ...d, to }))}
            />
            <Button type="submit" variant="primary">
              {t('analytics.apply')}
            </Button>
          </form>
          {refused && <Notice tone="error">{t('analytics.badToken')}</Notice>}
          <Dashboard
            token={token}
            range={range}
            onRefused={() => {
              setRefused(true);
              keep('');
            }}
          />
        </>
      )}
    </Page>
  );
}
