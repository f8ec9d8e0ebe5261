/**
 * No chunk waterfall on the first screen (issue 9): a lazy screen is otherwise fetched only once
 * React renders its route, and its texts only once the screen asks for them, each a round trip
 * after the one before. This plugin writes a small inline script into the built `index.html` that
 * adds `<link rel=modulepreload>` for the chunks of the screen the address names (and their
 * imports) and for the texts of the reader's language, so they download alongside the entry.
 *
 * `index.html` is the same for every address, so the script picks the list by `location.pathname`;
 * the reader's language is the saved choice, else the browser's first language we ship (as
 * `pickLanguage` does, without Telegram's, which the page only knows later).
 */

export interface FirstScreenPreloadOptions {
  /**
   * Address (with the app's base, e.g. `/tma/home`) → source modules whose chunks that screen
   * needs, relative to the repository root. `{lang}` stands for the language's file suffix
   * (`en`, `hi`, `pt-br`); English and the reader's language are both preloaded.
   */
  routes: Record<string, readonly string[]>;
  /** Language code → its texts module (English is in the entry and needs none). */
  languages: Record<string, string>;
  /** Where the language choice is saved (localStorage key, prefix included). */
  languageStorageKey: string;
}

// The parts of Vite's and Rollup's plugin API this plugin uses, written out so that tooling/ needs
// no dependency of its own (as in precompress.ts; the apps' `vite` types accept it).
interface OutputChunkLike {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
}
type BundleLike = Record<string, OutputChunkLike | { type: 'asset' }>;
interface HtmlContext {
  bundle?: BundleLike;
}

export interface FirstScreenPreloadPlugin {
  name: string;
  apply: 'build';
  configResolved(config: { base: string; root: string }): void;
  transformIndexHtml: { order: 'post'; handler(html: string, ctx: HtmlContext): string };
}

/** Links added per task by the inline script. */
export const PRELOAD_SLICE = 6;

/** File suffix of a language's text files: `pt-BR` → `pt-br`. */
const fileSuffix = (language: string) => language.toLowerCase();

export function firstScreenPreload(options: FirstScreenPreloadOptions): FirstScreenPreloadPlugin {
  let base = '/';
  return {
    name: 'khel-first-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunkLike => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (start: readonly OutputChunkLike[]): Set<string> => {
          const seen = new Set<string>();
          const walk = (chunk: OutputChunkLike) => {
            if (seen.has(chunk.fileName)) return;
            seen.add(chunk.fileName);
            for (const file of chunk.imports) {
              const next = byFile.get(file);
              if (next) walk(next);
            }
          };
          for (const chunk of start) walk(chunk);
          return seen;
        };
        // What the entry loads anyway (index.html already preloads it).
        const initial = closure(chunks.filter((c) => c.isEntry));
        const chunkOf = (module: string): OutputChunkLike => {
          const found = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
          if (!found) throw new Error(`first-screen-preload: no chunk starts at ${module}`);
          return found;
        };
        const files = (modules: readonly string[]) =>
          [...closure(modules.map(chunkOf))].filter((f) => !initial.has(f)).map((f) => `${base}${f}`);

        // Every file once; a route lists indexes into it: what it needs in English, then what each
        // other language adds (its texts and its text parts).
        const urls: string[] = [];
        const indexes = (list: Iterable<string>) =>
          [...list].map((url) => {
            const at = urls.indexOf(url);
            return at >= 0 ? at : urls.push(url) - 1;
          });
        const routes: Record<string, [number[], Record<string, number[]>]> = {};
        for (const [address, modules] of Object.entries(options.routes)) {
          const english = files(modules.map((m) => m.replaceAll('{lang}', 'en')));
          const extra: Record<string, number[]> = {};
          for (const [language, texts] of Object.entries(options.languages)) {
            const own = files([...modules.map((m) => m.replaceAll('{lang}', fileSuffix(language))), texts]);
            extra[language] = indexes(new Set(own.filter((f) => !english.includes(f))));
          }
          routes[address.replace(/\/+$/, '') || '/'] = [indexes(english), extra];
        }
        const languages = ['en', ...Object.keys(options.languages)];
        // The folder and extension every file shares are written once (`P`, `S`): index.html has to fit the
        // first round trip (bundle-budget.mjs), and sixty `/assets/….js` were about 100 bytes of it brotli'd.
        const folder = commonFolder(urls);
        const extension = urls.length > 0 && urls.every((url) => url.endsWith('.js')) ? '.js' : '';
        const names = urls.map((url) => url.slice(folder.length, url.length - extension.length));
        // The links go in slices of PRELOAD_SLICE, a task each: a screen's 60 or so links added in one task took
        // 80 ms of a phone's main thread (each insertion starts a module fetch), a long task of its own (issue 25).
        const script = `(function(u,r,k,L,P,S){var l;try{l=localStorage.getItem(k)}catch(e){}if(L.indexOf(l)<0){l='en';var n=navigator.languages||[navigator.language];for(var i=0;i<n.length;i++){var t=String(n[i]).toLowerCase().split(/[-_]/)[0],m=t==='hi'?'hi':t==='pt'?'pt-BR':t==='en'?'en':null;if(m){l=m;break}}}var f=r[location.pathname.replace(/\\/+$/,'')||'/'];if(!f)return;var q=f[0].concat(f[1][l]||[]),j=0;(function add(){for(var end=Math.min(j+${PRELOAD_SLICE},q.length);j<end;j++){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=P+u[q[j]]+S;document.head.appendChild(e)}if(j<q.length)setTimeout(add,0)})()})(${JSON.stringify(names)},${JSON.stringify(routes)},${JSON.stringify(options.languageStorageKey)},${JSON.stringify(languages)},${JSON.stringify(folder)},${JSON.stringify(extension)})`;
        return html.replace('</head>', `  <script>${script}</script>\n  </head>`);
      },
    },
  };
}

/** The longest folder (ending in `/`) every URL starts with; '' when they share none. */
function commonFolder(urls: readonly string[]): string {
  if (urls.length === 0) return '';
  let prefix = urls[0] as string;
  for (const url of urls) while (!url.startsWith(prefix)) prefix = prefix.slice(0, -1);
  return prefix.slice(0, prefix.lastIndexOf('/') + 1);
}
