import { beforeEach, describe, expect, it } from 'vitest';
import { LEGAL_ROUTES } from '../../../routes/route-table.ts';
import { renderScreen } from '../../../test/render.tsx';
import { forgetLegalTexts, preloadLegalTexts } from '../api/get-legal-texts.ts';
import { legalEn } from '../documents/en.ts';
import { legalHi } from '../documents/hi.ts';
import { legalPtBR } from '../documents/pt-br.ts';
import { LegalScreen } from './legal-screen.tsx';

beforeEach(() => {
  forgetLegalTexts();
  preloadLegalTexts(legalEn, legalHi, legalPtBR);
});

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('LegalScreen', () => {
  it('renders the title, the version and date, a table of contents of anchors, and every section', () => {
    const html = renderScreen(<LegalScreen documentId="privacyPolicy" />, { at: '/privacy-policy' });
    expect(html).toMatch(/<h1[^>]*>Privacy policy<\/h1>/);
    expect(html).toContain('Version 1.0 · in effect from 24 November 2026');
    expect(html).toContain('<summary class="legal__toc-title">On this page</summary>');
    const sections = legalEn.documents.privacyPolicy.sections;
    for (const [i, section] of sections.entries()) {
      expect(html).toContain(`href="/privacy-policy#${section.id}"`);
      expect(html).toMatch(new RegExp(`<h2 class="legal__heading" id="${section.id}"[^>]*>`));
      expect(text(html)).toContain(`${i + 1}. ${section.heading}`);
    }
    // Inline links are links: to the account deletion page and the MaxMind site (a new tab).
    expect(html).toContain('href="/delete-user-account"');
    expect(html).toMatch(/<a href="https:\/\/www.maxmind.com" target="_blank" rel="noopener noreferrer">/);
    expect(html).toContain('href="mailto:privacy@khel.example"');
  });

  it('links to the four documents, the current one marked, and to the other three at the end', () => {
    const html = renderScreen(<LegalScreen documentId="riskDisclosurePolicy" />, {
      at: '/risk-disclosure-policy',
    });
    for (const route of LEGAL_ROUTES) expect(html).toContain(`href="${route.path}"`);
    expect(html).toMatch(/aria-current="page" href="\/risk-disclosure-policy"/);
    expect(html).toContain('Other legal documents');
    const others = /<nav class="legal__others"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(others).not.toContain('/risk-disclosure-policy');
    expect(others.match(/<a /g)).toHaveLength(3);
  });

  it('in Hindi and Portuguese, with the date in that language', () => {
    const hindi = renderScreen(<LegalScreen documentId="termsAndConditions" />, { language: 'hi' });
    expect(hindi).toMatch(/<h1[^>]*>नियम और शर्तें<\/h1>/);
    expect(hindi).toContain('संस्करण 1.0 · 24 नवंबर 2026 से लागू');
    expect(hindi).toContain('इस पेज पर');
    expect(hindi).toContain('lang="hi"');
    const portuguese = renderScreen(<LegalScreen documentId="amlKycPolicy" />, {
      language: 'pt-BR',
    });
    expect(portuguese).toMatch(/<h1[^>]*>Política de AML e KYC<\/h1>/);
    expect(portuguese).toContain('Versão 1.0 · em vigor desde 24 de novembro de 2026');
    expect(portuguese).toContain('Nesta página');
  });

  it('while its language loads: the title from the route table and the loading state', () => {
    forgetLegalTexts();
    const html = renderScreen(<LegalScreen documentId="amlKycPolicy" />, { at: '/aml-kyc-policy' });
    expect(html).toMatch(/<h1[^>]*>AML &amp; KYC policy<\/h1>/);
    expect(html).toContain('role="status"');
    expect(html).toContain('Loading…');
    expect(html).not.toContain('legal__toc');
  });

  it('keeps the display flags: header=false and footer=false hide them here too, and links keep the query', () => {
    const html = renderScreen(<LegalScreen documentId="privacyPolicy" />, {
      at: '/privacy-policy?header=false&footer=false',
    });
    expect(html).not.toContain('<header class="page__header"');
    expect(html).not.toContain('<footer');
    expect(html).toContain('href="/terms-and-conditions?header=false&amp;footer=false"');
    expect(html).toContain('href="/privacy-policy?header=false&amp;footer=false#retention"');
    const withFooter = renderScreen(<LegalScreen documentId="privacyPolicy" />, {});
    expect(withFooter).toContain('<footer');
  });
});
