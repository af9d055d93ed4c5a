// Vite build of the renderer, shared by browser mode (served by `recheck serve`) and Electron (app:// protocol).
// Relative asset URLs (base './') so the same files work under both origins.
//
// This file sits in the renderer's TypeScript project (tsconfig.web.json includes renderer/**), so it must not
// import `vite` or `@vitejs/plugin-react` statically: their type declarations reference Node's types, which
// would then leak into every renderer file. The plugin is loaded at build time by a specifier the type
// checker does not follow; Vite validates the returned config itself.
const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const reactPlugin: string = '@vitejs/plugin-react';

export default async () => {
  const { default: react } = (await import(/* @vite-ignore */ reactPlugin)) as { default: () => unknown };
  return {
    root,
    base: './',
    plugins: [react()],
    build: {
      outDir: '../out/renderer',
      emptyOutDir: true,
      target: 'es2022',
      chunkSizeWarningLimit: 8000,
      sourcemap: false,
    },
    worker: { format: 'es' },
    server: { host: '127.0.0.1' },
  };
};
