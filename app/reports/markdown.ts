/**
 * Markdown with math to HTML for reports (paper.md, letters), rendered once when the report is built: markdown-it
 * with raw HTML disabled (case files are untrusted) and KaTeX's renderToString for `$inline$`, `$$display$$` and
 * `$$` blocks (the renderer's rules in renderer/lib/markdown.ts, which this layer cannot import). A formula KaTeX
 * cannot parse shows as its source in red; links stay visible but inert (the report allows no navigation).
 */
import MarkdownIt, { type StateBlock, type StateInline } from 'markdown-it';
import katex from 'katex';

function tex(src: string, displayMode: boolean): string {
  return katex.renderToString(src, { displayMode, throwOnError: false, output: 'htmlAndMathml', strict: 'ignore', trust: false });
}

/** Inline `$...$` (no space inside the delimiters, closing `$` not followed by a digit) and `$$...$$`. */
function mathInline(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x24) return false;
  const display = src.charCodeAt(start + 1) === 0x24;
  const open = display ? 2 : 1;
  let end = start + open;
  for (;;) {
    end = src.indexOf(display ? '$$' : '$', end);
    if (end === -1) return false;
    if (src.charCodeAt(end - 1) !== 0x5c) break;
    end += 1;
  }
  const content = src.slice(start + open, end);
  if (content.length === 0) return false;
  if (!display && (/^\s/.test(content) || /\s$/.test(content) || /[0-9]/.test(src.charAt(end + 1)))) return false;
  if (!silent) state.push(display ? 'math_display_inline' : 'math_inline', 'math', 0).content = content;
  state.pos = end + open;
  return true;
}

/** Block `$$ ... $$` over one or several lines. */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (n: number): string => state.src.slice((state.bMarks[n] ?? 0) + (state.tShift[n] ?? 0), state.eMarks[n] ?? 0);
  const first = lineText(startLine);
  if (!first.startsWith('$$')) return false;
  const rest = first.slice(2);
  let content: string | null = null;
  let last = startLine;
  if (rest.trimEnd().endsWith('$$')) content = rest.trimEnd().slice(0, -2);
  else {
    const lines = [rest];
    for (let n = startLine + 1; n < endLine; n++) {
      const t = lineText(n);
      if (t.trimEnd().endsWith('$$')) {
        lines.push(t.trimEnd().slice(0, -2));
        last = n;
        content = lines.join('\n');
        break;
      }
      lines.push(t);
    }
  }
  if (content === null) return false;
  if (silent) return true;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = content;
  token.map = [startLine, last + 1];
  state.line = last + 1;
  return true;
}

function createReportMarkdown() {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, idx) => tex(tokens[idx]?.content ?? '', false);
  md.renderer.rules.math_display_inline = (tokens, idx) => tex(tokens[idx]?.content ?? '', true);
  md.renderer.rules.math_block = (tokens, idx) => `<div class="math-block">${tex(tokens[idx]?.content ?? '', true)}</div>\n`;
  // A document inside the report: its headings sit under the report's own (# becomes h3).
  const level = (tag: string): string => `h${Math.min(6, Number(tag.slice(1)) + 2)}`;
  md.renderer.rules.heading_open = (tokens, idx) => `<${level(tokens[idx]?.tag ?? 'h1')}>`;
  md.renderer.rules.heading_close = (tokens, idx) => `</${level(tokens[idx]?.tag ?? 'h1')}>`;
  // No navigation out of a report: a link keeps its text and shows its target, but is not a link.
  md.renderer.rules.link_open = (tokens, idx) => `<span class="link" title="${md.utils.escapeHtml(String(tokens[idx]?.attrGet('href') ?? ''))}">`;
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
