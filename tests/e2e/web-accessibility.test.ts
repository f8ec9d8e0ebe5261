/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { walker } from './support/spa-walk.ts';
import { SIGNED_IN_ROUTES, SPEC_ROUTES } from './support/spec-routes.ts';
import { apiSignInByPhone, startSession } from './support/web-session.ts';

/**
 * WCAG 2.1 A and AA as axe-core checks them, on every route of SPEC §2, for a visitor and signed in, in
 * each language: no violation of impact "serious" or "critical" (issue 24). Each problem names the
 * language, the route, the rule and the first elements it found, so a failure says what to mend.
 */

const baseUrl = e2eServer().baseUrl;
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const LANGUAGES = ['en', 'hi', 'pt-BR'] as const;

let page: Page;
let show: ReturnType<typeof walker>;
usePhonePage(
  baseUrl,
  (p) => {
    page = p;
    show = walker(p);
  },
  'a11y',
);

interface Found {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** The serious and critical WCAG 2.1 A/AA violations on the route as it settled. */
async function violations(route: string, first = false): Promise<string[]> {
  await show(route, first);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.map((n) => String(n.target.join(' '))),
    }));
  });
  return (found as Found[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${route} ${v.id} (${v.impact}, ${v.nodes.length}): ${v.nodes.slice(0, 3).join(' | ')}`);
}

describe('accessibility: WCAG 2.1 A/AA on every SPEC §2 route (axe-core)', () => {
  for (const language of LANGUAGES) {
    it(`${language}: no serious or critical violation, for a visitor and signed in`, async () => {
      await page.addInitScript((lang) => localStorage.setItem('khel-pref.language', lang), language);
      const problems: string[] = [];
      for (const [i, route] of SPEC_ROUTES.entries()) problems.push(...(await violations(route, i === 0)));
      await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
      for (const [i, route] of SIGNED_IN_ROUTES.entries())
        problems.push(...(await violations(route, i === 0)).map((p) => `signed in: ${p}`));
      expect(problems).toEqual([]);
    }, 600_000);
  }
});
