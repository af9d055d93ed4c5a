/**
 * Monaco, configured for offline use: workers come from Vite `?worker` imports (served from 'self', which
 * the CSP allows), never from a CDN or a data: URL. Loaded lazily by the sandbox pane so the first paint
 * does not wait for the editor. Semantic TypeScript checking is off: the checkers library that sandbox code
 * imports is not loaded into the editor, so every import would show as an error; syntax errors still show.
 */
import * as monaco from 'monaco-editor';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import TsWorker from 'monaco-editor/languages/features/typescript/ts.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    if (label === 'typescript' || label === 'javascript') return new TsWorker();
    if (label === 'json') return new JsonWorker();
    return new EditorWorker();
  },
};

const ts = monaco.typescript;
ts.typescriptDefaults.setCompilerOptions({
  target: ts.ScriptTarget.ES2020,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.NodeJs,
  strict: true,
  allowNonTsExtensions: true,
});
ts.typescriptDefaults.setDiagnosticsOptions({ noSemanticValidation: true, noSyntaxValidation: false });

monaco.editor.defineTheme('recheck-light', {
  base: 'vs',
  inherit: true,
  rules: [],
  colors: { 'editor.background': '#ffffff', 'editorLineNumber.foreground': '#9aa3ad' },
});

export { monaco };
export { languageFor } from '../lib/language';
