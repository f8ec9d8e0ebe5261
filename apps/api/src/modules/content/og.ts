import type { ContentKind, ContentReaderLanguage } from '@khel/core/contract';
import type { AppDeps } from '../../lib/context.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { contentDetail } from './articles.ts';

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const PAGE = /^\/(article|video)-details\/([a-z0-9-]{1,80})\/*$/i;

/**
 * The page `<title>`, Open Graph and X card tags of `/article-details/<slug>` and `/video-details/<slug>`
 * (website and Mini App), so a shared article or video previews with its title, summary and cover. Null for any
 * other page, or an item that is not published.
 */
export function contentHead(deps: AppDeps) {
  return async (path: string, query: URLSearchParams): Promise<string | null> => {
    const match = PAGE.exec(path);
    if (!match) return null;
    const kind = match[1]!.toLowerCase() as ContentKind;
    const slug = match[2]!.toLowerCase();
    const asked = query.get('lang');
    const lang: ContentReaderLanguage = asked === 'hi' || asked === 'pt-BR' ? asked : 'en';
    const item = await contentDetail(deps.db, kind, slug, lang, deps.clock()).catch(() => null);
    if (!item) return null;
    const origin = publicOrigin(deps.env);
    const url = `${origin}/${kind}-details/${item.slug}`;
    const image = `${origin}${item.coverUrl}`;
    const title = `${item.title} · Khel`;
    const tags: [string, string, string][] = [
      ['property', 'og:type', kind === 'video' ? 'video.other' : 'article'],
      ['property', 'og:site_name', 'Khel'],
      ['property', 'og:title', item.title],
      ['property', 'og:description', item.summary],
      ['property', 'og:url', url],
      ['property', 'og:image', image],
      ['property', 'og:locale', lang === 'hi' ? 'hi_IN' : lang === 'pt-BR' ? 'pt_BR' : 'en_US'],
      ['name', 'description', item.summary],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', item.title],
      ['name', 'twitter:description', item.summary],
      ['name', 'twitter:image', image],
    ];
    if (item.publishedAt && kind === 'article')
      tags.push(['property', 'article:published_time', item.publishedAt]);
    return `<title>${escapeHtml(title)}</title>${tags
      .map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`)
      .join('')}`;
  };
}
