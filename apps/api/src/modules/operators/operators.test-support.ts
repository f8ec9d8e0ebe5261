import type { TestContext } from '../../test-support.ts';

/**
 * The operator CLI pointed at the test's app in process (as it would be at a server): its output
 * lines (errors prefixed with '! '), the fetch it uses and its settings with the operator's token.
 */
export function cliThroughApp(ctx: TestContext, auth: Record<string, string>) {
  const lines: string[] = [];
  const out = { log: (l: string) => lines.push(l), error: (l: string) => lines.push(`! ${l}`) };
  const viaApp: typeof fetch = (input, init) =>
    Promise.resolve(ctx.app.request(String(input).replace('http://api.test/api', ''), init));
  const source = {
    KHEL_API_URL: 'http://api.test/api',
    KHEL_OPERATOR_TOKEN: auth.authorization!.replace(/^Operator /, ''),
  };
  return { lines, out, viaApp, source };
}
