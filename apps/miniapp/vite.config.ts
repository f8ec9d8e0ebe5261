import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { precompress } from '../../tooling/vite/precompress.ts';
import { productionBuilds } from '../../tooling/vite/production-builds.ts';
import { vendorChunk } from '../../tooling/vite/vendor-chunk.ts';
import { tonConnectManifest } from './tonconnect-manifest.ts';

// The all-in-one server serves this build at /tma/ (its router uses basename /tma).
export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would bundle React's
  // development build and development JSX; a production-mode build is a production build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  // PUBLIC_URL without the VITE_ prefix: the API reads the same variable (its origin is ours).
  const publicUrl = loadEnv(mode, process.cwd(), '').PUBLIC_URL || undefined;
  return {
    base: '/tma/',
    plugins: [productionBuilds(), react(), tonConnectManifest(publicUrl), precompress()],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // Every browser we serve has <link rel=modulepreload>; the polyfill would only weigh on the entry.
      modulePreload: { polyfill: false },
      rolldownOptions: { output: vendorChunk },
    },
    server: {
      port: 5174,
      proxy: {
        '/api': { target: 'http://localhost:8080', changeOrigin: true },
      },
    },
    preview: { port: 4174 },
  };
});
