// Types for the plain-Node scripts, so TypeScript code (e2e setup, bench) can reuse them.
export declare const root: string;
export declare const FRONT_ENDS: ReadonlyArray<{ name: string; app: 'web' | 'miniapp'; dir: string }>;
export declare function log(msg: string): void;
export declare function newestMtime(paths: string[]): number;
export declare function frontEndSourcesMtime(dir: string): number;
export declare function isBuildStale(dir: string, outDir?: string): boolean;
export declare function ensureFrontEndsBuilt(options?: {
  force?: boolean;
  quiet?: boolean;
}): Promise<string[]>;
