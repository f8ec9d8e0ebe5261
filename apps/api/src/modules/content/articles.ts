import {
  CONTENT_NOT_FOUND_MESSAGE,
  type ContentDetail,
  type ContentKind,
  type ContentReaderLanguage,
  type ContentSummary,
  type contentInputSchema,
  parseVideoUrl,
  videoEmbedUrl,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { type ContentItemRow, contentItems } from '@khel/db/schema';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, logOperatorAction } from '../../lib/audit.ts';
import { AppError } from '../../lib/http.ts';
import { slugOrId } from '../../lib/slug-or-id.ts';
import { readingMinutes, renderMarkdown } from './markdown.ts';

/** Articles and videos: written by operators (API and CLI), read by everyone once published. */

type ContentInput = z.output<typeof contentInputSchema>;

/** The texts in the reader's language, or English when the item has no such version. */
function versionOf(row: ContentItemRow, lang: ContentReaderLanguage) {
  const version = lang === 'en' ? undefined : row.translations[lang];
  if (version) return { language: lang, ...version };
  return { language: 'en' as const, title: row.title, summary: row.summary, body: row.body };
}

function summaryOf(row: ContentItemRow, lang: ContentReaderLanguage): ContentSummary {
  const v = versionOf(row, lang);
  return {
    kind: row.kind,
    slug: row.slug,
    id: row.id,
    title: v.title,
    summary: v.summary,
    coverUrl: row.coverUrl,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    readingMinutes: readingMinutes(v.body),
    language: v.language,
  };
}

const published = (now: Date) =>
  and(
    eq(contentItems.status, 'published'),
    sql`${contentItems.publishedAt} <= ${now.toISOString()}::timestamptz`,
  );

export async function listContent(
  db: Executor,
  query: { kind?: ContentKind; lang: ContentReaderLanguage; page: number; limit: number },
  now: Date,
) {
  const where = query.kind ? and(published(now), eq(contentItems.kind, query.kind)) : published(now);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(contentItems)
      .where(where)
      .orderBy(desc(contentItems.publishedAt), contentItems.slug)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(contentItems).where(where),
  ]);
  const n = Number(total?.n ?? 0);
  return {
    items: rows.map((r) => summaryOf(r, query.lang)),
    page: query.page,
    limit: query.limit,
    total: n,
    isLastPage: query.page * query.limit >= n,
  };
}

export async function contentDetail(
  db: Executor,
  kind: ContentKind,
  slug: string,
  lang: ContentReaderLanguage,
  now: Date,
): Promise<ContentDetail> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(
      and(published(now), eq(contentItems.kind, kind), slugOrId(contentItems.slug, contentItems.id, slug)),
    );
  if (!row) throw new AppError(404, CONTENT_NOT_FOUND_MESSAGE);
  const v = versionOf(row, lang);
  const video =
    row.videoProvider && row.videoId
      ? {
          provider: row.videoProvider,
          id: row.videoId,
          embedUrl: videoEmbedUrl({ provider: row.videoProvider, id: row.videoId }),
        }
      : null;
  return {
    ...summaryOf(row, lang),
    bodyHtml: renderMarkdown(v.body),
    video,
    languages: ['en' as const, ...(['hi', 'pt-BR'] as const).filter((l) => row.translations[l])],
  };
}

const operatorView = (row: ContentItemRow) => ({
  slug: row.slug,
  kind: row.kind,
  status: row.status,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** Creates or edits an item by slug: a new one is a draft; an edit keeps its status. */
export async function upsertContent(tx: Transaction, input: ContentInput, actor: Actor, now: Date) {
  const video = input.videoUrl ? parseVideoUrl(input.videoUrl) : null;
  const values = {
    slug: input.slug,
    kind: input.kind,
    title: input.title,
    summary: input.summary,
    body: input.body,
    coverUrl: input.coverUrl,
    videoProvider: video?.provider ?? null,
    videoId: video?.id ?? null,
    translations: input.translations,
    updatedAt: now,
    ...(input.publishedAt ? { publishedAt: new Date(input.publishedAt) } : {}),
  };
  const [row] = await tx
    .insert(contentItems)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({ target: contentItems.slug, set: values })
    .returning();
  await logOperatorAction(tx, actor, 'content.upsert', input.slug, { kind: input.kind });
  return operatorView(row!);
}

export async function setContentStatus(
  tx: Transaction,
  slug: string,
  status: 'published' | 'draft',
  actor: Actor,
  now: Date,
) {
  const [row] = await tx
    .update(contentItems)
    .set({
      status,
      updatedAt: now,
      // The first publish dates the item (an operator may have set the date already).
      ...(status === 'published'
        ? { publishedAt: sql`coalesce(${contentItems.publishedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(contentItems.slug, slug))
    .returning();
  if (!row) throw new AppError(404, CONTENT_NOT_FOUND_MESSAGE);
  await logOperatorAction(tx, actor, status === 'published' ? 'content.publish' : 'content.unpublish', slug);
  return operatorView(row);
}

export async function importContent(
  tx: Transaction,
  items: ContentInput[],
  publish: boolean,
  actor: Actor,
  now: Date,
) {
  const out = [];
  for (const item of items) {
    const saved = await upsertContent(tx, item, actor, now);
    out.push(publish ? await setContentStatus(tx, item.slug, 'published', actor, now) : saved);
  }
  return { items: out };
}
