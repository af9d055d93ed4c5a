/**
 * The editor's colours follow the workbench's theme: `<html data-theme="light|dark">` when the workbench sets
 * it, else the system's `prefers-color-scheme`. Monaco's theme is global, so one subscription serves every
 * editor; `vs` and `vs-dark` with the workbench's background.
 */
import type * as Monaco from 'monaco-editor';

export type EditorTheme = 'recheck-light' | 'recheck-dark';

/** The theme for a document and a system preference. Example: `editorThemeFor(undefined, true)` is 'recheck-dark'. */
export function editorThemeFor(dataTheme: string | undefined, systemDark: boolean): EditorTheme {
  if (dataTheme === 'dark') return 'recheck-dark';
  if (dataTheme === 'light') return 'recheck-light';
  return systemDark ? 'recheck-dark' : 'recheck-light';
}

// Line numbers and comments keep a contrast of 4.5 or more against the background (WCAG AA; the e2e scan checks).
export function defineEditorThemes(monaco: typeof Monaco): void {
  monaco.editor.defineTheme('recheck-light', {
    base: 'vs',
    inherit: true,
    rules: [],
    colors: { 'editor.background': '#ffffff', 'editorLineNumber.foreground': '#6e7781' },
  });
  monaco.editor.defineTheme('recheck-dark', {
    base: 'vs-dark',
    inherit: true,
    rules: [{ token: 'comment', foreground: '8fbf7f' }],
    colors: { 'editor.background': '#16191d', 'editorLineNumber.foreground': '#8b949e' },
  });
}

/** Applies the current theme now and whenever the system preference or the workbench's data-theme changes. */
export function followTheme(monaco: typeof Monaco, win: Window): () => void {
  const media = win.matchMedia('(prefers-color-scheme: dark)');
  const root = win.document.documentElement;
  const apply = () => monaco.editor.setTheme(editorThemeFor(root.dataset.theme, media.matches));
  apply();
  media.addEventListener('change', apply);
  const observer = new MutationObserver(apply);
  observer.observe(root, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    media.removeEventListener('change', apply);
    observer.disconnect();
  };
}

/** The theme in effect now, for creating an editor. */
export function currentEditorTheme(win: Window): EditorTheme {
  return editorThemeFor(win.document.documentElement.dataset.theme, win.matchMedia('(prefers-color-scheme: dark)').matches);
}
