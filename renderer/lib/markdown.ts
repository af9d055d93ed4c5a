/**
 * Markdown to HTML for paper summaries, logbook cells and letters: the shared math rules (common/text/markdown-math.ts:
 * markdown-it with raw HTML disabled, since the logbook under review is untrusted, plus KaTeX for `$inline$` and
 * `$$display$$` math), with links kept inert.
 */
import { mathMarkdown } from '../../common/text/markdown-math';

/** A configured renderer. Example: `createMarkdown().render('$x^2$')` contains `<span class="katex">`. */
export function createMarkdown() {
  // Focusable: a formula wider than its pane scrolls sideways, and the keyboard must reach that scroll too.
  const md = mathMarkdown({ linkify: true, mathBlockAttributes: ' tabindex="0"' });
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
