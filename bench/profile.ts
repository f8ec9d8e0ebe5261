import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { apiSignInWithGoogle, startSession } from '../tests/e2e/support/web-session.ts';
import { launchChromium, newPhonePage } from '../tests/fixtures/browser.ts';
import { startBenchApp } from './app-server.ts';

/**
 * Where a first screen's main-thread time goes (issue 25: "profile first"). Builds the website without
 * minifying (names as in the source), serves it from the API, loads each page on a 4× slowed CPU with
 * Chromium's sampling profiler on, and prints its long tasks, then the functions with the most main-thread
 * time including what they call, and the most time of their own.
 * Not a measure of speed (unminified code is a little slower): a map of where the time is.
 *
 *   pnpm --filter @khel/bench bench:profile [path …]        # default: / /home /k-quest/ /pog
 *   BENCH_PROFILE_DIR=<dir> keeps each page's .cpuprofile (open it in Chromium's Performance panel).
 */

const CPU_SLOWDOWN = 4;
const SIGNED_IN_PATHS = new Set(['/home', '/profile', '/collect-earnings', '/friends']);
const TOP = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const repoRoot = resolve(import.meta.dirname, '..');
const outDir = join(repoRoot, 'bench', 'dist', 'web-unminified');

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

function buildUnminified(): void {
  if (existsSync(join(outDir, 'index.html')) && process.env.BENCH_PROFILE_REBUILD !== 'true') return;
  console.log('building apps/web without minifying into bench/dist/web-unminified …');
  execFileSync(
    'pnpm',
    [
      'exec',
      'vite',
      'build',
      '--configLoader',
      'runner',
      '--minify',
      'false',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    {
      cwd: join(repoRoot, 'apps', 'web'),
      stdio: 'inherit',
    },
  );
}

const frameName = (node: ProfileNode) => {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').pop() || '(native)';
  return `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
};

/** Inclusive and self time per function over the busy samples (not `(idle)`). */
function attribute(profile: Profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let inTasks = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    let id: number | undefined = profile.samples[i];
    const leaf = byId.get(id as number);
    if (!leaf || leaf.callFrame.functionName === '(idle)') continue;
    inTasks += dt;
    const leafName = frameName(leaf);
    self.set(leafName, (self.get(leafName) ?? 0) + dt);
    const seen = new Set<string>();
    while (id !== undefined) {
      const node = byId.get(id);
      if (!node) break;
      const name = frameName(node);
      if (!seen.has(name)) {
        seen.add(name);
        inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
      }
      id = parent.get(id);
    }
  }
  return { inclusive, self, inTasks };
}

const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);

async function main(): Promise<void> {
  const paths =
    process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['/', '/home', '/k-quest/', '/pog'];
  buildUnminified();
  const app = await startBenchApp('profile', { WEB_DIST: outDir });
  const base = app.base;
  const browser = await launchChromium();
  try {
    const auth = await apiSignInWithGoogle(base);
    for (const path of paths) {
      const page = await newPhonePage(browser, { baseURL: base });
      try {
        // Signed in where the screen needs it (as bench:lighthouse loads them), a visitor elsewhere.
        if (SIGNED_IN_PATHS.has(path)) await startSession(page, base, auth, '/bench-prepare-404');
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await page.addInitScript(() => {
          const w = window as unknown as { __longTasks: [number, number][] };
          w.__longTasks = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration]);
          }).observe({ type: 'longtask', buffered: true });
        });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`${base}${path}`, { waitUntil: 'load' });
        await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
        await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
        const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
        const longTasks = await page.evaluate(
          () => (window as unknown as { __longTasks: [number, number][] }).__longTasks,
        );
        const blocking = longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
        const { inclusive, self, inTasks } = attribute(profile);
        console.log(
          `\n${path}: ${longTasks.length} long tasks, ${blocking.toFixed(0)} ms blocking (${CPU_SLOWDOWN}× CPU, load ${loadavg()[0]?.toFixed(1)}), ${(inTasks / 1000).toFixed(0)} ms busy on the main thread (all samples but idle)`,
        );
        console.log(
          '  long tasks (start ms, duration ms):',
          longTasks.map(([s, d]) => `${s.toFixed(0)}+${d.toFixed(0)}`).join(' '),
        );
        console.log('  most time including callees:');
        for (const [name, us] of top(inclusive, TOP))
          console.log(`    ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
        console.log('  most time of their own:');
        for (const [name, us] of top(self, Math.min(TOP, 15)))
          console.log(`    ${(us / 1000).toFixed(0).padStart(6)} ms  ${name}`);
        if (process.env.BENCH_PROFILE_DIR) {
          const file = join(
            process.env.BENCH_PROFILE_DIR,
            `${path.replace(/[^a-z0-9]+/gi, '-') || 'root'}.cpuprofile`,
          );
          await writeFile(file, JSON.stringify(profile));
        }
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      } finally {
        await page.context().close();
      }
    }
  } finally {
    await browser.close();
    await app.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(0);
  },
);
