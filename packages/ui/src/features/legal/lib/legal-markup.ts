/** A piece of a legal text: plain words, or a link written `[label](target)`. */
export type LegalSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; label: string; target: string; type: LinkType };

/** A path of this app (opened by the router), a web address (a new tab) or an email address. */
export type LinkType = 'app' | 'web' | 'mail';

const LINK = /\[([^\]]+)\]\(([^)\s]+)\)/g;

export function linkType(target: string): LinkType | null {
  if (target.startsWith('/') && !target.startsWith('//')) return 'app';
  if (target.startsWith('https://')) return 'web';
  if (target.startsWith('mailto:')) return 'mail';
  return null;
}

/** Splits a text into words and links; a `[x](y)` whose target is none of the three stays text. */
export function parseLegalText(text: string): LegalSegment[] {
  const out: LegalSegment[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const [whole, label, target] = match as unknown as [string, string, string];
    const type = linkType(target);
    if (!type) continue;
    const at = match.index ?? 0;
    if (at > last) out.push({ kind: 'text', text: text.slice(last, at) });
    out.push({ kind: 'link', label, target, type });
    last = at + whole.length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

/** The text as read, links replaced by their labels (search, tests). */
export function plainText(text: string): string {
  return parseLegalText(text)
    .map((s) => (s.kind === 'text' ? s.text : s.label))
    .join('');
}

/** `2026-11-24` in the reader's language: 24 November 2026, 24 नवंबर 2026, 24 de novembro de 2026. */
export function formatEffectiveDate(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
