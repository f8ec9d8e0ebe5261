/**
 * What a first screen costs the main thread while it waits for its answers (issue 25): each visitor screen is
 * loaded with every API request held unanswered, so its placeholders stay, and Chromium's own counters
 * (`Performance.getMetrics`: task time, style recalculations, layouts) are read over BENCH_WAIT_SECONDS (3), from
 * BENCH_SETTLE_SECONDS (2) after its first paint (once its scripts have rendered the screen's loading state). The bare Vite + React page, which has nothing to wait for, is measured the same way in the same
 * rounds. On a phone this is the time the screen's scripts lose to its loading state (multiply by the 4 × of
 * Lighthouse's mobile profile). Prints the median of BENCH_ROUNDS (3) interleaved rounds; asserts nothing.
 *
 * The Mini App's home is measured too, opened as Telegram opens it (the e2e tests' Telegram client), its sign-in held.
 * BENCH_WEB_DIST / BENCH_MINIAPP_DIST measure other builds (e.g. an older commit's).
 */
import { loadavg } from 'node:os';
import {
  installTelegramClient,
  miniAppUrl,
  randomTelegramId,
  signInitData,
} from '../tests/e2e/support/telegram-client.ts';
import { launchChromium, newPhonePage } from '../tests/fixtures/browser.ts';
import { ensureFrontEndsBuilt } from '../tooling/scripts/lib.mjs';
import { startBenchApp } from './app-server.ts';
import { buildBarePage, serveBarePage } from './bare-page-server.ts';
import { median, positive, ROUNDS } from './support.ts';

type Browser = Awaited<ReturnType<typeof launchChromium>>;

const WAIT_SECONDS = positive('BENCH_WAIT_SECONDS', 3);
/** After the first paint, the scripts load and render the screen's shell; the waiting state is read after that. */
const SETTLE_SECONDS = positive('BENCH_SETTLE_SECONDS', 2);
const SCREENS = ['/', '/k-quest/', '/pog', '/k-drop/campaigns', '/klash'];
/** Shaped like a real token (`<bot id>:<35 characters>`); the Mini App's init data is signed with it. */
const BOT_TOKEN = '7000000003:AABench_khel-waiting-screens-token-1';

interface Reading {
  taskMsPerSecond: number;
  recalcsPerSecond: number;
  layoutsPerSecond: number;
}

async function measure(browser: Browser, url: string, telegram: boolean): Promise<Reading> {
  const page = await newPhonePage(browser);
  try {
    // The Mini App is opened as Telegram opens it: the client's bridge is in the page before it loads.
    if (telegram) await installTelegramClient(page);
    // Held, never answered: the screen stays in its loading state.
    await page.route('**/api/**', () => {});
    await page.goto(url);
    await page.evaluate(
      () =>
        new Promise<void>((painted) => {
          if (performance.getEntriesByName('first-contentful-paint').length > 0) painted();
          else new PerformanceObserver(() => painted()).observe({ type: 'paint', buffered: true });
        }),
    );
    await page.waitForTimeout(SETTLE_SECONDS * 1000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const read = async () =>
      Object.fromEntries(
        (await cdp.send('Performance.getMetrics')).metrics.map((m: { name: string; value: number }) => [
          m.name,
          m.value,
        ]),
      ) as Record<string, number>;
    const before = await read();
    const started = performance.now();
    await page.waitForTimeout(WAIT_SECONDS * 1000);
    const after = await read();
    const seconds = (performance.now() - started) / 1000;
    const per = (key: string) => (after[key]! - before[key]!) / seconds;
    return {
      taskMsPerSecond: per('TaskDuration') * 1000,
      recalcsPerSecond: per('RecalcStyleCount'),
      layoutsPerSecond: per('LayoutCount'),
    };
  } finally {
    await page.context().close();
  }
}

async function main(): Promise<void> {
  const WEB_DIST = process.env.BENCH_WEB_DIST;
  if (!WEB_DIST) await ensureFrontEndsBuilt({ quiet: true });
  await buildBarePage();
  const bare = await serveBarePage();
  const MINIAPP_DIST = process.env.BENCH_MINIAPP_DIST;
  const app = await startBenchApp('waiting-screens', {
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    ...(WEB_DIST ? { WEB_DIST } : {}),
    ...(MINIAPP_DIST ? { MINIAPP_DIST } : {}),
  });
  const browser = await launchChromium();
  const targets = [
    { label: 'bare Vite + React page', url: () => `${bare.origin}/`, telegram: false },
    ...SCREENS.map((path) => ({
      label: `website ${path} (visitor)`,
      url: () => `${app.base}${path}`,
      telegram: false,
    })),
    {
      // Held, its Telegram sign-in keeps the Mini App on its screen skeleton.
      label: 'Mini App home (signing in)',
      url: () =>
        miniAppUrl(app.base, signInitData(BOT_TOKEN, { id: randomTelegramId(), first_name: 'Bench' })),
      telegram: true,
    },
  ];
  const readings = new Map<string, Reading[]>(targets.map((t) => [t.label, []]));
  try {
    for (let round = 1; round <= ROUNDS; round++)
      for (const target of targets) {
        const reading = await measure(browser, target.url(), target.telegram);
        readings.get(target.label)!.push(reading);
        console.log(
          `round ${round}/${ROUNDS} ${target.label}: ${reading.taskMsPerSecond.toFixed(0)} ms of tasks a second, ` +
            `${reading.recalcsPerSecond.toFixed(1)} style recalculations a second (load ${loadavg()[0]!.toFixed(1)})`,
        );
      }
  } finally {
    await browser.close();
    await app.close();
    await bare.close();
  }
  console.log(
    `\nMain thread while a first screen waits for its answers (API held), ${WAIT_SECONDS} s from ${SETTLE_SECONDS} s after its first paint, ` +
      `median of ${ROUNDS}, unthrottled (× 4 for Lighthouse's phone); server on ${app.database}\n`,
  );
  console.log(
    `${'page'.padEnd(36)}${'task ms/s'.padStart(10)}${'recalcs/s'.padStart(11)}${'layouts/s'.padStart(11)}`,
  );
  for (const [label, list] of readings)
    console.log(
      `${label.padEnd(36)}${median(list.map((r) => r.taskMsPerSecond))
        .toFixed(1)
        .padStart(10)}` +
        `${median(list.map((r) => r.recalcsPerSecond))
          .toFixed(1)
          .padStart(11)}` +
        `${median(list.map((r) => r.layoutsPerSecond))
          .toFixed(1)
          .padStart(11)}`,
    );
}

await main();
