import { Link } from '../routing/index.ts';

const TAG = /<(\w+)>([^<]*)<\/\1>/g;

/**
 * A translated sentence whose `<name>words</name>` parts are links to `links[name]` (app paths), e.g.
 * 'See our <privacy>Privacy policy</privacy>.' with `{ privacy: '/privacy-policy' }`. Used instead
 * of react-i18next's <Trans>, which would put its HTML parser into the first download (the vendor
 * chunk). A tag without a link stays as plain words.
 */
export function LinkedText({ text, links }: { text: string; links: Record<string, string> }) {
  const parts: React.ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name, label] = match as unknown as [string, string, string];
    const at = match.index ?? 0;
    if (at > last) parts.push(text.slice(last, at));
    const to = links[name];
    parts.push(
      to ? (
        <Link key={at} to={to}>
          {label}
        </Link>
      ) : (
        label
      ),
    );
    last = at + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
