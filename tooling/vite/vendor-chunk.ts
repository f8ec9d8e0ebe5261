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
 * Measure with `pnpm bench`.
 */
export const vendorChunk = {
  codeSplitting: {
    groups: [
      {
        name: 'vendor',
        test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|i18next|react-i18next|zustand)[\\/]/,
      },
    ],
  },
};
