import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * Emits the website's service worker (`sw.js` at the build's root, so its scope is the whole site) from `source`,
 * with `__KHEL_BUILD__` replaced by an id of this build (a hash of every emitted file name: hashed names change
 * with their content). A new build is then a new worker script and a new cache name, and the worker's activate
 * drops the old build's cache. The worker stays plain JavaScript outside the app's chunks, and the few bytes that
 * register it are an inline script of the built index.html that waits for the page's load event and then for an
 * idle moment: nothing of it is on the first screen's path or in the bundle budget (a dev server has no worker).
 */
const REGISTER =
  "addEventListener('load',()=>{const s=navigator.serviceWorker;if(!s)return;" +
  "const r=()=>s.register('/sw.js').catch(e=>console.error('Service worker',e));" +
  'self.requestIdleCallback?requestIdleCallback(r,{timeout:5e3}):r()},{once:true})';

/** The part of Vite's plugin shape this uses (tooling/vite does not depend on Vite, as precompress.ts). */
export interface ServiceWorkerPlugin {
  name: string;
  apply: 'build';
  transformIndexHtml(): Array<{ tag: string; children: string; injectTo: 'body' }>;
  generateBundle(
    this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string },
    options: unknown,
    bundle: Record<string, unknown>,
  ): void;
}

export function serviceWorker(options: { source: string }): ServiceWorkerPlugin {
  return {
    name: 'khel-service-worker',
    apply: 'build',
    transformIndexHtml() {
      return [{ tag: 'script', children: REGISTER, injectTo: 'body' as const }];
    },
    generateBundle(_, bundle) {
      const source = readFileSync(options.source, 'utf8');
      const names = Object.keys(bundle).sort().join('\n');
      const id = createHash('sha256').update(names).update(source).digest('hex').slice(0, 12);
      const code = source.replaceAll('__KHEL_BUILD__', id);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}
