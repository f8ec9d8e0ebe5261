import { LEGAL_ROUTES } from '../../../routes/route-table.ts';
import { Link, useLocation } from '../../../routing/index.ts';
import { parseLegalText } from '../lib/legal-markup.ts';

const LEGAL_PATHS: readonly string[] = LEGAL_ROUTES.map((r) => r.path);

/**
 * Where an app link of a legal text goes. Between legal documents the query stays, so the SPEC §2
 * display flags (`header=false`, `footer=false`) hold on the next document too.
 */
export function appLinkTarget(target: string, search: string): string {
  const hashAt = target.indexOf('#');
  const path = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : target.slice(hashAt);
  if (!search || path.includes('?') || !LEGAL_PATHS.includes(path)) return target;
  return `${path}${search}${hash}`;
}

/** One paragraph or list item of a legal document, its `[label](target)` links made real. */
export function LegalText({ text }: { text: string }) {
  const { search } = useLocation();
  return (
    <>
      {parseLegalText(text).map((segment, i) => {
        if (segment.kind === 'text') return segment.text;
        if (segment.type === 'app')
          return (
            <Link key={i} to={appLinkTarget(segment.target, search)}>
              {segment.label}
            </Link>
          );
        if (segment.type === 'web')
          return (
            <a key={i} href={segment.target} target="_blank" rel="noopener noreferrer">
              {segment.label}
            </a>
          );
        return (
          <a key={i} href={segment.target}>
            {segment.label}
          </a>
        );
      })}
    </>
  );
}
