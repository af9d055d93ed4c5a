/**
 * A letter as one self-contained HTML page, for printing to PDF and for opening offline: the Markdown rendered
 * by the reports' renderer (app/text/markdown.ts: markdown-it with raw HTML disabled, since a letter quotes
 * untrusted logbooks, and KaTeX math by the renderer's rules), KaTeX's stylesheet with its fonts embedded
 * (app/text/katex-css.ts), and the checks' figures appended as images (SVG as data URIs, so no script in
 * an SVG runs; a perceptual gallery's image pairs as PNG, JPEG or WebP data URIs, typed by their bytes). It names
 * no file outside itself.
 */
import { katexCss } from '../text/katex-css';
import { reportMarkdown } from '../text/markdown';

/** A figure the PDF appends: a check's drawn SVG, or a gallery's image pair (each image a data: URI with its label). */
export type LetterFigure =
  | {
      /** Caption, e.g. "Figure 1: Fit ratio - H_k against ln k (growth-fit.svg)". */
      readonly caption: string;
      readonly svg: string;
    }
  | { readonly caption: string; readonly images: readonly { readonly src: string; readonly label: string }[] };

const PAGE_CSS = `
@page { size: A4; margin: 22mm 20mm; }
body { font-family: "DejaVu Serif", Georgia, serif; font-size: 11pt; line-height: 1.45; color: #111; max-width: 46em; margin: 0 auto; }
h1 { font-size: 17pt; margin: 0 0 1em; } h2 { font-size: 13.5pt; margin-top: 1.6em; border-bottom: 1px solid #bbb; padding-bottom: 2pt; }
h3 { font-size: 11.5pt; margin-top: 1.2em; }
code, pre { font-family: "DejaVu Sans Mono", monospace; font-size: 8.5pt; overflow-wrap: anywhere; word-break: break-all; }
pre { background: #f4f4f4; padding: 6pt 8pt; white-space: pre-wrap; }
blockquote { margin: 0.8em 0; padding: 0.2em 1em; border-left: 3pt solid #888; color: #333; }
blockquote:first-of-type strong:first-child { color: #a00; }
li { margin: 0.2em 0; }
figure { margin: 1.2em 0; break-inside: avoid; text-align: center; } figure img { max-width: 100%; }
figcaption { font-size: 9.5pt; color: #333; margin-top: 4pt; }
.pair { display: flex; gap: 10pt; justify-content: center; } .pair figure { margin: 0; }
.pair img { width: 150pt; height: auto; image-rendering: pixelated; border: 0.5pt solid #999; }
`;

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function figureHtml(f: LetterFigure): string {
  if ('svg' in f)
    return `<figure><img alt="${escapeHtml(f.caption)}" src="data:image/svg+xml;base64,${Buffer.from(f.svg, 'utf8').toString('base64')}"><figcaption>${escapeHtml(f.caption)}</figcaption></figure>`;
  // Only raster data: URIs built from checked bytes (app/perceptual/gallery.ts) reach here; anything else is dropped.
  const images = f.images.filter((i) => /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/.test(i.src));
  const cells = images
    .map((i) => `<figure><img alt="${escapeHtml(i.label)}" src="${i.src}"><figcaption>${escapeHtml(i.label)}</figcaption></figure>`)
    .join('');
  return `<figure class="gallery-pair"><div class="pair">${cells}</div><figcaption>${escapeHtml(f.caption)}</figcaption></figure>`;
}

/**
 * The page. `title` goes into <title>. Example: `letterHtml('# Hi $x^2$', 'Hi', [])` holds a KaTeX span and
 * the embedded fonts, and no `<script>`.
 */
export function letterHtml(source: string, title: string, figures: readonly LetterFigure[]): string {
  const body = reportMarkdown(source);
  const figs = figures.length === 0 ? '' : `<h2>Figures</h2>\n${figures.map(figureHtml).join('\n')}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">
<title>${escapeHtml(title)}</title>
<style>${katexCss()}</style><style>${PAGE_CSS}</style></head>
<body>
${body}${figs}
</body></html>
`;
}
