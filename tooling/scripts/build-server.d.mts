// Types for build-server.mjs, so TypeScript tests and benches can build and start the server.
import type { Metafile } from 'esbuild';

export declare const SERVER_OUT_DIR: string;
export declare const SERVER_ENTRIES: Readonly<Record<'all' | 'api' | 'worker' | 'bot', string>>;
export type ServerRole = keyof typeof SERVER_ENTRIES;
export declare function buildServer(options?: { quiet?: boolean; outDir?: string }): Promise<Metafile>;
export declare function isServerBuildStale(): boolean;
export declare function ensureServerBuilt(options?: { quiet?: boolean }): Promise<void>;
export declare function serverEntry(role: ServerRole, outDir?: string): string;
export declare function packagesLoadedAtStart(
  metafile: Metafile,
  role: ServerRole,
  outDir?: string,
): string[];
