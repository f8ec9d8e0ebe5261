import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { runCli } from '../operators/cli.ts';
import { cliThroughApp } from '../operators/operators.test-support.ts';
import { seedDemoQuests } from '../quests/catalogue.ts';
import { operatorAuth } from './klash.test-support.ts';
import { checkKlashFile } from './klash-cli.ts';

const EXAMPLES = new URL('../../../../../docs/examples/klash-tournaments.json', import.meta.url);

describe('the klash CLI commands on pglite', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    await seedDemoQuests(ctx.deps.db, ctx.now());
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('checks the example file, creates and opens its tournaments, cancels one and refuses a bad file', async () => {
    expect(checkKlashFile(readFileSync(EXAMPLES, 'utf8')).problems).toEqual([]);
    const { lines, out, viaApp, source } = cliThroughApp(ctx, await operatorAuth(ctx));
    expect(await runCli(['klash', 'create', EXAMPLES.pathname, '--open'], out, viaApp, source)).toBe(0);
    // Scheduled, or registering once the example's dates have come.
    expect(lines).toEqual([
      expect.stringMatching(/^diwali-racer-cup: (scheduled|registration_open|registration_closed)$/),
      expect.stringMatching(/^runes-squad-sprint: (scheduled|registration_open|registration_closed)$/),
    ]);
    expect(
      await runCli(['klash', 'cancel', 'diwali-racer-cup', 'Venue', 'closed'], out, viaApp, source),
    ).toBe(0);
    expect(lines.at(-1)).toBe('diwali-racer-cup: cancelled, 0 fee(s) to refund');
    const bad = checkKlashFile(JSON.stringify([{ slug: 'x-cup', format: 'bracket' }]));
    expect(bad.problems.length).toBeGreaterThan(0);
    expect(bad.problems[0]).toMatch(/^x-cup: /);
    expect(await runCli(['klash', 'settle'], out, viaApp, source)).toBe(2);
  });
});
