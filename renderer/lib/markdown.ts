/**
 * Markdown to HTML for paper summaries, logbook cells and letters: markdown-it with raw HTML disabled (the
 * logbook under review is untrusted input) plus KaTeX for `$inline$` and `$$display$$` math. KaTeX errors
 * render as the source in red rather than throwing, so one bad formula does not hide a page.
 */
import MarkdownIt, { type StateBlock, type StateInline } from 'markdown-it';
import katex from 'katex';

function tex(src: string, displayMode: boolean): string {
  return katex.renderToString(src, { displayMode, throwOnError: false, output: 'htmlAndMathml', strict: 'ignore' });
}

/** Inline `$...$` (pandoc rules: no space inside the delimiters, closing `$` not followed by a digit) and `$$...$$`. */
function mathInline(state: StateInline, silent: boolean): boolean {
  const src = state.src;
  const start = state.pos;
  if (src.charCodeAt(start) !== 0x24 /* $ */) return false;
  const display = src.charCodeAt(start + 1) === 0x24;
  const open = display ? 2 : 1;
  let end = start + open;
  for (;;) {
    end = src.indexOf(display ? '$$' : '$', end);
    if (end === -1) return false;
    if (src.charCodeAt(end - 1) === 0x5c /* \ */) {
      end += 1;
      continue;
    }
    break;
  }
  const content = src.slice(start + open, end);
  if (content.length === 0) return false;
  if (!display) {
    if (/^\s/.test(content) || /\s$/.test(content)) return false;
    if (/[0-9]/.test(src.charAt(end + 1))) return false;
  }
  if (!silent) {
    const token = state.push(display ? 'math_display_inline' : 'math_inline', 'math', 0);
    token.content = content;
  }
  state.pos = end + open;
  return true;
}

/** Block `$$ ... $$` spanning one or several lines. */
function mathBlock(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  const lineText = (n: number): string => state.src.slice(state.bMarks[n]! + state.tShift[n]!, state.eMarks[n]!);
  const first = lineText(startLine);
  if (!first.startsWith('$$')) return false;
  let content: string;
  let last = startLine;
  const rest = first.slice(2);
  if (rest.trimEnd().endsWith('$$')) {
    content = rest.trimEnd().slice(0, -2);
  } else {
    const lines = [rest];
    let found = false;
    for (let n = startLine + 1; n < endLine; n++) {
      const t = lineText(n);
      if (t.trimEnd().endsWith('$$')) {
        lines.push(t.trimEnd().slice(0, -2));
        last = n;
        found = true;
        break;
      }
      lines.push(t);
    }
    if (!found) return false;
    content = lines.join('\n');
  }
  if (silent) return true;
  const token = state.push('math_block', 'math', 0);
  token.block = true;
  token.content = content;
  token.map = [startLine, last + 1];
  state.line = last + 1;
  return true;
}

/** A configured renderer. Example: `createMarkdown().render('$x^2$')` contains `<span class="katex">`. */
export function createMarkdown() {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, idx) => tex(tokens[idx]!.content, false);
  md.renderer.rules.math_display_inline = (tokens, idx) => tex(tokens[idx]!.content, true);
  // Focusable: a formula wider than its pane scrolls sideways, and the keyboard must reach that scroll too.
  md.renderer.rules.math_block = (tokens, idx) => `<div class="math-block" tabindex="0">${tex(tokens[idx]!.content, true)}</div>\n`;
  // Links open nowhere inside the app: keep them visible but inert (navigation is blocked in Electron anyway).
  md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
    tokens[idx]!.attrSet('rel', 'noreferrer noopener');
    tokens[idx]!.attrSet('target', '_blank');
    return self.renderToken(tokens, idx, options);
  };
  return md;
}

const shared = createMarkdown();

/** Renders Markdown with math to an HTML string safe to inject (no raw HTML passes through). */
export function renderMarkdown(src: string): string {
  return shared.render(src);
}
