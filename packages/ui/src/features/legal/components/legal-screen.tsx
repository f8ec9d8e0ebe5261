import '../legal.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { currentLanguage } from '../../../i18n/index.ts';
import { LEGAL_ROUTES, type LegalDocumentId } from '../../../routes/route-table.ts';
import { Link, useLocation } from '../../../routing/index.ts';
import { useLegalTexts } from '../api/get-legal-texts.ts';
import type { LegalDocument, LegalScreenTexts, LegalTexts } from '../documents/types.ts';
import { formatEffectiveDate } from '../lib/legal-markup.ts';
import { LegalText } from './legal-text.tsx';

/** From this width the table of contents is a column beside the text, open from the start. */
const WIDE_QUERY = '(min-width: 960px)';

export interface LegalScreenProps {
  documentId: LegalDocumentId;
}

/**
 * /terms-and-conditions, /privacy-policy, /aml-kyc-policy and /risk-disclosure-policy: one legal
 * document in the reader's language (its chunk fetched on the way in), with its version and date,
 * a table of contents whose entries are the sections' anchors (`/privacy-policy#retention`), and
 * links to the other three documents. Keeps the query (SPEC §2 display flags) on every link.
 */
export function LegalScreen({ documentId }: LegalScreenProps) {
  const { t, i18n } = useTranslation();
  const texts = useLegalTexts(currentLanguage(i18n));
  const { hash, search } = useLocation();
  const route = LEGAL_ROUTES.find((r) => r.document === documentId) ?? LEGAL_ROUTES[0];
  const doc = texts.data?.documents[documentId];
  const title = doc?.title ?? t(`routes.${route.document}`);
  const docsNav = useRef<HTMLElement>(null);

  // On a phone the four documents scroll sideways: bring the current one into sight.
  useEffect(() => {
    const nav = docsNav.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    const offset = current.getBoundingClientRect().left - nav.getBoundingClientRect().left;
    if (offset < 0 || offset + current.offsetWidth > nav.clientWidth) nav.scrollLeft += offset - 16;
  }, [documentId]);

  // The text arrives after the address: go to the section the address names once it is there. A
  // frame later, so the app shell's scroll to the top on a new page has already happened.
  useEffect(() => {
    if (!doc || !hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return;
      target.scrollIntoView({ block: 'start' });
      target.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [doc, hash]);

  return (
    <Page title={title}>
      <div className="legal" lang={texts.data?.language}>
        <header className="legal__head">
          <h1 className="page-title legal__title" id="top" tabIndex={-1}>
            {title}
          </h1>
          {doc && texts.data && <VersionLine doc={doc} texts={texts.data} />}
        </header>
        <nav className="legal__docs" ref={docsNav} aria-label={texts.data?.ui.documents ?? t('footer.legal')}>
          {LEGAL_ROUTES.map((r) => (
            <Link
              key={r.path}
              className="legal__doc-link"
              to={{ pathname: r.path, search }}
              aria-current={r.document === documentId ? 'page' : undefined}
            >
              {texts.data?.documents[r.document].title ?? t(`routes.${r.document}`)}
            </Link>
          ))}
        </nav>
        {texts.isPending && <LoadingState skeletonLines={8} />}
        {texts.isError && !texts.data && <ErrorState onRetry={texts.retry} />}
        {doc && texts.data && (
          <DocumentBody doc={doc} ui={texts.data.ui} path={route.path} search={search}>
            <nav className="legal__others" aria-labelledby="legal-others-title">
              <h2 className="section-title" id="legal-others-title">
                {texts.data.ui.otherDocuments}
              </h2>
              <ul>
                {LEGAL_ROUTES.filter((r) => r.document !== documentId).map((r) => (
                  <li key={r.path}>
                    <Link to={{ pathname: r.path, search }}>{texts.data?.documents[r.document].title}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          </DocumentBody>
        )}
      </div>
    </Page>
  );
}

/** Dates in the documents' language; English as read in India (24 November 2026). */
const DATE_LOCALE: Record<LegalTexts['language'], string> = { en: 'en-IN', hi: 'hi-IN', 'pt-BR': 'pt-BR' };

function VersionLine({ doc, texts }: { doc: LegalDocument; texts: LegalTexts }) {
  const date = formatEffectiveDate(doc.effectiveDate, DATE_LOCALE[texts.language]);
  return (
    <p className="legal__version">
      {texts.ui.versionLine.replace('{{version}}', doc.version).replace('{{date}}', date)}
    </p>
  );
}

function DocumentBody({
  doc,
  ui,
  path,
  search,
  children,
}: {
  doc: LegalDocument;
  ui: LegalScreenTexts;
  path: string;
  search: string;
  children: React.ReactNode;
}) {
  const toc = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (toc.current && window.matchMedia?.(WIDE_QUERY).matches) toc.current.open = true;
  }, []);
  const anchor = (hash: string) => ({ pathname: path, search, hash });
  return (
    <div className="legal__layout">
      <details className="legal__toc" ref={toc}>
        <summary className="legal__toc-title">{ui.contents}</summary>
        <ol className="legal__toc-list">
          {doc.sections.map((section) => (
            <li key={section.id}>
              <Link to={anchor(`#${section.id}`)} replace>
                {section.heading}
              </Link>
            </li>
          ))}
        </ol>
      </details>
      <article className="legal__article" aria-labelledby="top">
        <p className="legal__summary">
          <LegalText text={doc.summary} />
        </p>
        {doc.sections.map((section, index) => (
          <section key={section.id} className="legal__section" aria-labelledby={section.id}>
            <h2 className="legal__heading" id={section.id} tabIndex={-1}>
              <span className="legal__number">{index + 1}.</span> {section.heading}
            </h2>
            {section.body.map((block, i) =>
              typeof block === 'string' ? (
                <p key={i}>
                  <LegalText text={block} />
                </p>
              ) : (
                <ul key={i} className="legal__list">
                  {block.map((item, j) => (
                    <li key={j}>
                      <LegalText text={item} />
                    </li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
        <p className="legal__note">{ui.translationNote}</p>
        <Link className="legal__top" to={anchor('#top')} replace>
          {ui.backToTop}
        </Link>
        {children}
      </article>
    </div>
  );
}
