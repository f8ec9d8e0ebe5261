/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's checks of WCAG 2.1 A and AA, shared by the website's and the Mini App's accessibility walks. */
const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The WCAG 2.1 A/AA rules whose result depends on the strings of a language or on the language itself. */
export const LANGUAGE_RULES = [
  // The page's language: <html lang> follows the chosen language, and lang attributes inside it.
  'html-has-lang',
  'html-lang-valid',
  'html-xml-lang-mismatch',
  'valid-lang',
  // Names and text alternatives, each from a translated string: an empty or missing one is the
  // translation's fault, and a visible label must stay inside the accessible name in every language.
  'area-alt',
  'aria-command-name',
  'aria-input-field-name',
  'aria-meter-name',
  'aria-progressbar-name',
  'aria-tab-name',
  'aria-toggle-field-name',
  'aria-tooltip-name',
  'button-name',
  'document-title',
  'frame-title',
  'frame-title-unique',
  'image-alt',
  'input-button-name',
  'input-image-alt',
  'label',
  'label-content-name-mismatch',
  'link-name',
  'object-alt',
  'role-img-alt',
  'select-name',
  'summary-name',
  'svg-img-alt',
  // Text drawn in another length or script: its contrast where it now falls, links inside wrapped
  // text, and a region that longer text makes scroll.
  'color-contrast',
  'link-in-text-block',
  'scrollable-region-focusable',
];

/**
 * What a language's walk visits: English every page; Hindi the first, third, … and Portuguese the others, so each
 * page is seen in one of the two (each costs about a second on a loaded machine, most of it the page's loading,
 * which fewer rules do not shorten). `all`: every page in every language.
 */
export function shareOut<T>(language: string, pages: readonly T[], all = false): T[] {
  if (language === 'en' || all) return [...pages];
  const parity = language === 'hi' ? 0 : 1;
  return pages.filter((_, index) => index % 2 === parity);
}

/** The ids of axe-core's WCAG 2.1 A/AA rules. */
export function wcagRuleIds(): Set<string> {
  const axe = require('axe-core') as { getRules(tags: string[]): { ruleId: string }[] };
  return new Set(axe.getRules(WCAG_TAGS).map((rule) => rule.ruleId));
}

export type RunOnly = { type: 'tag'; values: string[] } | { type: 'rule'; values: string[] };

interface Found {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** The serious and critical violations of `runOnly`'s rules on the page as it is, each a line naming `where`. */
export async function seriousViolations(page: Page, where: string, runOnly: RunOnly): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const found = await page.evaluate(async (only) => {
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe;
    const result = (await axe.run(document, { runOnly: only, resultTypes: ['violations'] })) as {
      violations: {
        id: string;
        impact: string | null;
        nodes: {
          target: unknown[];
          any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[];
        }[];
      }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => {
        // A contrast failure names its colours, so the message says what to mend.
        const data = n.any.find((check) => check.data?.contrastRatio)?.data;
        const colours = data ? ` [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}]` : '';
        return `${n.target.join(' ')}${colours}`;
      }),
    }));
  }, runOnly);
  return (found as Found[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where} ${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).join(' | ')}`);
}
