import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { firstScreenPreload, PRELOAD_SLICE } from '../../../tooling/vite/first-screen-preload.ts';

// A built app as the plugin sees it: an entry, and a screen chunk importing many chunks of its own.
const SCREEN_IMPORTS = Array.from({ length: 20 }, (_, i) => `assets/part-${i}.js`);
const bundle = {
  'assets/index.js': {
    type: 'chunk' as const,
    fileName: 'assets/index.js',
    facadeModuleId: '/repo/apps/web/src/main.tsx',
    imports: ['assets/vendor.js'],
    isEntry: true,
  },
  'assets/vendor.js': {
    type: 'chunk' as const,
    fileName: 'assets/vendor.js',
    facadeModuleId: null,
    imports: [],
    isEntry: false,
  },
  'assets/home.js': {
    type: 'chunk' as const,
    fileName: 'assets/home.js',
    facadeModuleId: '/repo/packages/ui/src/screens/home-screen.tsx',
    imports: ['assets/vendor.js', ...SCREEN_IMPORTS],
    isEntry: false,
  },
  ...Object.fromEntries(
    SCREEN_IMPORTS.map((file) => [
      file,
      { type: 'chunk' as const, fileName: file, facadeModuleId: null, imports: [], isEntry: false },
    ]),
  ),
};

function built(): string {
  const plugin = firstScreenPreload({
    routes: { '/home': ['packages/ui/src/screens/home-screen.tsx'] },
    languages: {},
    languageStorageKey: 'khel-pref.language',
  });
  plugin.configResolved({ base: '/', root: '/repo/apps/web' });
  return plugin.transformIndexHtml.handler('<html><head></head><body></body></html>', { bundle });
}

/** Runs the inline script on a page at `pathname`; each task's links are one entry of the answer. */
function run(pathname: string): string[][] {
  const script = /<script>([\s\S]*?)<\/script>/.exec(built())?.[1] ?? '';
  const tasks: string[][] = [[]];
  const timers: (() => void)[] = [];
  runInNewContext(script, {
    location: { pathname },
    localStorage: { getItem: () => null },
    navigator: { languages: ['en-US'] },
    setTimeout: (next: () => void) => timers.push(next),
    document: {
      createElement: () => ({}),
      head: {
        appendChild: (link: { rel: string; href: string }) =>
          tasks[tasks.length - 1]?.push(`${link.rel} ${link.href}`),
      },
    },
  });
  for (let next = timers.shift(); next; next = timers.shift()) {
    tasks.push([]);
    next();
  }
  return tasks;
}

describe('first-screen preload', () => {
  it('preloads the screen chunks the entry does not load, a few links per task so none is a long task', () => {
    const tasks = run('/home');
    const links = tasks.flat();
    expect(links).toHaveLength(21);
    expect(links).toContain('modulepreload /assets/home.js');
    expect(links).not.toContain('modulepreload /assets/vendor.js');
    expect(tasks.map((t) => t.length)).toEqual([6, 6, 6, 3]);
    for (const task of tasks) expect(task.length).toBeLessThanOrEqual(PRELOAD_SLICE);
  });

  it('adds nothing on an address with no first screen of its own', () => {
    expect(run('/profile')).toEqual([[]]);
  });
});
