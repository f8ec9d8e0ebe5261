import { createRequire } from 'node:module';
import type MarkdownIt from 'markdown-it';

/**
 * Articles' Markdown to HTML, safely: raw HTML in the source is escaped (html: false), links are kept only for
 * http(s), mailto and paths of this site (no javascript:, vbscript:, data: or file:), links to other sites open
 * with rel="noopener noreferrer nofollow", and images only load from this site (another host's picture becomes
 * its alt text: no request to a third party when an article opens).
 */
const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
// What a browser ignores when it reads a scheme: controls, whitespace.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to strip them
const IGNORED = /[\u0000-\u0020\u007f-\u009f]/g;

export function isSafeLink(url: string): boolean {
  const cleaned = url.replace(IGNORED, '');
  return SAFE_LINK.test(cleaned);
}

let renderer: MarkdownIt | undefined;

/**
 * The renderer, made with the first article rendered: markdown-it and its `entities` tables are not loaded
 * when the API starts (a start on an existing database renders nothing). Its CommonJS build, so rendering
 * stays synchronous.
 */
function markdown(): MarkdownIt {
  if (renderer) return renderer;
  const load = createRequire(import.meta.url);
  const MarkdownItClass = load('markdown-it') as typeof MarkdownIt;
  const md = new MarkdownItClass({ html: false, linkify: false, typographer: true, breaks: false });
  md.validateLink = (url) => isSafeLink(url);

  const defaultLinkOpen =
    md.renderer.rules.link_open ??
    ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const href = token.attrGet('href') ?? '';
    if (/^(https?:)?\/\//i.test(href)) {
      token.attrSet('rel', 'noopener noreferrer nofollow');
      token.attrSet('target', '_blank');
    }
    return defaultLinkOpen(tokens, idx, options, env, self);
  };

  const defaultImage =
    md.renderer.rules.image ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!;
    const src = token.attrGet('src') ?? '';
    if (!/^\/(?!\/)/.test(src))
      return md.utils.escapeHtml(self.renderInlineAsText(token.children ?? [], options, env));
    token.attrSet('loading', 'lazy');
    return defaultImage(tokens, idx, options, env, self);
  };
  renderer = md;
  return md;
}

export function renderMarkdown(source: string): string {
  return markdown().render(source);
}

/** Minutes to read at about 200 words a minute, at least one. */
export function readingMinutes(source: string): number {
  const words = source.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return Math.max(1, Math.round(words / 200));
}
