// Vite build of the renderer, shared by browser mode (served by `recheck serve`) and Electron (app:// protocol).
// Relative asset URLs (base './') so the same files work under both origins. This file is build tooling: it is
// type-checked with the Node-side project (tsconfig.node.json), not the renderer's, so Node's types never reach
// renderer code. electron.vite.config.ts must stay equivalent (test/build/electron-vite-config.test.ts).
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
// The checkers' type declarations for the sandbox editor (virtual:recheck-checkers-dts), generated at build time.
import { checkersTypes } from './scripts/checkers-types';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('./renderer/', import.meta.url));

export default defineConfig({
  root,
  base: './',
  plugins: [react(), checkersTypes()],
  build: {
    outDir: '../out/renderer',
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 8000,
    sourcemap: false,
    // Chromium preloads modules natively; the polyfill would be a chunk shared by both pages.
    modulePreload: { polyfill: false },
    // Two pages: the app, and the sandbox page the browser sandbox runs programs in (served with its own CSP).
    rolldownOptions: {
      input: {
        index: fileURLToPath(new URL('./renderer/index.html', import.meta.url)),
        'sandbox/page': fileURLToPath(new URL('./renderer/sandbox/index.html', import.meta.url)),
      },
    },
  },
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
});
