/** Whether the focus is where the reviewer types (the key handler lets text fields and the code editor have their keys). */

/** The code editor (Monaco), a text field (input that takes text, textarea, select, contenteditable), or neither. */
export function typingIn(el: Element | null): 'field' | 'editor' | null {
  if (el === null) return null;
  if (el.closest('.monaco-editor') !== null) return 'editor';
  const tag = el.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return 'field';
  if (tag === 'INPUT') {
    const type = (el.getAttribute('type') ?? 'text').toLowerCase();
    return ['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'color', 'range'].includes(type) ? null : 'field';
  }
  return (el as HTMLElement).isContentEditable === true ? 'field' : null;
}
