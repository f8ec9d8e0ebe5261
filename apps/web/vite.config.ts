import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tooling/vite/precompress.ts';
import { productionBuilds } from '../../tooling/vite/production-builds.ts';
import { vendorChunk } from '../../tooling/vite/vendor-chunk.ts';

// The all-in-one server (`pnpm start`, port 8080) serves this build at `/`; in `vite dev`
// API calls go to it through the proxy.
export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would bundle React's
  // development build and development JSX; a production-mode build is a production build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    plugins: [productionBuilds(), react(), precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every browser we serve has <link rel=modulepreload>; the polyfill would only weigh on the entry.
      modulePreload: { polyfill: false },
      rolldownOptions: { output: vendorChunk },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: 'http://localhost:8080', changeOrigin: true },
      },
    },
    preview: { port: 4173 },
  };
});
