import type { ApiClient } from '@khel/core/client';
import { type AnalyticsReport, analyticsRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { shouldRetry, unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

/** Kept for this tab only (sessionStorage): an operator's token never outlives the tab. */
export const OPERATOR_TOKEN_KEY = 'khel.operatorToken';

export interface Range {
  from: string;
  to: string;
}

const headersOf = (token: string) => ({ authorization: `Operator ${token}` });

const ROUTES = {
  overview: analyticsRoutes.analyticsOverview,
  funnel: analyticsRoutes.analyticsFunnel,
  signups: analyticsRoutes.analyticsSignups,
  utm: analyticsRoutes.analyticsUtm,
} as const;

async function fetchReport<K extends AnalyticsReport>(
  client: ApiClient,
  report: K,
  token: string,
  range: Range,
  signal?: AbortSignal,
) {
  const route = ROUTES[report] as (typeof ROUTES)[K];
  // One call shape for the four reports; the contract types each answer.
  const request = client.request as (
    r: typeof route,
    o: { query: Range; headers: Record<string, string>; signal?: AbortSignal },
  ) => ReturnType<typeof client.request<typeof route>>;
  return unwrap(
    await request(route, { query: range, headers: headersOf(token), ...(signal ? { signal } : {}) }),
  );
}

export function useOperatorReport<K extends AnalyticsReport>(report: K, token: string, range: Range) {
  const { client } = useApi();
  return useQuery({
    queryKey: ['operator-analytics', report, token, range.from, range.to],
    queryFn: ({ signal }) => fetchReport(client, report, token, range, signal),
    retry: shouldRetry,
    enabled: token !== '',
  });
}

/** GET /operator/analytics/export.csv as a file the browser saves. */
export async function downloadCsv(client: ApiClient, report: AnalyticsReport, token: string, range: Range) {
  const query = new URLSearchParams({ report, ...range });
  const res = await fetch(`${client.baseUrl}${analyticsRoutes.analyticsExport.path}?${query}`, {
    headers: headersOf(token),
  });
  if (!res.ok) throw new Error(`CSV export answered ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = `khel-${report}-${range.from}-${range.to}.csv`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
