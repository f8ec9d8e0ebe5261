/**
 * Bundle-size benchmark (DESIGN §9, §10): the gzip size of the JavaScript each front end loads
 * before any route chunk and what each lazily loaded screen downloads beyond it, each against its
 * goal in tooling/scripts/bundle-budget.mjs (which `npm test` checks too), the largest lazy chunks,
 * and whether wallet libraries (wagmi, viem, @tonconnect) leaked into the initial graph. It prints
 * figures; it is not a test and exits 0 whatever it finds.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import {
  BUNDLE_BUDGET,
  type BuildFigures,
  budgetFailures,
  initialScriptUrls,
  limitKB,
  measureBuild,
} from '../tooling/scripts/bundle-budget.mjs';
import { isBuildStale } from '../tooling/scripts/lib.mjs';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const OUT_ROOT = join(REPO_ROOT, 'bench', 'dist');
const KB = 1024;
const LARGEST_LAZY = 5;
/** Screens printed under their goal, after every one over it. */
const LARGEST_SCREENS = 8;
const LARGEST_OWNERS = 8;

const APPS = ['web', 'miniapp'] as const;
type AppName = (typeof APPS)[number];

/** A module path inside one of the wallet packages, with or without pnpm's `.pnpm/<pkg@ver>/` layer. */
const WALLET_MODULE =
  /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?(wagmi|@wagmi\/[^/]+|viem|@tonconnect\/[^/]+)\//;

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface ChunkFigures {
  file: string;
  label: string;
  raw: number;
  gzip: number;
  /** Minified characters per package (or workspace package / app), from the source map. */
  owners: Map<string, number>;
  /** Wallet package → number of its modules in the chunk. */
  walletPackages: Map<string, number>;
}

// ---------- building ----------

function isStale(app: AppName, outDir: string): boolean {
  return !existsSync(join(outDir, '.vite', 'manifest.json')) || isBuildStale(`apps/${app}`, outDir);
}

/**
 * The app's own vite config, built into bench/dist/<app> with a manifest (chunk graph) and hidden
 * source maps (the modules inside each chunk). Hidden maps add no comment to the chunks, so their
 * bytes are those of the production build.
 */
function build(app: AppName, outDir: string): Promise<void> {
  const cwd = join(REPO_ROOT, 'apps', app);
  // The apps' configs import text parts that import workspace packages: Vite's module runner loads them.
  const args = [
    'build',
    '--configLoader',
    'runner',
    '--outDir',
    outDir,
    '--emptyOutDir',
    '--manifest',
    '--sourcemap',
    'hidden',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(join(cwd, 'node_modules', '.bin', 'vite'), [...args, '--logLevel', 'warn'], {
      cwd,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build of apps/${app} failed (exit ${code})`)),
    );
  });
}

// ---------- reading a build ----------

/** URLs of the style sheets index.html links: render-blocking, so part of the first download. */
function initialStyleUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const attr = (name: string) => new RegExp(`\\s${name}=["']([^"']*)["']`).exec(tag)?.[1];
    if (attr('rel') === 'stylesheet' && attr('href')) urls.push(attr('href')!);
  }
  return urls;
}

/** Manifest keys reachable from the HTML entry through static imports. */
function staticGraph(manifest: Manifest): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return seen;
}

interface SourceMap {
  sources?: string[];
  mappings?: string;
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** One source-map segment's fields (base64 VLQ), relative to the previous segment. */
function decodeSegment(segment: string): number[] {
  const fields: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
      continue;
    }
    fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
    value = 0;
    shift = 0;
  }
  return fields;
}

/**
 * Output characters per source module: each mapped segment owns the code up to the next segment
 * on its line. Unmapped code (the bundler's glue) is not counted.
 */
function charactersPerSource(code: string, map: SourceMap): Map<string, number> {
  const sources = map.sources ?? [];
  const lines = code.split('\n');
  const counts = new Map<string, number>();
  let sourceIndex = 0;
  (map.mappings ?? '').split(';').forEach((line, lineNumber) => {
    let column = 0;
    const segments: [column: number, source: number | undefined][] = [];
    for (const raw of line.split(',')) {
      if (!raw) continue;
      const fields = decodeSegment(raw);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        sourceIndex += fields[1]!;
        segments.push([column, sourceIndex]);
      } else {
        segments.push([column, undefined]);
      }
    }
    const lineLength = lines[lineNumber]?.length ?? 0;
    segments.forEach(([start, source], i) => {
      const end = segments[i + 1]?.[0] ?? lineLength;
      const name = source === undefined ? undefined : sources[source];
      if (name !== undefined && end > start) counts.set(name, (counts.get(name) ?? 0) + end - start);
    });
  });
  return counts;
}

/** `react-dom`, `@tanstack/query-core`, `@khel/ui`, or `apps/<app>` for a source path of the map. */
function ownerOf(source: string, app: AppName): string {
  const path = source.replaceAll('\\', '/');
  const lastModules = path.lastIndexOf('node_modules/');
  if (lastModules !== -1) {
    const [first = '', second = ''] = path.slice(lastModules + 'node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const workspace = /(?:^|\/)packages\/([^/]+)\//.exec(path);
  return workspace ? `@khel/${workspace[1]}` : `apps/${app}`;
}

function measure(app: AppName, outDir: string, file: string, label: string): ChunkFigures {
  const bytes = readFileSync(join(outDir, file));
  const owners = new Map<string, number>();
  const walletPackages = new Map<string, number>();
  const mapPath = join(outDir, `${file}.map`);
  if (existsSync(mapPath)) {
    const map = JSON.parse(readFileSync(mapPath, 'utf8')) as SourceMap;
    for (const [source, characters] of charactersPerSource(bytes.toString('utf8'), map)) {
      const owner = ownerOf(source, app);
      owners.set(owner, (owners.get(owner) ?? 0) + characters);
    }
    for (const source of map.sources ?? []) {
      const pkg = WALLET_MODULE.exec(source.replaceAll('\\', '/'))?.[1];
      if (pkg) walletPackages.set(pkg, (walletPackages.get(pkg) ?? 0) + 1);
    }
  }
  return {
    file,
    label,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    owners,
    walletPackages,
  };
}

/**
 * Bytes the server sends for a file of the build: the file itself, or its precompressed `.gz` /
 * `.br` sibling (tooling/vite/precompress.ts) when the client takes that encoding. A file without
 * a sibling (too small to gain from one) goes out as it is.
 */
function sentSizes(outDir: string, file: string) {
  const path = join(outDir, file);
  const identity = statSync(path).size;
  const sizeOf = (variant: string) => (existsSync(variant) ? statSync(variant).size : undefined);
  const gzip = sizeOf(`${path}.gz`);
  const br = sizeOf(`${path}.br`);
  return {
    identity,
    gzip: gzip ?? identity,
    br: br ?? identity,
    precompressed: gzip !== undefined || br !== undefined,
  };
}

// ---------- reporting ----------

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const sum = (chunks: ChunkFigures[], pick: (chunk: ChunkFigures) => number) =>
  chunks.reduce((total, chunk) => total + pick(chunk), 0);
const describePackages = (counts: Map<string, number>) =>
  [...counts].map(([pkg, modules]) => `${pkg} (${modules} module${modules === 1 ? '' : 's'})`).join(', ');

function report(app: AppName, outDir: string): void {
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const labelOf = (file: string) => {
    const key = keyByFile.get(file);
    const chunk = key ? manifest[key] : undefined;
    return (chunk?.src ?? chunk?.name ?? key ?? file).replace(/^(\.\.\/)+/, '');
  };

  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const initialFiles: string[] = [];
  for (const url of initialScriptUrls(html)) {
    const path = new URL(url, 'http://bench.invalid/').pathname;
    const file = [...keyByFile.keys()].find((candidate) => path.endsWith(`/${candidate}`));
    if (file) initialFiles.push(file);
    else console.log(`  note: index.html loads ${url}, which the manifest does not list`);
  }
  const initial = initialFiles.map((file) => measure(app, outDir, file, labelOf(file)));

  const graph = staticGraph(manifest);
  const graphFiles = new Set([...graph].map((key) => manifest[key]!.file));
  const missing = [...graphFiles].filter((file) => !initialFiles.includes(file));
  if (missing.length > 0) {
    console.log(`  note: statically imported but not preloaded by index.html: ${missing.join(', ')}`);
  }

  const initialGzip = sum(initial, (chunk) => chunk.gzip);
  console.log(
    `${app} initial JS ${kb(initialGzip)} gzip ${againstGoal(app, 'initial', initialGzip, BUNDLE_BUDGET.initialKB)}` +
      `  (${initial.length} file${initial.length === 1 ? '' : 's'}, ${kb(sum(initial, (chunk) => chunk.raw))} raw)`,
  );
  for (const chunk of initial) {
    console.log(`    ${kb(chunk.gzip).padStart(9)}  ${chunk.file}  (${chunk.label})`);
  }

  reportAsSent(outDir, initialFiles, html);

  const owners = new Map<string, number>();
  for (const chunk of initial) {
    for (const [owner, characters] of chunk.owners) owners.set(owner, (owners.get(owner) ?? 0) + characters);
  }
  const biggest = [...owners].sort((a, b) => b[1] - a[1]).slice(0, LARGEST_OWNERS);
  if (biggest.length > 0) {
    console.log('  biggest parts of the initial JS (minified, before gzip):');
    for (const [owner, characters] of biggest) console.log(`    ${kb(characters).padStart(9)}  ${owner}`);
  }

  // Wallet code in the initial graph, seen two ways: a wallet module as a chunk of the graph
  // (manifest keys), or wallet modules bundled inside an initial chunk (source-map sources).
  const leaks = new Map<string, string>();
  for (const key of graph) {
    const pkg = WALLET_MODULE.exec(key)?.[1];
    if (pkg) leaks.set(`${pkg} chunk`, manifest[key]!.file);
  }
  for (const chunk of initial) {
    if (chunk.walletPackages.size > 0) leaks.set(chunk.file, describePackages(chunk.walletPackages));
  }
  if (leaks.size === 0) {
    console.log('  wallet code (wagmi, viem, @tonconnect) in the initial graph: none  PASS');
  } else {
    console.log('  wallet code (wagmi, viem, @tonconnect) in the initial graph:  FAIL');
    for (const [where, what] of leaks) console.log(`    ${where}: ${what}`);
  }

  const initialSet = new Set(initialFiles);
  const lazy = [...keyByFile.keys()]
    .filter((file) => file.endsWith('.js') && !initialSet.has(file))
    .map((file) => measure(app, outDir, file, labelOf(file)))
    .sort((a, b) => b.gzip - a.gzip);
  const lazyWallet = lazy.filter((chunk) => chunk.walletPackages.size > 0);
  if (lazyWallet.length > 0) {
    console.log(
      `  wallet code loads lazily in ${lazyWallet.length} chunk${lazyWallet.length === 1 ? '' : 's'}, ` +
        `${kb(sum(lazyWallet, (chunk) => chunk.gzip))} gzip`,
    );
  }
  reportScreens(measureBuild(app, outDir));

  console.log(`  largest lazy chunks (${lazy.length} in all, ${kb(sum(lazy, (chunk) => chunk.gzip))} gzip):`);
  for (const chunk of lazy.slice(0, LARGEST_LAZY)) {
    const wallet = chunk.walletPackages.size > 0 ? `  [${describePackages(chunk.walletPackages)}]` : '';
    console.log(`    ${kb(chunk.gzip).padStart(9)}  ${chunk.file}  (${chunk.label})${wallet}`);
  }
}

/**
 * `= 0.97 × goal 110 KB`, with `OVER GOAL` above 1, and the allowance the check holds meanwhile
 * (`allowed 120 KB`, `OVER ALLOWANCE` above it) where tooling/scripts/bundle-budget.mjs has one.
 */
function againstGoal(app: AppName, what: string, gzip: number, goalKB: number): string {
  const ratio = gzip / (goalKB * KB);
  const limit = limitKB(app, what);
  let text = `= ${ratio.toFixed(2)} × goal ${goalKB} KB${ratio > 1 ? '  OVER GOAL' : ''}`;
  if (limit !== goalKB) {
    text += ` (allowed ${limit} KB until then${gzip > limit * KB ? ': OVER ALLOWANCE' : ''})`;
  }
  return text;
}

/**
 * What each lazily imported module (a screen, a part of one, a text part) downloads beyond the shell,
 * against the screen goal: every one over it, then the largest under it.
 */
function reportScreens(figures: BuildFigures): void {
  const html = figures.htmlBrotli;
  const htmlGoal = BUNDLE_BUDGET.htmlBrotliBytes;
  console.log(
    `  index.html as sent: ${html} bytes brotli = ${(html / htmlGoal).toFixed(2)} × goal ${htmlGoal} (the first round trip)  ${html <= htmlGoal ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    figures.schemaFiles.length === 0
      ? '  schema library (zod) in any chunk: none  PASS'
      : `  schema library (zod) in ${figures.schemaFiles.join(', ')}:  FAIL`,
  );
  const goal = BUNDLE_BUDGET.screenKB;
  const measured = figures.screens.filter((screen) => !screen.exempt);
  const over = measured.filter((screen) => screen.gzip > goal * KB);
  if (figures.start.files.length > 0) {
    console.log(
      `  fetched at start beside the entry (${BUNDLE_BUDGET.startModules[figures.app].join(', ')}): ` +
        `${kb(figures.start.gzip)} gzip; the screens below count beyond it`,
    );
  }
  console.log(
    `  screens: download beyond the shell, goal ${goal} KB gzip each: ${over.length} of ${measured.length} over` +
      ` (lazily imported modules; wallet code left out: ${BUNDLE_BUDGET.exempt[figures.app].join(', ')})`,
  );
  const under = measured.filter((screen) => screen.gzip <= goal * KB).slice(0, LARGEST_SCREENS);
  for (const screen of [...over, ...under]) {
    console.log(
      `    ${kb(screen.gzip).padStart(9)} ${againstGoal(figures.app, screen.source, screen.gzip, goal)}  ${screen.source}` +
        `  (${screen.files.length} chunk${screen.files.length === 1 ? '' : 's'})`,
    );
  }
  const failures = budgetFailures(figures);
  console.log(
    failures.length === 0
      ? '  budget check (npm test): PASS'
      : `  budget check (npm test): FAIL\n    ${failures.join('\n    ')}`,
  );
}

/** The initial JS and CSS as the server sends them: identity, gzip and brotli, as ratios of identity. */
function reportAsSent(outDir: string, scripts: string[], html: string): void {
  const styles = initialStyleUrls(html)
    .map((url) => new URL(url, 'http://bench.invalid/').pathname.split('/assets/')[1])
    .filter((name): name is string => name !== undefined)
    .map((name) => `assets/${name}`)
    .filter((file) => existsSync(join(outDir, file)));
  if (![...scripts, ...styles].some((file) => sentSizes(outDir, file).precompressed)) {
    console.log(
      '  initial JS and CSS as sent: the build has no .br/.gz files (built before precompression?)',
    );
    return;
  }
  console.log("  initial JS and CSS as the server sends them (the build's precompressed files):");
  for (const [kind, files] of [
    ['JS', scripts],
    ['CSS', styles],
  ] as const) {
    if (files.length === 0) {
      console.log(`    ${kind.padEnd(3)} none linked (inlined in index.html)`);
      continue;
    }
    const sizes = files.map((file) => sentSizes(outDir, file));
    const total = (pick: (size: ReturnType<typeof sentSizes>) => number) =>
      sizes.reduce((n, size) => n + pick(size), 0);
    const identity = total((size) => size.identity);
    const variant = (name: string, bytes: number) =>
      `${name} ${kb(bytes).padStart(9)} = ${(bytes / identity).toFixed(2)} ×`;
    console.log(
      `    ${kind.padEnd(3)} identity ${kb(identity).padStart(9)}   ${variant(
        'gzip',
        total((size) => size.gzip),
      )}` +
        `   ${variant(
          'brotli',
          total((size) => size.br),
        )}   (${files.length} file${files.length === 1 ? '' : 's'})`,
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `Khel bundle size: gzip level 9, 1 KB = ${KB} bytes; goals (tooling/scripts/bundle-budget.mjs): ` +
      `${BUNDLE_BUDGET.initialKB} KB of initial JS per app, ${BUNDLE_BUDGET.screenKB} KB per screen beyond the shell\n`,
  );
  for (const app of APPS) {
    const outDir = join(OUT_ROOT, app);
    if (isStale(app, outDir)) {
      console.log(`building apps/${app} into ${relative(REPO_ROOT, outDir)} ...`);
      await build(app, outDir);
    }
    report(app, outDir);
    console.log('');
  }
}

await main();
