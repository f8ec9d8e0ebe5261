/**
 * One chunk for the libraries every screen runs on (React, the router, i18next, zustand). Left
 * to itself the bundler spreads them over several small chunks shared with the lazy screens, which
 * cost a request each and compress worse; all of them are in the first download anyway.
 *
 * TanStack Query is left out on purpose: grouping it drags in parts of query-core that only lazy
 * screens use (about 9 KB), so the bundler's own split is smaller there. zod is left out too: the
 * shell (client, session, providers) uses no schema, so zod comes with the first screen that imports
 * route definitions, in a chunk of its own, instead of weighing on every first download (a module in
 * a group lands in that group's chunk even when only lazy screens import it).
 * zustand's middleware is left out as well: only wagmi (the wallet chunk) imports it, and in the group
 * it weighed on every first download (about 0.8 KB gzip).
 * Measure with `pnpm bench`. The groups below the vendor's gather the workspace's shared code.
 */
export const vendorChunk = {
  // A chunk that only other chunks import (shared code, not a screen) is named by its hash alone: each
  // lazy import lists the files to preload with it, and the website's entry alone named some 90 of
  // them (issue 25). Screens, the entry and the wallet chunks keep `<name>-<hash>.js`.
  chunkFileNames: (chunk: { isDynamicEntry: boolean }) =>
    chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
  codeSplitting: {
    groups: [
      {
        name: 'vendor',
        test: /node_modules[\\/](?:react|react-dom|scheduler|wouter|regexparam|i18next|react-i18next|zustand(?![\\/]esm[\\/]middleware))[\\/]/,
      },
      // Fewer requests per screen (issue 25): left to itself the bundler gives every set of screens
      // that shares a module a chunk of its own, so a first screen fetched 30–46 files, most under
      // 1 KB, and on a slow phone starting each request costs 4–7 ms of main thread and, over
      // HTTP/1.1, a round trip in one of six connections. Three groups instead:
      // - the workspace and TanStack Query code the entry loads anyway, in one first-download chunk
      //   (it compresses better together than spread over the entry's small chunks);
      {
        name: 'shell',
        tags: ['$initial' as const],
        test: /[\\/]packages[\\/](?:ui|core)[\\/]src[\\/]|node_modules[\\/]@tanstack[\\/]/,
        priority: 3,
      },
      // - the rest of TanStack Query (queries, mutations, infinite lists), which nearly every screen uses;
      { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
      // - the workspace modules that four or more lazy modules share. Fewer sharers put more code in
      //   it that a screen does not run (every screen then downloads it: a share count of 3 put five
      //   screens over their 45 KB); more sharers leave more small chunks (`pnpm bench:bundle-size`).
      { name: 'common', test: /[\\/]packages[\\/](?:ui|core)[\\/]src[\\/]/, minShareCount: 4, priority: 1 },
    ],
  },
};
