/**
 * Shows a place found by search in a pane: the element itself, or the first element under it whose text holds
 * `words` (case-insensitive), scrolled into view and marked for a moment as a revealed logbook cell is.
 * Example: `revealText(document.querySelector('[data-testid="pane-paper"]'), 'reverse KL')`.
 */

/** How long the place stays marked. */
const MARK_MS = 2400;

/** The innermost element under `root` whose text holds `words`, else null. */
export function elementWithText(root: Element, words: string): HTMLElement | null {
  const q = words.toLowerCase();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n !== null; n = walker.nextNode()) {
    if ((n.textContent ?? '').toLowerCase().includes(q)) return n.parentElement;
  }
  // Across text nodes (words split by markup): the deepest element holding them all.
  let found: HTMLElement | null = null;
  const visit = (el: Element): void => {
    for (const child of Array.from(el.children)) if ((child.textContent ?? '').toLowerCase().includes(q)) return visit(child);
    if (el instanceof HTMLElement) found = el;
  };
  if ((root.textContent ?? '').toLowerCase().includes(q)) visit(root);
  return found;
}

export function revealText(root: Element | null, words: string | null): void {
  if (root === null) return;
  const target = words !== null ? (elementWithText(root, words) ?? root) : root;
  // Chromium 150+ returns a Promise from scrollIntoView: never return it.
  void target.scrollIntoView({ block: 'center' });
  target.classList.add('search-revealed');
  window.setTimeout(() => target.classList.remove('search-revealed'), MARK_MS);
}
