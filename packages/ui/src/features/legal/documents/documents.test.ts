import { describe, expect, it } from 'vitest';
import { LEGAL_ROUTES, type LegalDocumentId, SCREEN_PATHS } from '../../../routes/route-table.ts';
import { loadLegalTexts } from '../api/get-legal-texts.ts';
import { parseLegalText, plainText } from '../lib/legal-markup.ts';
import { legalEn } from './en.ts';
import { legalHi } from './hi.ts';
import { LEGAL_META } from './meta.ts';
import { legalPtBR } from './pt-br.ts';
import type { LegalTexts } from './types.ts';

const LANGUAGES = { en: legalEn, hi: legalHi, 'pt-BR': legalPtBR } as const;
const IDS = LEGAL_ROUTES.map((r) => r.document);

/** Every text of a document: summary, headings, paragraphs and list items. */
function textsOf(texts: LegalTexts, id: LegalDocumentId): string[] {
  const doc = texts.documents[id];
  return [
    doc.title,
    doc.summary,
    ...doc.sections.flatMap((s) => [s.heading, ...s.body.flatMap((b) => (typeof b === 'string' ? [b] : b))]),
  ];
}

/** The link targets of each section, in order (the same in every language). */
function linksOf(texts: LegalTexts, id: LegalDocumentId): string[][] {
  const doc = texts.documents[id];
  return [doc.summary, ...doc.sections.map((s) => s.body.flat().join('\n'))].map((text) =>
    parseLegalText(text).flatMap((p) => (p.kind === 'link' ? [p.target] : [])),
  );
}

describe('legal documents', () => {
  it('there are four, one per SPEC §2 legal route, in all three languages', () => {
    expect([...IDS].sort()).toEqual([
      'amlKycPolicy',
      'privacyPolicy',
      'riskDisclosurePolicy',
      'termsAndConditions',
    ]);
    for (const [language, texts] of Object.entries(LANGUAGES)) {
      expect(texts.language).toBe(language);
      expect(Object.keys(texts.documents).sort()).toEqual([...IDS].sort());
    }
  });

  for (const id of IDS) {
    describe(id, () => {
      it('has a version and an effective date, the same in every language', () => {
        for (const texts of Object.values(LANGUAGES)) {
          const doc = texts.documents[id];
          expect(doc.id).toBe(id);
          expect(doc.version).toMatch(/^\d+\.\d+$/);
          expect(doc.effectiveDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
          expect(Number.isNaN(Date.parse(doc.effectiveDate))).toBe(false);
          expect(doc.version).toBe(LEGAL_META[id].version);
          expect(doc.effectiveDate).toBe(LEGAL_META[id].effectiveDate);
        }
        expect(LEGAL_META[id]).toMatchObject({ version: '1.0', effectiveDate: '2026-11-24' });
      });

      it('has the same sections, with the same anchors in the same order, in every language', () => {
        for (const texts of Object.values(LANGUAGES)) {
          const sections = texts.documents[id].sections;
          expect(sections.map((s) => s.id)).toEqual([...LEGAL_META[id].sections]);
          // Same shape too: paragraphs and lists in the same places, lists of the same length.
          expect(sections.map((s) => s.body.map((b) => (typeof b === 'string' ? 'p' : b.length)))).toEqual(
            legalEn.documents[id].sections.map((s) =>
              s.body.map((b) => (typeof b === 'string' ? 'p' : b.length)),
            ),
          );
        }
        expect(LEGAL_META[id].sections.length).toBeGreaterThanOrEqual(10);
      });

      it('has no empty title, summary, heading, paragraph or list item', () => {
        for (const texts of Object.values(LANGUAGES)) {
          const doc = texts.documents[id];
          for (const section of doc.sections) expect(section.body.length, section.id).toBeGreaterThan(0);
          for (const text of textsOf(texts, id)) expect(plainText(text).trim().length).toBeGreaterThan(1);
        }
      });

      it('is translated, not copied: Hindi in Devanagari, Portuguese different from the English', () => {
        const english = textsOf(legalEn, id);
        const hindi = textsOf(legalHi, id);
        const portuguese = textsOf(legalPtBR, id);
        hindi.forEach((text, i) => {
          expect(text, english[i]).toMatch(/[\u0900-\u097F]/);
        });
        portuguese.forEach((text, i) => {
          expect(text).not.toBe(english[i]);
        });
      });

      it('links to the same places in every language, and every app link leads somewhere real', () => {
        const english = linksOf(legalEn, id);
        expect(linksOf(legalHi, id)).toEqual(english);
        expect(linksOf(legalPtBR, id)).toEqual(english);
        const appPaths = new Set<string>([
          ...LEGAL_ROUTES.map((r) => r.path),
          ...Object.values(SCREEN_PATHS),
        ]);
        for (const target of english.flat()) {
          if (target.startsWith('mailto:')) continue;
          if (target.startsWith('https://')) continue;
          const [path, anchor] = target.split('#') as [string, string | undefined];
          expect(appPaths.has(path), target).toBe(true);
          const route = LEGAL_ROUTES.find((r) => r.path === path);
          if (anchor) expect(route && LEGAL_META[route.document].sections, target).toContain(anchor);
        }
      });

      it('names its contact address', () => {
        expect(
          linksOf(legalEn, id)
            .flat()
            .some((t) => t.startsWith('mailto:')),
        ).toBe(true);
      });
    });
  }

  it('say what the product does: sandboxed providers, Aadhaar kept as a vault record and 4 digits, TDS, the 14-day grace period, bought K-Cash not collectable', () => {
    const privacy = textsOf(legalEn, 'privacyPolicy').join('\n');
    expect(privacy).toContain('last 4 digits');
    expect(privacy).toContain('never appear in our logs');
    expect(privacy).toContain('GeoLite2 data created by MaxMind');
    expect(privacy).toContain('14 days');
    expect(privacy).toContain('sandboxes');
    const aml = textsOf(legalEn, 'amlKycPolicy').join('\n');
    expect(aml).toContain('section 194BA');
    expect(aml).toContain('Rule 133');
    expect(aml).toContain('30%');
    expect(aml).toContain('Prevention of Money-Laundering Act, 2002');
    const risk = textsOf(legalEn, 'riskDisclosurePolicy').join('\n');
    expect(risk).toContain('Promotion and Regulation of Online Gaming Act, 2025');
    expect(risk).toContain('not legal tender');
    const terms = textsOf(legalEn, 'termsAndConditions').join('\n');
    expect(terms).toContain('at least 18 years old');
    expect(terms).toContain('governed by the laws of India');
  });

  it('the screen words carry {{version}} and {{date}} in every language', () => {
    for (const texts of Object.values(LANGUAGES)) {
      expect(texts.ui.versionLine).toContain('{{version}}');
      expect(texts.ui.versionLine).toContain('{{date}}');
      for (const text of Object.values(texts.ui)) expect(text.trim()).not.toBe('');
    }
  });

  it('each language loads as its own module', async () => {
    expect(await loadLegalTexts('en')).toBe(legalEn);
    expect(await loadLegalTexts('hi')).toBe(legalHi);
    expect(await loadLegalTexts('pt-BR')).toBe(legalPtBR);
  });
});

describe('bundle: the documents stay out of the first download', () => {
  // Every source file of @khel/ui, as text.
  const sources = import.meta.glob<string>(['../../../**/*.ts', '../../../**/*.tsx'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('no module imports a document statically (only get-legal-texts.ts, with import())', () => {
    const statics = Object.entries(sources)
      .filter(([file]) => !/\.test\.tsx?$/.test(file) && !file.includes('/test/'))
      .filter(([, code]) => /^import[^;]*from\s+'[^']*documents\/(en|hi|pt-br)\.ts'/m.test(code))
      .map(([file]) => file);
    expect(statics).toEqual([]);
    const loader = sources['../api/get-legal-texts.ts'] ?? '';
    expect(loader.match(/import\('\.\.\/documents\/(en|hi|pt-br)\.ts'\)/g)).toHaveLength(3);
    expect(Object.keys(sources).length).toBeGreaterThan(100);
  });

  it('every link into a document section from the screens (KYC consent, buying, deletion) names a real section', () => {
    const links = Object.entries(sources)
      .filter(([file]) => !/\.test\.tsx?$/.test(file) && !file.includes('/legal/'))
      .flatMap(([, code]) => [
        ...code.matchAll(
          /'(\/(?:terms-and-conditions|privacy-policy|aml-kyc-policy|risk-disclosure-policy))#([\w-]+)'/g,
        ),
      ])
      .map((m) => [m[1], m[2]] as const);
    expect([...new Set(links.map(([path, id]) => `${path}#${id}`))].sort()).toEqual(
      [
        '/aml-kyc-policy#verification',
        '/privacy-policy#kyc-data',
        '/privacy-policy#retention',
        '/risk-disclosure-policy#bought-kcash',
        '/terms-and-conditions#buying',
      ].sort(),
    );
    for (const [path, id] of links) {
      const route = LEGAL_ROUTES.find((r) => r.path === path);
      expect(route && LEGAL_META[route.document].sections, `${path}#${id}`).toContain(id);
    }
  });
});
