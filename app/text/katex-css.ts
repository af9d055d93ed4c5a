/**
 * KaTeX's stylesheet with its fonts inlined (woff2 as data: URLs, the woff and ttf fallbacks dropped), so a
 * report's math renders offline from one HTML file, in a browser or in the app's sandboxed frame.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

let cached: string | null = null;

/** The CSS text (about 400 KB). Example: `katexCss()` contains `font-family:KaTeX_Main` and no `url(fonts/`. */
export function katexCss(): string {
  if (cached !== null) return cached;
  const require = createRequire(import.meta.url);
  const dist = dirname(require.resolve('katex/dist/katex.min.css'));
  const css = readFileSync(join(dist, 'katex.min.css'), 'utf8');
  cached = css.replace(/src:([^;}]*)/g, (_all, sources: string) => {
    const woff2 = /url\((fonts\/[A-Za-z0-9_-]+\.woff2)\)/.exec(sources);
    if (woff2 === null) return `src:${sources}`;
    const data = readFileSync(join(dist, woff2[1] as string)).toString('base64');
    return `src:url(data:font/woff2;base64,${data}) format("woff2")`;
  });
  return cached;
}
