// Build of the Electron app (`npm run build` = electron-vite build): main -> out/main/index.js (ESM),
// preloads -> out/preload/index.cjs and sandbox.cjs (sandboxed preloads must be CommonJS; imports bundled in),
// renderer -> out/renderer. The renderer part must stay equivalent to vite.renderer.config.ts (browser mode
// builds with that one); test/build/electron-vite-config.test.ts compares the two.
import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
// The checkers' type declarations for the sandbox editor (virtual:recheck-checkers-dts), generated at build time.
import { checkersTypes } from './scripts/checkers-types';

const root = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: resolve(root, 'out/main'),
      rolldownOptions: {
        input: { index: resolve(root, 'main/index.ts') },
        // One file: the core loads some heavy checkers lazily (mathjs for units); keep them in the bundle.
        output: { inlineDynamicImports: true },
      },
    },
  },
  preload: {
    build: {
      outDir: resolve(root, 'out/preload'),
      // Bundle everything: a sandboxed preload can only require('electron') at run time.
      externalizeDeps: false,
      rolldownOptions: {
        // index: the main window's API bridge; sandbox: the hidden sandbox windows' message bridge.
        input: { index: resolve(root, 'main/preload/index.ts'), sandbox: resolve(root, 'main/preload/sandbox.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(root, 'renderer'),
    base: './',
    plugins: [react(), checkersTypes()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 8000,
      sourcemap: false,
      // Chromium preloads modules natively; the polyfill would be a chunk shared by both pages.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        input: { index: resolve(root, 'renderer/index.html'), 'sandbox/page': resolve(root, 'renderer/sandbox/index.html') },
      },
    },
    worker: { format: 'es' },
  },
});
