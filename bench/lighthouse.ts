import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's simulator (Lantern), the same module instance Lighthouse runs: its node timings per estimate.
import * as Lantern from 'lighthouse/core/lib/lantern/lantern.js';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import {
  miniAppUrl,
  NAME_HELPER_SCRIPT,
  randomTelegramId,
  signInitData,
  telegramBridge,
  telegramBridgeArgs,
} from '../tests/e2e/support/telegram-client.ts';
import { apiSignInWithGoogle } from '../tests/e2e/support/web-session.ts';
import { assertChromiumInstalled, CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/fixtures/browser.ts';
import { ensureFrontEndsBuilt } from '../tooling/scripts/lib.mjs';
import { startBenchApp } from './app-server.ts';
import { buildBarePage, serveBarePage } from './bare-page-server.ts';
import { startH2Proxy } from './h2-proxy.ts';
import { keepACoreForTheRenderer } from './renderer-core.ts';

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** Where to write each run's Lighthouse report (JSON), its trace and the simulation's timeline (.lantern.txt), when set. */
const REPORT_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
/** Other builds of the apps to measure (e.g. an older commit's), instead of apps/web/dist and apps/miniapp/dist. */
const WEB_DIST = process.env.BENCH_WEB_DIST;
const MINIAPP_DIST = process.env.BENCH_MINIAPP_DIST;
/** Comma-separated words: measure only the pages whose label holds one (and the bare page). */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES;
/** `true`: both servers reached over HTTPS with HTTP/2 (h2-proxy.ts), as behind a production TLS front. */
const H2 = process.env.BENCH_LIGHTHOUSE_H2 === 'true';
/** Default true: the page's renderer on a core of its own (renderer-core.ts); `false`: every process shares every core. */
const RENDERER_CORE = process.env.BENCH_LIGHTHOUSE_CORE !== 'false';
/** Shaped like a real token (`<bot id>:<35 characters>`); the Mini App's init data is signed with it. */
const BOT_TOKEN = '7000000002:AABench_khel-lighthouse-bench-token-1';

interface Figures {
  lcp: number;
  fcp: number;
  tbt: number;
  /**
   * TBT from the page's CPU time instead of its wall time: Σ max(0, slowdown (4) × CPU time − 50 ms) over the main thread's
   * tasks from the first paint on. Where the two differ, the page's thread waited for a core.
   */
  cpuTbt: number;
  /** Time to interactive (Lighthouse's `interactive` audit). */
  tti: number;
  /** Cumulative layout shift: how far what was painted moved while the page loaded. */
  cls: number;
  score: number;
  /** Script bytes transferred (compressed as sent). */
  jsBytes: number;
  /**
   * Lighthouse's measure of this machine's speed during the run (higher is faster): its simulation
   * multiplies the observed tasks by the CPU slowdown whatever the machine, so TBT reads with it.
   */
  benchmarkIndex: number;
}

interface Target {
  label: string;
  url: () => string;
  /** Runs on a page of the target's origin before each measured load (storage as the case needs). */
  prepare: (page: Page) => Promise<void>;
  origin: string;
  /** Loaded inside a Telegram client: the page gets its bridge (as the e2e tests and bench:interactions do). */
  inTelegram?: boolean;
}

interface LanternNode {
  type: string;
  duration?: number;
  request?: { url?: string };
}
interface LanternTiming {
  startTime: number;
  endTime: number;
}

/** The interactive estimates' node timings as text, one node a line in simulated start order. */
function lanternTimeline(timings: Map<string, Map<LanternNode, LanternTiming>>): string {
  const out: string[] = [];
  for (const [label, nodes] of timings) {
    if (!/interactive/i.test(label)) continue;
    out.push(`== ${label} (simulated start, end, duration ms; what)`);
    const rows = [...nodes.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
    for (const [node, t] of rows) {
      const what =
        node.type === 'cpu'
          ? `main thread ${((node.duration ?? 0) / 1000).toFixed(1)} ms observed`
          : `${node.request?.url?.replace(/^https?:\/\/[^/]+/, '').slice(0, 90)}`;
      out.push(
        `${t.startTime.toFixed(0).padStart(6)} ${t.endTime.toFixed(0).padStart(6)} ${(t.endTime - t.startTime).toFixed(0).padStart(5)}  ${what}`,
      );
    }
  }
  return out.join('\n');
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    frame?: string;
    data?: { isLoadingMainFrame?: boolean; documentLoaderURL?: string };
  };
}

/**
 * Figures.cpuTbt from a Lighthouse trace and its CPU slowdown (NaN when the page's main thread or first paint is
 * not in it).
 */
function cpuBlockingTime(events: TraceEvent[], slowdown: number): number {
  const start = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame &&
      e.args.data.documentLoaderURL?.startsWith('http'),
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.args?.frame === start?.args?.frame);
  const main = events.find(
    (e) =>
      e.ph === 'M' && e.name === 'thread_name' && e.pid === start?.pid && e.args?.name === 'CrRendererMain',
  );
  if (!start || !fcp || !main) return Number.NaN;
  let blocking = 0;
  for (const e of events)
    if (e.name === 'RunTask' && e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.ts >= fcp.ts)
      blocking += Math.max(0, (slowdown * (e.tdur ?? 0)) / 1000 - 50);
  return blocking;
}

// ---------- building and serving ----------

// ---------- measuring ----------

/** What Lighthouse says it ran with (from the last report). */
const settings = {
  version: '',
  formFactor: '',
  throttlingMethod: '',
  throttling: { rttMs: 0, throughputKbps: 0, cpuSlowdownMultiplier: 0 },
};

async function measure(browser: Browser, port: number, target: Target, run: number): Promise<Figures> {
  const page = await browser.newPage();
  try {
    // Storage as the case wants it, then an empty HTTP cache: every run is a first visit.
    await page.goto(`${target.origin}/bench-prepare-404`, { waitUntil: 'load' });
    await target.prepare(page);
    await page.goto('about:blank');
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    // The website's service worker keeps the build's files it has fetched: a first visit has none of them.
    await cdp.send('Storage.clearDataForOrigin', {
      origin: target.origin,
      storageTypes: 'service_workers,cache_storage',
    });
    await cdp.detach();
    if (target.inTelegram) {
      await page.evaluateOnNewDocument(NAME_HELPER_SCRIPT);
      await page.evaluateOnNewDocument(telegramBridge, telegramBridgeArgs());
    }
    const result = await lighthouse(
      target.url(),
      { port, logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${target.label}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${target.label}: ${lhr.runtimeError.message}`);
    const trace = (result.artifacts as { Trace?: { traceEvents: TraceEvent[] } }).Trace;
    if (REPORT_DIR) {
      await mkdir(REPORT_DIR, { recursive: true });
      const name = target.label.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      await writeFile(join(REPORT_DIR, `${name}-${run + 1}.json`), JSON.stringify(lhr));
      // The run's trace, to open in Chromium's Performance panel or to read task by task.
      if (trace) await writeFile(join(REPORT_DIR, `${name}-${run + 1}.trace.json`), JSON.stringify(trace));
    }
    if (REPORT_DIR) {
      // What the simulation did for time to interactive: each network request and each main-thread task it
      // kept (observed duration), with the simulated start and end, in ms. The last long task's end is TTI.
      const name = target.label.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
      const timings = Lantern.Simulation.Simulator.allNodeTimings as Map<
        string,
        Map<LanternNode, LanternTiming>
      >;
      await writeFile(join(REPORT_DIR, `${name}-${run + 1}.lantern.txt`), lanternTimeline(timings));
      timings.clear();
    }
    settings.version = lhr.lighthouseVersion;
    settings.formFactor = lhr.configSettings.formFactor;
    settings.throttlingMethod = lhr.configSettings.throttlingMethod;
    settings.throttling = lhr.configSettings.throttling as typeof settings.throttling;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const summary = lhr.audits['resource-summary']?.details as
      | { items?: { resourceType: string; transferSize: number }[] }
      | undefined;
    return {
      lcp: value('largest-contentful-paint'),
      fcp: value('first-contentful-paint'),
      tbt: value('total-blocking-time'),
      cpuTbt: trace
        ? cpuBlockingTime(trace.traceEvents, lhr.configSettings.throttling.cpuSlowdownMultiplier ?? 4)
        : Number.NaN,
      tti: value('interactive'),
      cls: value('cumulative-layout-shift'),
      score: lhr.categories.performance?.score ?? Number.NaN,
      jsBytes: summary?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? Number.NaN,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    };
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

function medians(runs: Figures[]): Figures {
  return {
    lcp: median(runs.map((r) => r.lcp)),
    fcp: median(runs.map((r) => r.fcp)),
    tbt: median(runs.map((r) => r.tbt)),
    cpuTbt: median(runs.map((r) => r.cpuTbt)),
    tti: median(runs.map((r) => r.tti)),
    cls: median(runs.map((r) => r.cls)),
    score: median(runs.map((r) => r.score)),
    jsBytes: median(runs.map((r) => r.jsBytes)),
    benchmarkIndex: median(runs.map((r) => r.benchmarkIndex)),
  };
}

// ---------- main ----------

async function main(): Promise<void> {
  if (!WEB_DIST || !MINIAPP_DIST) {
    const built = await ensureFrontEndsBuilt({ quiet: true });
    if (built.length > 0) console.log(`built ${built.join(', ')}`);
  }
  await buildBarePage();

  const bare = await serveBarePage(console.log);
  // Static files are served as in production; other builds when BENCH_WEB_DIST / BENCH_MINIAPP_DIST say so.
  const app = await startBenchApp('lighthouse', {
    TELEGRAM_BOT_TOKEN: BOT_TOKEN,
    ...(WEB_DIST ? { WEB_DIST } : {}),
    ...(MINIAPP_DIST ? { MINIAPP_DIST } : {}),
  });
  const proxies = H2 ? await Promise.all([startH2Proxy(bare.origin), startH2Proxy(app.base)]) : [];
  const bareOrigin = proxies[0]?.origin ?? bare.origin;
  const base = proxies[1]?.origin ?? app.base;
  assertChromiumInstalled();
  const core = RENDERER_CORE ? keepACoreForTheRenderer() : undefined;
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: H2 ? [...CHROMIUM_ARGS, '--ignore-certificate-errors'] : CHROMIUM_ARGS,
  });
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });

  try {
    const auth = await apiSignInWithGoogle(app.base);
    const clearStorage = async (page: Page) => {
      await page.evaluate(() => localStorage.clear());
    };
    const telegramUser = { id: randomTelegramId(), first_name: 'Bench' };
    const targets: Target[] = [
      {
        label: 'bare Vite + React page',
        origin: bareOrigin,
        url: () => `${bareOrigin}/`,
        prepare: clearStorage,
      },
      { label: 'website / (visitor)', origin: base, url: () => `${base}/`, prepare: clearStorage },
      {
        label: 'website /home (signed in)',
        origin: base,
        url: () => `${base}/home`,
        prepare: async (page) => {
          await page.evaluate(
            ({ accessToken, idToken, userId }) => {
              localStorage.clear();
              localStorage.setItem('khel.accessToken', accessToken);
              localStorage.setItem('khel.idToken', idToken);
              localStorage.setItem('khel.userId', userId);
            },
            { accessToken: auth.accessToken, idToken: auth.idToken, userId: auth.user.id },
          );
        },
      },
      // The screens a visitor opens from the landing page or a shared link (issue 25's list).
      ...['/k-quest/', '/pog', '/k-drop/campaigns', '/klash'].map((path) => ({
        label: `website ${path} (visitor)`,
        origin: base,
        url: () => `${base}${path}`,
        prepare: clearStorage,
      })),
      {
        label: 'Mini App home',
        origin: base,
        inTelegram: true,
        // Fresh init data per run (it is dated), for one Telegram user.
        url: () => miniAppUrl(base, signInitData(BOT_TOKEN, telegramUser)),
        prepare: clearStorage,
      },
    ];

    // BENCH_LIGHTHOUSE_PAGES=<word,…>: only the pages whose label holds one of the words (the bare page always).
    const only = PAGES?.toLowerCase().split(',').filter(Boolean);
    if (only?.length) {
      const kept = targets.filter(
        (target, i) => i === 0 || only.some((word) => target.label.toLowerCase().includes(word)),
      );
      targets.splice(0, targets.length, ...kept);
    }
    // Rounds: every page once per round, the bare page first, so load that drifts during the run weighs on all.
    const runsOf = new Map<Target, Figures[]>(targets.map((target) => [target, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const target of targets) {
        const figures = await measure(browser, chrome.port, target, i);
        runsOf.get(target)?.push(figures);
        console.log(
          `round ${i + 1}/${RUNS} ${target.label}: LCP ${(figures.lcp / 1000).toFixed(2)} s, TTI ${(figures.tti / 1000).toFixed(2)} s, TBT ${figures.tbt.toFixed(0)} ms, CLS ${figures.cls.toFixed(3)} (load ${loadavg()[0]?.toFixed(1)})`,
        );
      }
    }
    const results = targets.map((target) => [target, medians(runsOf.get(target) ?? [])] as const);
    const t = settings.throttling;
    console.log(
      `\nKhel first screens: Lighthouse ${settings.version}, ${settings.formFactor} (${t.cpuSlowdownMultiplier}× CPU, ${t.rttMs} ms RTT, ${(t.throughputKbps / 1024).toFixed(1)} Mbps down, ${settings.throttlingMethod}d), median of ${RUNS} runs, pages interleaved; load average at the end ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; ${core?.note ?? 'renderer core: not set (BENCH_LIGHTHOUSE_CORE=false), every process shares every core'}\n`,
    );
    const [, bareFigures] = results[0] as readonly [Target, Figures];
    const header = `${'page'.padEnd(38)}${'LCP s'.padStart(7)}${'FCP s'.padStart(7)}${'TTI s'.padStart(7)}${'TBT ms'.padStart(8)}${'cpu'.padStart(6)}${'CLS'.padStart(7)}${'score'.padStart(7)}${'JS KB'.padStart(8)}${'bench'.padStart(7)}  against the goals`;
    console.log(header);
    for (const [target, f] of results) {
      const isBare = target === results[0]?.[0];
      const lcpRatio = f.lcp / bareFigures.lcp;
      const ttiRatio = f.tti / bareFigures.tti;
      const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER');
      const goals = isBare
        ? '(baseline)'
        : `LCP ${lcpRatio.toFixed(2)} × bare ${verdict(lcpRatio <= 1.5)}, TTI ${ttiRatio.toFixed(2)} × bare ${verdict(ttiRatio <= 2)}, TBT ${verdict(f.tbt <= 200)}, CLS ${verdict(f.cls <= 0.1)}`;
      console.log(
        `${target.label.padEnd(38)}${(f.lcp / 1000).toFixed(2).padStart(7)}${(f.fcp / 1000).toFixed(2).padStart(7)}${(f.tti / 1000).toFixed(2).padStart(7)}${f.tbt.toFixed(0).padStart(8)}${f.cpuTbt.toFixed(0).padStart(6)}${f.cls.toFixed(3).padStart(7)}${f.score.toFixed(2).padStart(7)}${(f.jsBytes / 1024).toFixed(1).padStart(8)}${f.benchmarkIndex.toFixed(0).padStart(7)}  ${goals}`,
      );
    }
    console.log(
      "\ncpu: TBT counted from the main thread's CPU time instead of its wall time (4 × CPU − 50 ms per task after the first paint): where it is lower, the page waited for a core.\nJS KB: script bytes transferred (brotli as the server sends them); bench: Lighthouse's benchmarkIndex of this machine (median).\nGoals (issue 25): LCP ≤ 2.5 s and ≤ 1.5 × bare; time to interactive ≤ 2 × bare; TBT ≤ 200 ms; CLS ≤ 0.1 (web.dev's \"good\").",
    );
  } finally {
    await browser.disconnect();
    core?.stop();
    chrome.kill();
    await Promise.all(proxies.map((proxy) => proxy.close()));
    await app.close();
    await bare.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(0);
  },
);
