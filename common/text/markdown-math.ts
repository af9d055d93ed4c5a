/**
 * The one set of math rules for Markdown, shared by the app's panes (renderer/lib/markdown.ts) and by reports and
 * letters rendered in the core (app/text/markdown.ts): `$inline$` (pandoc rules), `$$display$$` inline, and
 * `$$` blocks over one or several lines, typeset by KaTeX's renderToString. KaTeX errors render as the source in
 * red rather than throwing, so one bad formula does not hide a page. Raw HTML stays disabled: case files are
 * untrusted. Pure (no DOM, no Node): the lint rule counts it with the contract, which both sides may import.
 */
import MarkdownIt, { type StateBlock, type StateInline } from 'markdown-it';
import katex from 'katex';

/**
 * The largest size, in em, a formula may give anything (`\rule`, `\kern`, `\hspace`, `\raisebox`, row spacing):
 * KaTeX caps every user-given size to it (`maxSize`). Without it 27 bytes, `$\rule{1em}{100000em}$`, printed a
 * 1,856-page letter (issue 24). 20em is about a third of an A4 page at the letters' font size.
 */
export const MATH_MAX_SIZE_EM = 20;

/** The most macro expansions one formula may make (`maxExpand`, KaTeX's default, stated): a \def bomb is an error. */
export const MATH_MAX_EXPAND = 1000;

/** A formula as HTML (KaTeX, MathML included for screen readers). Example: `tex('x^2', false)` holds `katex`. */
export function tex(src: string, displayMode: boolean): string {
  return katex.renderToString(src, {
    displayMode,
    throwOnError: false,
    output: 'htmlAndMathml',
    strict: 'ignore',
    trust: false,
    maxSize: MATH_MAX_SIZE_EM,
    maxExpand: MATH_MAX_EXPAND,
  });
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

export interface MathMarkdownOptions {
  /** Turn bare URLs into links. */
  readonly linkify: boolean;
  /** Extra attributes of a display-math block's <div>, e.g. ` tabindex="0"`. */
  readonly mathBlockAttributes?: string;
}

/** markdown-it with the math rules and raw HTML off; callers add their own link and heading rules. */
export function mathMarkdown(o: MathMarkdownOptions) {
  const md = new MarkdownIt({ html: false, linkify: o.linkify, typographer: false });
  md.inline.ruler.after('escape', 'math_inline', mathInline);
  md.block.ruler.before('fence', 'math_block', mathBlock, { alt: ['paragraph', 'reference', 'blockquote', 'list'] });
  md.renderer.rules.math_inline = (tokens, idx) => tex(tokens[idx]?.content ?? '', false);
  md.renderer.rules.math_display_inline = (tokens, idx) => tex(tokens[idx]?.content ?? '', true);
  md.renderer.rules.math_block = (tokens, idx) =>
    `<div class="math-block"${o.mathBlockAttributes ?? ''}>${tex(tokens[idx]?.content ?? '', true)}</div>\n`;
  return md;
}
