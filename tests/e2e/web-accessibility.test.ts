/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  LANGUAGE_RULES,
  type RunOnly,
  seriousViolations,
  shareOut,
  WCAG_TAGS,
  wcagRuleIds,
} from './support/axe.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { walker } from './support/spa-walk.ts';
import { SIGNED_IN_ROUTES, SPEC_ROUTES } from './support/spec-routes.ts';
import { apiSignInByPhone, startSession } from './support/web-session.ts';

/**
 * WCAG 2.1 A and AA as axe-core checks them, on every route of SPEC §2, for a visitor and signed in, in
 * each language: no violation of impact "serious" or "critical" (issue 24). Each problem names the
 * language, the route, the rule and the first elements it found, so a failure says what to mend.
 *
 * English runs every rule of those tags on every route. Hindi and Brazilian Portuguese share the routes
 * out, every other one each (`routesOf`), and run the rules whose outcome can change with the language
 * (`LANGUAGE_RULES`): the screens are the same components with other strings, so a rule about the
 * page's structure (roles, ARIA attributes, lists, nesting, ids, tables) finds in Hindi what it finds
 * in English, while a name, a text alternative, a title, the page's language and the contrast and
 * overflow of longer or other-script text are the translation's own. That every string exists and is
 * not empty in each language is the unit tests' (`packages/ui/src/i18n/resources.test.ts`).
 */

const baseUrl = e2eServer().baseUrl;
/**
 * `E2E_A11Y=full`: every rule on every route in each language (about three times the walk; for a release
 * check or after a change to the screens' structure, not in `npm test`).
 */
const FULL = process.env.E2E_A11Y === 'full';

const RUNS = [
  { language: 'en', rules: 'every WCAG 2.1 A/AA rule on every route' },
  { language: 'hi', rules: 'the rules that depend on the language on every other route' },
  { language: 'pt-BR', rules: 'the rules that depend on the language on the routes Hindi leaves' },
] as const;

/** The routes a language's walk visits (support/axe.ts `shareOut`; all of them in every language with FULL). */
const routesOf = (language: (typeof RUNS)[number]['language'], routes: readonly string[]) =>
  shareOut(language, routes, FULL);

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

/** The serious and critical violations of `runOnly`'s rules on the route as it settled. */
async function violations(route: string, first: boolean, runOnly: RunOnly): Promise<string[]> {
  await show(route, first);
  return seriousViolations(page, route, runOnly);
}

describe('accessibility: WCAG 2.1 A/AA on every SPEC §2 route (axe-core)', () => {
  it('the language rules are WCAG 2.1 A/AA rules of this axe-core, each named once', () => {
    const wcag = wcagRuleIds();
    expect(LANGUAGE_RULES.filter((id) => !wcag.has(id))).toEqual([]);
    expect(new Set(LANGUAGE_RULES).size).toBe(LANGUAGE_RULES.length);
  });

  it.skipIf(FULL)('Hindi and Portuguese share out the routes: each route in exactly one of them', () => {
    for (const routes of [SPEC_ROUTES, SIGNED_IN_ROUTES]) {
      const hi = routesOf('hi', routes);
      const pt = routesOf('pt-BR', routes);
      expect([...hi, ...pt].sort()).toEqual([...routes].sort());
      expect(hi.filter((route) => pt.includes(route))).toEqual([]);
    }
  });

  for (const { language, rules } of RUNS) {
    const what = FULL ? RUNS[0].rules : rules;
    it(`${language}: ${what}, no serious or critical violation, for a visitor and signed in`, async () => {
      const runOnly: RunOnly =
        language === 'en' || FULL
          ? { type: 'tag', values: WCAG_TAGS }
          : { type: 'rule', values: LANGUAGE_RULES };
      await page.addInitScript((lang) => localStorage.setItem('khel-pref.language', lang), language);
      const problems: string[] = [];
      for (const [i, route] of routesOf(language, SPEC_ROUTES).entries())
        problems.push(...(await violations(route, i === 0, runOnly)));
      await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
      for (const [i, route] of routesOf(language, SIGNED_IN_ROUTES).entries())
        problems.push(...(await violations(route, i === 0, runOnly)).map((p) => `signed in: ${p}`));
      expect(problems).toEqual([]);
    }, 600_000);
  }
});
