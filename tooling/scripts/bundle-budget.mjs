// The front ends' bundle budget (issues 24 and 25), read from this one place by the bundle-size
// bench (bench/bundle-size.ts, which prints each figure against it) and by `npm test`'s stage 1
// (checkBundleBudget after the front-end builds, which fails the run over budget). Plain Node, no
// dependency: it reads a finished build's `.vite/manifest.json` and `index.html` and gzips chunks;
// it never builds.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text every build of zod 4 carries (its schema classes' trait name). */
const SCHEMA_LIBRARY_MARK = '$ZodType';

/** 1 KB = 1024 bytes; sizes are gzip at level 9. */
export const KB = 1024;

export const BUNDLE_BUDGET = {
  /** Goal: what a front door downloads before any route chunk (the entry and index.html's modulepreloads). */
  initialKB: 110,
  /**
   * Goal, in bytes: `index.html` as sent (brotli) fits the first round trip of a new connection with its
   * response headers: ten TCP segments of 1 460 bytes, and the server's headers are about 360 bytes. One
   * byte over costs a whole round trip before the pre-rendered copy paints (FCP 0.68 → 0.84 s under
   * Lighthouse's mobile profile at 14 264 bytes; 14 233 was in). The copies and the inlined style sheet
   * share it: a new copy makes room first (issue 25).
   */
  htmlBrotliBytes: 14_000,
  /**
   * Goal: what opening one lazily loaded module (a screen, a screen's part, a text part…) downloads
   * beyond the shell: its chunk and the chunks it imports statically, less what the shell holds.
   */
  screenKB: 45,
  /**
   * Where a goal is not met yet, the figure the check holds instead (KB gzip, by app; `initial` or a
   * lazy module's repository-relative source): today's size with a little room for the hashes in
   * the chunks' names. Lower one when its figure shrinks, drop it at the goal; never raise one (a
   * capability that needs more makes room elsewhere first).
   */
  allowances: {
    web: {},
    miniapp: {},
  },
  /**
   * Lazy modules left out of the screen figure, by app: wallet and chain code, which loads only where
   * someone connects a wallet (DESIGN §9), never in a screen's own download.
   */
  exempt: {
    web: ['apps/web/src/wallet/evm-wallet.ts'],
    miniapp: ['apps/miniapp/src/ton/ton-wallet-connect.tsx', 'apps/miniapp/src/ton/ton-pay.tsx'],
  },
  /**
   * Lazy modules every session fetches at start beside the entry (not from index.html, so not in the
   * initial JS): the screens' figures count beyond them as beyond the shell. Each is itself held to
   * `screenKB`.
   */
  startModules: {
    web: [],
    miniapp: ['apps/miniapp/src/mini-app.tsx'],
  },
};

/** The figure the check holds for `what` (`initial` or a lazy module's source) in `app`, in KB. */
export function limitKB(app, what) {
  const allowance = BUNDLE_BUDGET.allowances[app]?.[what];
  if (allowance !== undefined) return allowance;
  return what === 'initial' ? BUNDLE_BUDGET.initialKB : BUNDLE_BUDGET.screenKB;
}

export const BUNDLE_APPS = /** @type {const} */ (['web', 'miniapp']);

const repoRoot = resolve(import.meta.dirname, '../..');

/** URLs of the entry module scripts and modulepreload links of index.html: what the browser fetches first. */
export function initialScriptUrls(html) {
  const urls = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const attr = (name) => new RegExp(`\\s${name}=["']([^"']*)["']`).exec(tag)?.[1];
    if (tag.startsWith('<script') && attr('type') === 'module' && attr('src')) urls.push(attr('src'));
    if (tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href')) urls.push(attr('href'));
  }
  return urls;
}

/**
 * The figures of one finished build in `outDir` (built with a manifest): the initial JS, and each
 * lazily imported module's download beyond the shell. Throws when the build or its manifest is missing.
 */
export function measureBuild(app, outDir = join(repoRoot, 'apps', app, 'dist')) {
  const manifestPath = join(outDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath))
    throw new Error(`${relative(repoRoot, manifestPath)} is missing: build first`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  const appDir = join(repoRoot, 'apps', app);
  /** Repository-relative source of a manifest key (`../../packages/ui/…` → `packages/ui/…`). */
  const sourceOf = (key) => relative(repoRoot, resolve(appDir, key)).replaceAll('\\', '/');
  const keyByFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

  const gzipCache = new Map();
  const gzipOf = (file) => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  const total = (files) => [...files].reduce((sum, file) => sum + gzipOf(file), 0);

  const initialFiles = [];
  for (const url of initialScriptUrls(html)) {
    const path = new URL(url, 'http://budget.invalid/').pathname;
    const file = [...keyByFile.keys()].find((candidate) => path.endsWith(`/${candidate}`));
    if (file && !initialFiles.includes(file)) initialFiles.push(file);
  }
  // What the entries import statically belongs to the first download even when index.html forgot it.
  const closure = (keys) => {
    const seen = new Set();
    const visit = (key) => {
      if (seen.has(key) || !manifest[key]) return;
      seen.add(key);
      for (const imported of manifest[key].imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return seen;
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  for (const key of closure(entries)) {
    const file = manifest[key].file;
    if (file.endsWith('.js') && !initialFiles.includes(file)) initialFiles.push(file);
  }
  const initialKeys = new Set(initialFiles.map((file) => keyByFile.get(file)).filter(Boolean));

  // The lazy modules: every dynamic import of a chunk the shell or another lazy module loads.
  const lazyKeys = new Set();
  const visited = new Set(initialKeys);
  const queue = [...initialKeys];
  while (queue.length > 0) {
    const key = queue.shift();
    for (const next of [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])]) {
      if (initialKeys.has(next) || !manifest[next]) continue;
      if (manifest[key].dynamicImports?.includes(next)) lazyKeys.add(next);
      if (visited.has(next)) continue;
      visited.add(next);
      queue.push(next);
    }
  }

  const startSources = new Set(BUNDLE_BUDGET.startModules[app] ?? []);
  const startKeys = [...lazyKeys].filter((key) => startSources.has(sourceOf(key)));
  const shellFiles = new Set(initialFiles);
  const startFiles = new Set();
  for (const key of closure(startKeys)) {
    if (!shellFiles.has(manifest[key].file)) startFiles.add(manifest[key].file);
  }

  const screens = [];
  for (const key of lazyKeys) {
    const isStart = startKeys.includes(key);
    const files = new Set();
    for (const chunkKey of closure([key])) {
      const file = manifest[chunkKey].file;
      if (!file.endsWith('.js') || shellFiles.has(file)) continue;
      // A start module's own figure counts its download; a screen's counts beyond it.
      if (!isStart && startFiles.has(file)) continue;
      files.add(file);
    }
    const source = sourceOf(key);
    screens.push({
      source,
      files: [...files],
      gzip: total(files),
      exempt: (BUNDLE_BUDGET.exempt[app] ?? []).includes(source),
      start: isStart,
    });
  }
  screens.sort((a, b) => b.gzip - a.gzip);

  // zod marks its schema classes `$ZodType`; no chunk of a front end may carry it (client-contract.ts).
  const schemaFiles = [...keyByFile.keys()].filter(
    (file) => file.endsWith('.js') && readFileSync(join(outDir, file), 'utf8').includes(SCHEMA_LIBRARY_MARK),
  );

  // index.html as the server sends it (the build's precompressed file), else compressed here.
  const htmlBrotliPath = join(outDir, 'index.html.br');
  const htmlBrotli = existsSync(htmlBrotliPath)
    ? statSync(htmlBrotliPath).size
    : brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })
        .length;

  return {
    app,
    htmlBrotli,
    schemaFiles,
    initial: initialFiles.map((file) => {
      const chunk = manifest[keyByFile.get(file)];
      // A shared chunk has no source of its own: its name (`vendor`, `i18n`…) says what it holds.
      return { file, source: chunk.src ? sourceOf(keyByFile.get(file)) : chunk.name, gzip: gzipOf(file) };
    }),
    initialGzip: total(initialFiles),
    start: { files: [...startFiles], gzip: total(startFiles) },
    screens,
  };
}

/** One line per figure over what the check holds (its allowance, else its goal); none when all hold. */
export function budgetFailures(figures) {
  const failures = [];
  const over = (what, gzip) => gzip > limitKB(figures.app, what) * KB;
  if (over('initial', figures.initialGzip)) {
    failures.push(
      `${figures.app}: initial JS ${(figures.initialGzip / KB).toFixed(1)} KB gzip > ${limitKB(figures.app, 'initial')} KB`,
    );
  }
  if (figures.htmlBrotli > BUNDLE_BUDGET.htmlBrotliBytes) {
    failures.push(
      `${figures.app}: index.html is ${figures.htmlBrotli} bytes brotli > ${BUNDLE_BUDGET.htmlBrotliBytes} (the first round trip of a connection): a copy or the inlined style sheet grew`,
    );
  }
  for (const file of figures.schemaFiles ?? []) {
    failures.push(
      `${figures.app}: ${file} holds the schema library (zod): the front ends' builds leave the contract's schemas out (tooling/vite/client-contract.ts), so a module reaches zod some other way`,
    );
  }
  for (const screen of figures.screens) {
    if (screen.exempt || !over(screen.source, screen.gzip)) continue;
    failures.push(
      `${figures.app}: ${screen.source} downloads ${(screen.gzip / KB).toFixed(1)} KB gzip beyond the shell > ${limitKB(figures.app, screen.source)} KB`,
    );
  }
  return failures;
}

/**
 * `npm test`'s check of the front ends' builds in `apps/<app>/dist` (a few hundred gzips, about a
 * second): throws with every figure over budget.
 */
export function checkBundleBudget() {
  const failures = BUNDLE_APPS.flatMap((app) => budgetFailures(measureBuild(app)));
  if (failures.length > 0) {
    throw new Error(
      `over the bundle budget (tooling/scripts/bundle-budget.mjs; pnpm --filter @khel/bench bench:bundle-size shows what is inside):\n  ${failures.join('\n  ')}`,
    );
  }
}
