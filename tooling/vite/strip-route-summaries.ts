/**
 * The contract's route `summary` texts are for the OpenAPI document the API serves; no screen reads
 * them, yet every screen that calls the API downloads the whole route table (bundle-budget.mjs). This
 * empties them in the front ends' builds: `summary: '…'` (one plain string literal) in
 * packages/core/src/contract becomes `summary: ''`. Some 290 routes: about 4 KB gzip off each such
 * screen, made to give the TON deposits' routes (issue 27) room within the budget.
 */
const CONTRACT_FILE = /packages\/core\/src\/contract\/[^/]+\.ts$/;
const SUMMARY = /(\bsummary:\s*)(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\$]|\\.)*`)/g;

export function stripRouteSummaries() {
  return {
    name: 'khel-strip-route-summaries',
    apply: 'build' as const,
    transform(code: string, id: string) {
      if (!CONTRACT_FILE.test(id.split('?')[0]!) || !code.includes('summary')) return null;
      return { code: code.replace(SUMMARY, "$1''"), map: null };
    },
  };
}
