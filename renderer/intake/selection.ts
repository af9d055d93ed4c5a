/**
 * Text the reviewer selected inside an element (the paper's summary, a logbook cell), as a claim or a quote:
 * rendered math goes back to its `$TeX$` source (KaTeX keeps it in an annotation), and whitespace is tidied.
 */
import { normalizeQuote } from './quote';

/** The text of a range, with KaTeX-rendered math replaced by its TeX source between `$` (or `$$`). */
export function rangeText(range: Range): string {
  const fragment = range.cloneContents();
  for (const el of Array.from(fragment.querySelectorAll('.katex-display, .katex'))) {
    if (!fragment.contains(el)) continue; // inside a display formula already replaced
    const tex = el.querySelector('annotation[encoding="application/x-tex"]')?.textContent;
    const display = el.classList.contains('katex-display');
    const source = tex != null && tex !== '' ? (display ? `$$${tex}$$` : `$${tex}$`) : (el.querySelector('.katex-html')?.textContent ?? '');
    el.replaceWith(document.createTextNode(display ? `\n${source}\n` : source));
  }
  // Block elements end lines, as they do on screen.
  for (const el of Array.from(fragment.querySelectorAll('p, li, h1, h2, h3, h4, h5, h6, pre, blockquote, tr, div'))) el.append('\n');
  return normalizeQuote(fragment.textContent ?? '');
}

/** The current selection when it is non-empty and lies inside `container`, with its text; null otherwise. */
export function selectionInside(container: Element | null): { text: string; range: Range } | null {
  if (container === null) return null;
  const sel = window.getSelection();
  if (sel === null || sel.rangeCount === 0 || sel.isCollapsed) return null;
  const range = sel.getRangeAt(0);
  if (!container.contains(range.commonAncestorContainer)) return null;
  const text = rangeText(range);
  return text === '' ? null : { text, range };
}
