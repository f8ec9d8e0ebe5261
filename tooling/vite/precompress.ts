import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of a build, at the best
 * compression each format has (brotli 11, gzip 9), so the server sends them as they are
 * (apps/api/src/static.ts picks one by Accept-Encoding) and never compresses an asset per request.
 * A variant that would not be smaller than the file is not written.
 */

/** Text formats. Images, fonts (woff2 is compressed already) and source maps are left alone. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|ico|wasm)$/i;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressedFile {
  /** Relative to the build folder, with `/`. */
  file: string;
  size: number;
  /** Bytes of `<file>.br` / `<file>.gz`, or undefined when that variant was not worth writing. */
  br: number | undefined;
  gzip: number | undefined;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

async function writeVariant(path: string, original: Buffer, compressed: Buffer): Promise<number | undefined> {
  if (compressed.length >= original.length) {
    await rm(path, { force: true });
    return undefined;
  }
  await writeFile(path, compressed);
  return compressed.length;
}

/** Compresses every compressible file under `dir` (any `.br`/`.gz` already there are replaced). */
export async function precompressDirectory(dir: string): Promise<PrecompressedFile[]> {
  const files = (await listFiles(dir)).filter((f) => COMPRESSIBLE.test(f));
  return Promise.all(
    files.map(async (path): Promise<PrecompressedFile> => {
      const original = await readFile(path);
      const [br, gz] = await Promise.all([
        brotli(original, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
          },
        }),
        gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      return {
        file: relative(dir, path).split('\\').join('/'),
        size: original.length,
        br: await writeVariant(`${path}.br`, original, br),
        gzip: await writeVariant(`${path}.gz`, original, gz),
      };
    }),
  );
}

// The parts of Vite's plugin API this plugin uses, written out so that tooling/ needs no
// dependency of its own (the apps' `vite` types accept it).
interface BuildConfig {
  root: string;
  build: { outDir: string };
  logger: { info(message: string): void };
}

export interface PrecompressPlugin {
  name: string;
  apply: 'build';
  configResolved(config: BuildConfig): void;
  closeBundle: { order: 'post'; handler(error?: Error): Promise<void> };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The Vite plugin: runs `precompressDirectory` on the build output once everything is written. */
export function precompress(): PrecompressPlugin {
  let config: BuildConfig | undefined;
  return {
    name: 'khel-precompress',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      // After every other plugin has written its files (e.g. the Mini App's tonconnect-manifest.json).
      order: 'post',
      async handler(error) {
        if (error || !config) return;
        const outDir = resolve(config.root, config.build.outDir);
        const files = await precompressDirectory(outDir);
        const sum = (pick: (f: PrecompressedFile) => number) => files.reduce((n, f) => n + pick(f), 0);
        config.logger.info(
          `precompressed ${files.length} files: ${kb(sum((f) => f.size))} → brotli ${kb(
            sum((f) => f.br ?? f.size),
          )}, gzip ${kb(sum((f) => f.gzip ?? f.size))}`,
        );
      },
    },
  };
}
