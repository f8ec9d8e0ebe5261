/**
 * Packages whose `exports` name only their development build although they ship a production one
 * next to it: react-router 7 resolves to `dist/development/` under every condition, which keeps its
 * warnings and checks in the phone's first download (about 0.5 KB gzip). In a production build this
 * points the import at `dist/production/`, the same code without the development branches. `vite dev`
 * and the tests keep the development build.
 */
const DEVELOPMENT_ONLY_EXPORTS: Record<string, RegExp> = {
  'react-router': /([\\/]react-router[\\/]dist[\\/])development([\\/])/,
};

// The parts of Vite's plugin API this plugin uses, written out so that tooling/ needs no dependency
// of its own (as in precompress.ts; the apps' `vite` types accept it).
interface Resolved {
  id: string;
}
interface ResolveContext {
  resolve(source: string, importer: string | undefined, options: object): Promise<Resolved | null>;
}
export interface ProductionBuildsPlugin {
  name: string;
  enforce: 'pre';
  configResolved(config: { command: string; isProduction: boolean }): void;
  resolveId(
    this: ResolveContext,
    source: string,
    importer: string | undefined,
    options: object,
  ): Promise<Resolved | null>;
}

export function productionBuilds(): ProductionBuildsPlugin {
  let production = false;
  return {
    name: 'khel:production-builds',
    enforce: 'pre',
    configResolved(config) {
      production = config.command === 'build' && config.isProduction;
    },
    async resolveId(source, importer, options) {
      const pattern = DEVELOPMENT_ONLY_EXPORTS[source];
      if (!production || !pattern) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !pattern.test(resolved.id)) return resolved;
      return { ...resolved, id: resolved.id.replace(pattern, '$1production$2') };
    },
  };
}
