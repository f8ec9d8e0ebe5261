import '../analytics.css';
import { ANALYTICS_DEFAULT_RANGE_DAYS } from '@khel/core/contract';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { OPERATOR_TOKEN_KEY, type Range, useOperatorReport } from '../api/operator-analytics.ts';
import { FunnelSection, OverviewSection, SignupsSection, UtmSection } from './report-sections.tsx';

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

function Dashboard({ token, range, onRefused }: { token: string; range: Range; onRefused: () => void }) {
  const { t } = useTranslation();
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
  const refreshedAt = overview.data?.refreshedAt;
  const scope = { token, range };

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
        <OverviewSection scope={scope} query={overview} />
        <FunnelSection scope={scope} query={funnel} />
        <SignupsSection scope={scope} query={signups} />
        <UtmSection scope={scope} query={utm} />
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
