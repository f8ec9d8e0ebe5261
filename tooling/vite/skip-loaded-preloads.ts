/**
 * Shorter preload lists for the lazy imports (issue 25). For each `import()` Vite writes into the
 * importing chunk the list of chunks to preload beside it (`__vite__mapDeps`), and that list names the
 * entry's own chunks too (the vendor chunk, the i18n chunk…), which every page has loaded before any
 * lazy import runs (the preload helper then skips them). In the website's entry, whose route table
 * holds some 35 lazy imports, those names and their indexes weighed about 0.5 KB gzip of the first
 * download. This leaves out of the lists of lazy imports every chunk of the entries' static graph;
 * index.html's own modulepreload links are untouched.
 *
 * Use both halves: `plugin` in `plugins`, `resolveDependencies` in `build.modulePreload`.
 */

// The parts of Vite's and Rollup's plugin API used here, written out as in first-screen-preload.ts.
interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  imports: string[];
}
type BundleLike = Record<string, ChunkLike | { type: 'asset' }>;

export interface SkipLoadedPreloadsPlugin {
  name: string;
  apply: 'build';
  generateBundle: { order: 'pre'; handler(options: unknown, bundle: BundleLike): void };
}

export function skipLoadedPreloads(): {
  plugin: SkipLoadedPreloadsPlugin;
  resolveDependencies: (file: string, deps: string[], context: { hostType: 'html' | 'js' }) => string[];
} {
  let loaded = new Set<string>();
  return {
    plugin: {
      name: 'khel:skip-loaded-preloads',
      apply: 'build',
      // Before Vite's import analysis writes the lists (its generateBundle), with every chunk known.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          const chunks = new Map(
            Object.values(bundle)
              .filter((c): c is ChunkLike => c.type === 'chunk')
              .map((c) => [c.fileName, c]),
          );
          const seen = new Set<string>();
          const visit = (file: string) => {
            const chunk = chunks.get(file);
            if (!chunk || seen.has(file)) return;
            seen.add(file);
            for (const imported of chunk.imports) visit(imported);
          };
          for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
          loaded = seen;
        },
      },
    },
    resolveDependencies: (_file, deps, { hostType }) =>
      hostType === 'js' ? deps.filter((dep) => !loaded.has(dep)) : deps,
  };
}
