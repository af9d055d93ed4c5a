/**
 * Monaco, configured for offline use: workers come from Vite `?worker` imports (served from 'self', which
 * the CSP allows), never from a CDN or a data: URL, and each is started only when a model of its language
 * needs it. Loaded lazily by the sandbox pane so the first paint does not wait for the editor.
 * The TypeScript and JavaScript services know the checkers library (checkers-lib.ts): imports of it resolve,
 * members complete with their doc comments, and semantic errors are shown like syntax errors.
 */
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';
import { loadCheckersLib, sandboxCompilerOptions } from './checkers-lib';
import { currentEditorTheme, defineEditorThemes, followTheme, type EditorTheme } from './theme';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'typescript' || label === 'javascript') return new TsWorker();
    if (label === 'json') return new JsonWorker();
    return new EditorWorker();
  },
};

const ts = monaco.typescript;
for (const defaults of [ts.typescriptDefaults, ts.javascriptDefaults]) {
  defaults.setCompilerOptions(sandboxCompilerOptions(ts));
  defaults.setDiagnosticsOptions({ noSemanticValidation: false, noSyntaxValidation: false });
  // Sibling files of the case are models too: keep them in the worker so imports between them resolve.
  defaults.setEagerModelSync(true);
}
// JavaScript files get syntax checking and completion; type errors in plain JS would be noise.
ts.javascriptDefaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: false });
loadCheckersLib(ts);
defineEditorThemes(monaco);
followTheme(monaco, window);

export { monaco };
/** The editor theme in effect now (the workbench's data-theme, else the system's colour scheme), for a new editor. */
export function editorTheme(): EditorTheme {
  return currentEditorTheme(window);
}
export { languageFor } from '../lib/language';
