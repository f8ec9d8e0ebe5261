import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../../tooling/vite/precompress.ts';

// Built by bench/lighthouse.ts into bench/dist/bare-page, with the apps' compression.
export default defineConfig(({ command, mode }) => {
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return { plugins: [react(), precompress()], build: { emptyOutDir: true } };
});
