// Builds the server processes (API, worker, bot) into plain JavaScript for `npm start`, so a start
// loads a few bundled files instead of compiling hundreds of TypeScript modules through tsx.
// Imported only after `ensureInstalled()` (it needs esbuild from node_modules).
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { log, newestMtime, root } from './lib.mjs';

export const SERVER_OUT_DIR = join(root, 'apps/api/dist/server');
const STAMP = join(SERVER_OUT_DIR, '.built');

/** Entry points by process role (tooling/scripts/start.mjs); the output is `<out>/<role>.js`. */
export const SERVER_ENTRIES = {
  all: 'apps/api/src/index.ts',
  api: 'apps/api/src/main-api.ts',
  worker: 'apps/api/src/main-worker.ts',
  bot: 'apps/bot/src/main.ts',
  notifier: 'apps/bot/src/main-notifier.ts',
};
/**
 * Modules the server starts as processes of their own, built beside the roles as `<out>/<name>.js`:
 * the code that starts them looks for that file next to its own built file (`import.meta.filename`).
 */
export const CHILD_ENTRIES = {
  'card-render-child': 'apps/api/src/modules/pog/card/card-render-child.ts',
};
const SOURCES = ['apps/api', 'apps/bot', 'packages/core', 'packages/db', 'pnpm-lock.yaml'];

/**
 * npm packages bundled into the server's own files (issue 23): the pure-JavaScript ESM packages every
 * process loads at start, and what they import. Node then reads a few big files instead of resolving,
 * reading and compiling each package file by file (about a third of a start on PostgreSQL). Packages
 * only some requests need (viem, sharp, grammY, PGlite, …; apps/api/src/built-server.test.ts lists
 * them) stay outside as below, so they still load on first use; so do packages that read files beside
 * their own code (PGlite's WebAssembly, sharp's binaries, data files found through `__dirname`).
 */
export const BUNDLED_PACKAGES = [
  'hono',
  '@hono/node-server',
  'drizzle-orm',
  'postgres',
  'zod',
  'jose',
  // Telegram init data checks, and what that package imports.
  '@telegram-apps/init-data-node',
  '@telegram-apps/transformers',
  '@telegram-apps/toolkit',
  'valibot',
  'error-kid',
];

/** `hono` for `hono/utils/…`, `@hono/node-server` for `@hono/node-server/…`. */
export function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * Bundles our own workspace code and the BUNDLED_PACKAGES; every other npm package stays outside the
 * bundle, imported by its resolved file URL: a workspace package's dependency (PGlite for @khel/db) is
 * found from where that package lives, as it is under tsx. `import.meta.url` in our sources is
 * replaced by the source file's own URL, so paths next to a source (migrations, package.json, the repo
 * root) and `createRequire(import.meta.url)` mean what they mean under tsx. Dynamic imports stay
 * dynamic, so what a configuration does not use (grammY without a bot token) is never loaded.
 */
const workspaceBundling = {
  name: 'khel-workspace',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving' || args.path.startsWith('@khel/')) return undefined;
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const found = await b.resolve(args.path, {
        resolveDir: args.resolveDir,
        kind: args.kind,
        importer: args.importer,
        pluginData: 'resolving',
      });
      if (found.errors.length > 0) return { errors: found.errors };
      // Node builtins without the prefix, and JSON data (bundled: Node wants import attributes for it).
      if (!found.path.includes('/node_modules/') || found.path.endsWith('.json')) {
        return found.path.startsWith('/') ? { path: found.path } : { path: args.path, external: true };
      }
      if (BUNDLED_PACKAGES.includes(packageNameOf(args.path))) return found;
      return { path: pathToFileURL(found.path).href, external: true };
    });
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, async (args) => ({
      contents: zodLocalesOnDemand(args.path, await readFile(args.path, 'utf8')),
      resolveDir: dirname(args.path),
    }));
    b.onLoad({ filter: /\.(ts|tsx|mts)$/ }, async (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const text = await readFile(args.path, 'utf8');
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

/**
 * zod's `z` namespace carries `z.locales`, the error messages in about 60 languages (≈ 340 KB, nearly
 * half of zod's code), so a bundle that imports `z` compiles every one of them at start, though only
 * English (zod's default, which it imports itself) is ever used. In the bundle `z.locales` keeps every
 * language; each but English loads zod's CommonJS copy of that locale when it is first called.
 */
export function zodLocalesOnDemand(indexPath, text) {
  const lines = [
    "import { createRequire } from 'node:module';",
    `const load = createRequire(${JSON.stringify(pathToFileURL(indexPath).href)});`,
  ];
  for (const [, name, file] of text.matchAll(/export \{ default as (\w+) \} from "\.\/([\w-]+)\.js";/g)) {
    if (name === 'en') lines.push(`export { default as en } from './${file}.js';`);
    else
      lines.push(
        `export function ${name}(...args) { const locale = load('./${file}.cjs'); return (locale.default ?? locale)(...args); }`,
      );
  }
  const exported = text.match(/^export /gm)?.length ?? 0;
  if (lines.length - 2 !== exported) throw new Error(`zod's locales index changed shape: ${indexPath}`);
  return `${lines.join('\n')}\n`;
}

/** Builds every role into `outDir` (default: apps/api/dist/server; tests build into a folder of their own). */
export async function buildServer({ quiet = false, outDir = SERVER_OUT_DIR } = {}) {
  const started = performance.now();
  const result = await build({
    absWorkingDir: root,
    entryPoints: { ...SERVER_ENTRIES, ...CHILD_ENTRIES },
    outdir: outDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [workspaceBundling],
    metafile: true,
  });
  // The files are ES modules wherever the folder is (a test's or the bench's folder has no package.json
  // above it saying so, and Node would then parse each file to guess its module type).
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  writeFileSync(join(outDir, '.built'), new Date().toISOString());
  if (!quiet) log(`built the server in ${Math.round(performance.now() - started)} ms`);
  return result.metafile;
}

export function isServerBuildStale() {
  if (!existsSync(STAMP)) return true;
  return statSync(STAMP).mtimeMs < newestMtime(SOURCES);
}

/** Builds the server when its output is missing or older than any of its sources. */
export async function ensureServerBuilt({ quiet = false } = {}) {
  if (!isServerBuildStale()) return;
  if (!quiet) log('building the server…');
  await buildServer({ quiet });
}

/** The built file for a role, e.g. `apps/api/dist/server/api.js`. */
export function serverEntry(role, outDir = SERVER_OUT_DIR) {
  return join(outDir, `${role}.js`);
}

/**
 * The npm packages a built role loads at start: every package reachable through static imports from
 * its entry (dynamic `import()`s are not followed), imported from outside the bundle or bundled into
 * one of the files it loads. Names like `viem` or `@ton/core`.
 */
export function packagesLoadedAtStart(metafile, role, outDir = SERVER_OUT_DIR) {
  const outputs = metafile.outputs;
  const key = (file) => Object.keys(outputs).find((name) => join(root, name) === file || name === file);
  const seen = new Set();
  const packages = new Set();
  const addPackageOf = (path) => {
    const inner = path.lastIndexOf('/node_modules/');
    if (inner >= 0) packages.add(packageNameOf(path.slice(inner + '/node_modules/'.length)));
  };
  const visit = (name) => {
    if (!name || seen.has(name)) return;
    seen.add(name);
    for (const input of Object.keys(outputs[name].inputs)) addPackageOf(input);
    for (const imported of outputs[name].imports) {
      if (imported.kind !== 'import-statement') continue;
      // A Node builtin has no node_modules in its path.
      if (imported.external) addPackageOf(imported.path);
      else visit(imported.path);
    }
  };
  visit(key(serverEntry(role, outDir)));
  return [...packages].sort();
}
