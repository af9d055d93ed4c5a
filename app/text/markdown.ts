/**
 * Markdown with math to HTML for reports (paper.md, letters), rendered once when the report is built: markdown-it
 * with raw HTML disabled (case files are untrusted) and KaTeX for `$inline$`, `$$display$$` and `$$` blocks, by the
 * math rules the app's panes use too (common/text/markdown-math.ts). A formula KaTeX
 * cannot parse shows as its source in red; links stay visible but inert (the report allows no navigation).
 */
import { mathMarkdown } from '../../common/text/markdown-math';

function createReportMarkdown() {
  const md = mathMarkdown({ linkify: false });
  // A document inside the report: its headings sit under the report's own (# becomes h3).
  const level = (tag: string): string => `h${Math.min(6, Number(tag.slice(1)) + 2)}`;
  md.renderer.rules.heading_open = (tokens, idx) => `<${level(tokens[idx]?.tag ?? 'h1')}>`;
  md.renderer.rules.heading_close = (tokens, idx) => `</${level(tokens[idx]?.tag ?? 'h1')}>`;
  // No navigation out of a report: a link keeps its text and shows its target, but is not a link.
  md.renderer.rules.link_open = (tokens, idx) =>
    `<span class="link" title="${md.utils.escapeHtml(String(tokens[idx]?.attrGet('href') ?? ''))}">`;
  md.renderer.rules.link_close = () => '</span>';
  md.renderer.rules.image = (tokens, idx) => `<span class="link">[image: ${md.utils.escapeHtml(tokens[idx]?.content ?? '')}]</span>`;
  return md;
}

let shared: ReturnType<typeof createReportMarkdown> | null = null;

/** Example: `reportMarkdown('$x^2$')` contains `<span class="katex">`. */
export function reportMarkdown(src: string): string {
  shared ??= createReportMarkdown();
  return shared.render(src);
}
