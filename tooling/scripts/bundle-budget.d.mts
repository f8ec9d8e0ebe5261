// Types for bundle-budget.mjs, so TypeScript code (the bundle-size bench) can reuse it.
export type BundleApp = 'web' | 'miniapp';
export declare const KB: number;
export declare const BUNDLE_BUDGET: {
  initialKB: number;
  htmlBrotliBytes: number;
  screenKB: number;
  allowances: Record<BundleApp, Record<string, number>>;
  exempt: Record<BundleApp, string[]>;
  startModules: Record<BundleApp, string[]>;
};
export declare const BUNDLE_APPS: readonly BundleApp[];
export declare function limitKB(app: BundleApp, what: string): number;
export declare function initialScriptUrls(html: string): string[];
export interface ScreenFigures {
  /** Repository-relative source of the lazily imported module. */
  source: string;
  /** Its chunk and the chunks it imports statically, less the shell's. */
  files: string[];
  gzip: number;
  exempt: boolean;
  /** Fetched by every session at start (BUNDLE_BUDGET.startModules). */
  start: boolean;
}
export interface BuildFigures {
  app: BundleApp;
  /** `index.html` as sent, brotli (bytes). */
  htmlBrotli: number;
  /** Chunks holding the schema library (zod), which no front end's chunk may. */
  schemaFiles: string[];
  initial: { file: string; source: string; gzip: number }[];
  initialGzip: number;
  start: { files: string[]; gzip: number };
  screens: ScreenFigures[];
}
export declare function measureBuild(app: BundleApp, outDir?: string): BuildFigures;
export declare function budgetFailures(figures: BuildFigures): string[];
export declare function checkBundleBudget(): void;
