import type { ApiClient } from '@khel/core/client';
import {
  type ContentDetail,
  type ContentKind,
  type ContentReaderLanguage,
  type ContentSummary,
  contentRoutes,
} from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { shouldRetry, unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

const CONTENT_STALE_MS = 5 * 60_000;

/** The reader's language as the content API names it (English for any other). */
export function useContentLanguage(): ContentReaderLanguage {
  const { i18n } = useTranslation();
  const lang = i18n.resolvedLanguage ?? i18n.language;
  return lang === 'hi' || lang === 'pt-BR' ? lang : 'en';
}

export interface ContentListQuery {
  kind?: ContentKind;
  page?: number;
  limit?: number;
}

/** GET /content: published articles and videos, newest first. */
export async function getContentList(
  client: ApiClient,
  query: ContentListQuery & { lang: ContentReaderLanguage },
  signal?: AbortSignal,
): Promise<{ items: ContentSummary[]; isLastPage: boolean; total: number }> {
  return unwrap(
    await client.request(contentRoutes.contentList, {
      query: {
        lang: query.lang,
        page: query.page ?? 1,
        limit: query.limit ?? 6,
        ...(query.kind ? { kind: query.kind } : {}),
      },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useContentList(query: ContentListQuery = {}) {
  const { client } = useApi();
  const lang = useContentLanguage();
  return useQuery(
    queryOptions({
      queryKey: ['content', 'list', lang, query.kind ?? 'all', query.page ?? 1, query.limit ?? 6] as const,
      queryFn: ({ signal }) => getContentList(client, { ...query, lang }, signal),
      staleTime: CONTENT_STALE_MS,
      retry: shouldRetry,
    }),
  );
}

/** GET /content/:kind/:slug: one article or video in the reader's language. */
export async function getContentDetail(
  client: ApiClient,
  kind: ContentKind,
  slug: string,
  lang: ContentReaderLanguage,
  signal?: AbortSignal,
): Promise<ContentDetail> {
  return unwrap(
    await client.request(contentRoutes.contentDetail, {
      params: { kind, slug },
      query: { lang },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useContentDetail(kind: ContentKind, slug: string) {
  const { client } = useApi();
  const lang = useContentLanguage();
  return useQuery(
    queryOptions({
      queryKey: ['content', 'detail', kind, slug, lang] as const,
      queryFn: ({ signal }) => getContentDetail(client, kind, slug, lang, signal),
      staleTime: CONTENT_STALE_MS,
      retry: shouldRetry,
    }),
  );
}
