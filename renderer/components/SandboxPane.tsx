/**
 * The sandbox pane: the case's sandbox files in a tree (FileTree) beside Monaco, editable; Save (or
 * Ctrl/Cmd+S) writes the file through saveSandboxFile, which the core logs in the audit trail. One Monaco
 * model per file, kept while the case is open so switching files keeps unsaved edits. Modules (.ts/.mjs) can
 * be run in the browser sandbox from here (SandboxRunPanel). "Add a file to the case" brings a reviewer's file
 * in (a quantities.json, a table); files that appear when the case is reread join the tree, edits to the others
 * stay. Every file is also a quick-open item (Ctrl/Cmd+P). While the editor has the focus, the status line
 * says how Tab leaves it (Monaco's Ctrl+M toggles whether Tab indents or moves the focus).
 */
import { useEffect, useRef, useState } from 'react';
import type { AuditEntry, RecheckApi, SandboxFile } from '../../common/api/contract';
import { FileTree } from '../editor/FileTree';
import { chordLabel } from '../palette/chord';
import { MAC, useCommands } from '../palette/use-commands';
import { isRunnableModule, SandboxRunPanel, type SandboxPlace } from './SandboxRunPanel';

type MonacoModule = typeof import('../editor/monaco');

/** The key that toggles whether Tab leaves the editor (Monaco's own: Ctrl+M; ⌃⇧M on a Mac). */
const TAB_KEY = chordLabel(MAC ? 'Ctrl+Shift+M' : 'Ctrl+M', MAC);

interface FileState {
  saved: string;
  dirty: boolean;
}

export function SandboxPane(props: {
  api: RecheckApi;
  caseId: string;
  files: SandboxFile[];
  onSaved(entry: AuditEntry): void;
  /** Told the paths with unsaved edits whenever that set changes. */
  onUnsaved(paths: string[]): void;
  /** Where "Run in sandbox" runs (SandboxRunPanel). */
  sandboxIn: SandboxPlace;
  /** "Add a file to the case" (AddFileDialog). */
  onAddFile(): void;
}) {
  const { api, caseId, files, onSaved, onUnsaved } = props;
  const host = useRef<HTMLDivElement>(null);
  const mon = useRef<MonacoModule | null>(null);
  const editor = useRef<import('monaco-editor').editor.IStandaloneCodeEditor | null>(null);
  const models = useRef(new Map<string, import('monaco-editor').editor.ITextModel>());
  const [state, setState] = useState<Record<string, FileState>>(() =>
    Object.fromEntries(files.map((f) => [f.path, { saved: f.text, dirty: false }])),
  );
  const [active, setActive] = useState<string | null>(files[0]?.path ?? null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [showTree, setShowTree] = useState(true);
  // While the editor has the focus: whether Tab moves the focus (Monaco's tab focus mode) or indents.
  const [editorFocus, setEditorFocus] = useState<{ tabMovesFocus: boolean } | null>(null);
  const tabMoves = useRef(false);
  const toggleTabRef = useRef<(() => void) | null>(null);
  const activeRef = useRef(active);
  activeRef.current = active;
  const filesRef = useRef(files);
  filesRef.current = files;

  /** A Monaco model for a file, created once; its edits mark the file dirty. */
  const addModel = (m: MonacoModule, f: SandboxFile) => {
    const modelMap = models.current;
    if (modelMap.has(f.path)) return;
    const uri = m.monaco.Uri.parse(`file:///${caseId}/${f.path}`);
    const model = m.monaco.editor.getModel(uri) ?? m.monaco.editor.createModel(f.text, m.languageFor(f.path), uri);
    modelMap.set(f.path, model);
    model.onDidChangeContent(() => {
      setState((s) => {
        const prev = s[f.path];
        if (prev === undefined) return s;
        const dirty = model.getValue() !== prev.saved;
        return dirty === prev.dirty ? s : { ...s, [f.path]: { ...prev, dirty } };
      });
    });
  };
  const addModelRef = useRef(addModel);
  addModelRef.current = addModel;

  // Files new since the case was opened (added to the case, or by a check): a tab and a model each; the files
  // already open keep their text and edits.
  useEffect(() => {
    setState((s) => {
      const fresh = files.filter((f) => s[f.path] === undefined);
      return fresh.length === 0 ? s : { ...s, ...Object.fromEntries(fresh.map((f) => [f.path, { saved: f.text, dirty: false }])) };
    });
    const m = mon.current;
    if (m !== null) for (const f of files) addModelRef.current(m, f);
    if (activeRef.current === null && files[0] !== undefined) setActive(files[0].path);
  }, [files]);

  const save = async (path: string | null) => {
    if (path === null) return;
    const model = models.current.get(path);
    if (model === undefined) return;
    const text = model.getValue();
    setStatus({ text: `Saving ${path}…`, error: false });
    try {
      const entry = await api.saveSandboxFile({ caseId, path, text });
      setState((s) => ({ ...s, [path]: { saved: text, dirty: model.getValue() !== text } }));
      setStatus({ text: `Saved ${path}`, error: false });
      onSaved(entry);
    } catch (e) {
      setStatus({ text: `Not saved: ${(e as Error).message}`, error: true });
    }
  };
  const saveRef = useRef(save);
  saveRef.current = save;

  // Create the editor once per case; models per file.
  useEffect(() => {
    let disposed = false;
    const modelMap = models.current;
    const actions: { dispose(): void }[] = [];
    import('../editor/monaco')
      .then((m) => {
        if (disposed || host.current === null) return;
        mon.current = m;
        for (const f of filesRef.current) addModelRef.current(m, f);
        const ed = m.monaco.editor.create(host.current, {
          model: activeRef.current !== null ? (modelMap.get(activeRef.current) ?? null) : null,
          theme: m.editorTheme(),
          automaticLayout: true,
          minimap: { enabled: false },
          fontSize: 12.5,
          lineHeight: 19,
          fontFamily: '"DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace',
          scrollBeyondLastLine: false,
          renderWhitespace: 'selection',
          tabSize: 2,
        });
        // Actions whose registrations are disposed with the editor: Monaco keeps an action's (and addCommand's)
        // command in its global CommandsRegistry until the disposable addAction returns is disposed, not when the
        // editor is, and that command's closure kept this editor, its DOM and the whole case workspace alive
        // (test/e2e/memory.spec.ts: 14,664 -> 133,418 DOM nodes over 100 case switches).
        const { KeyMod, KeyCode } = m.monaco;
        actions.push(
          ed.addAction({
            id: 'recheck.save',
            label: 'Save file',
            keybindings: [KeyMod.CtrlCmd | KeyCode.KeyS],
            run: () => void saveRef.current(activeRef.current),
          }),
        );
        // Tab focus mode is this editor's option, toggled by our own binding of Monaco's keys (Ctrl+M; ⌃⇧M on a
        // Mac): Monaco's own action flips a global the API cannot observe, so the hint could not follow it.
        const toggleTab = () => {
          tabMoves.current = !tabMoves.current;
          ed.updateOptions({ tabFocusMode: tabMoves.current });
          setEditorFocus((f) => (f === null ? f : { tabMovesFocus: tabMoves.current }));
        };
        actions.push(
          ed.addAction({
            id: 'recheck.toggle-tab-focus',
            label: 'Toggle Tab moves focus',
            keybindings: [MAC ? KeyMod.WinCtrl | KeyMod.Shift | KeyCode.KeyM : KeyMod.CtrlCmd | KeyCode.KeyM],
            run: toggleTab,
          }),
        );
        toggleTabRef.current = toggleTab;
        ed.onDidFocusEditorText(() => setEditorFocus({ tabMovesFocus: tabMoves.current }));
        ed.onDidBlurEditorText(() => setEditorFocus(null));
        editor.current = ed;
      })
      .catch((e: unknown) => setLoadError(`The editor failed to load: ${(e as Error).message}`));
    return () => {
      disposed = true;
      for (const a of actions) a.dispose();
      editor.current?.dispose();
      editor.current = null;
      toggleTabRef.current = null;
      for (const model of modelMap.values()) model.dispose();
      modelMap.clear();
    };
    // files are read once per case: later refreshes of the case must not overwrite edits
  }, [caseId]);

  useEffect(() => {
    if (editor.current === null || active === null) return;
    const model = models.current.get(active);
    if (model !== undefined && editor.current.getModel() !== model) editor.current.setModel(model);
  }, [active]);

  const unsaved = Object.keys(state)
    .filter((p) => state[p]?.dirty === true)
    .join('\n');
  useEffect(() => onUnsaved(unsaved === '' ? [] : unsaved.split('\n')), [unsaved, onUnsaved]);

  const activeState = active !== null ? state[active] : undefined;
  const open = (path: string) => {
    setActive(path);
    // Opening a file from the tree or quick open puts the caret in it.
    setTimeout(() => editor.current?.focus(), 0);
  };
  useCommands([
    ...files.map((f) => ({
      id: `file.open:${f.path}`,
      title: f.path,
      group: 'Files',
      kind: 'file' as const,
      detail: f.path === active ? 'open' : undefined,
      run: () => open(f.path),
    })),
    { id: 'file.save', title: 'Save the open file', group: 'Files', enabled: activeState?.dirty === true, run: () => void save(active) },
    {
      id: 'files.tree',
      title: showTree ? 'Hide the sandbox file tree' : 'Show the sandbox file tree',
      group: 'Files',
      run: () => setShowTree((v) => !v),
    },
    {
      id: 'editor.tab-focus',
      title: `Editor: toggle whether Tab moves the focus (${TAB_KEY} in the editor)`,
      group: 'Editor',
      enabled: editor.current !== null,
      run: () => {
        toggleTabRef.current?.();
        editor.current?.focus();
      },
    },
  ]);
  /** The core's answer whether a file can run, while it is about the saved text (undefined after a save here). */
  const runProblemOf = (path: string): string | null | undefined => {
    const f = files.find((x) => x.path === path);
    return f !== undefined && f.text === state[path]?.saved ? f.runProblem : undefined;
  };
  return (
    <section className="pane pane-sandbox" data-testid="pane-sandbox" aria-label="Sandbox">
      <header className="pane-header">
        <span className="pane-title">Sandbox</span>
        {files.length > 0 ? (
          <button
            type="button"
            className="btn btn-small btn-quiet"
            aria-pressed={showTree}
            onClick={() => setShowTree((v) => !v)}
            title="Show or hide the file tree (Ctrl/Cmd+P goes to a file)"
            data-testid="sandbox-tree-toggle"
          >
            Files ({files.length})
          </button>
        ) : null}
        <span className="mono small sandbox-active" title={active ?? undefined}>
          {active?.replace(/^sandbox\//, '') ?? ''}
          {activeState?.dirty ? (
            <span className="dirty" aria-label="unsaved changes">
              {' '}
              ●
            </span>
          ) : null}
        </span>
        <button
          type="button"
          className="btn btn-small btn-quiet add-tab"
          onClick={props.onAddFile}
          aria-label="Add a file to the case"
          title="Add a file to the case (under sandbox/)"
          data-testid="sandbox-add-file"
        >
          +
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={activeState?.dirty !== true}
          onClick={() => void save(active)}
          data-testid="sandbox-save"
        >
          Save
        </button>
      </header>
      {files.length === 0 ? (
        <div className="pane-body">
          <p className="empty-state" data-testid="sandbox-empty">
            No sandbox file yet: re-implementations and inputs the checks read (a quantities.json, a table) live in the case’s sandbox/
            folder.
          </p>
          <button type="button" className="btn btn-primary" onClick={props.onAddFile} data-testid="sandbox-empty-add-file">
            Add a file to the case
          </button>
        </div>
      ) : null}
      {loadError !== null ? <div className="error-box">{loadError}</div> : null}
      <div className="sandbox-body" hidden={files.length === 0}>
        {showTree && files.length > 0 ? (
          <FileTree
            paths={files.map((f) => f.path)}
            active={active}
            dirty={new Set(Object.keys(state).filter((p) => state[p]?.dirty === true))}
            onOpen={open}
          />
        ) : null}
        <div className="sandbox-main">
          <div className="editor-host" ref={host} data-testid="sandbox-editor" />
          {active !== null && isRunnableModule(active) ? (
            <SandboxRunPanel
              api={api}
              caseId={caseId}
              path={active}
              dirty={activeState?.dirty === true}
              saved={activeState?.saved ?? ''}
              runProblem={runProblemOf(active)}
              sandboxIn={props.sandboxIn}
            />
          ) : null}
        </div>
      </div>
      <footer className={`pane-status small${status?.error ? ' error-text' : ''}`} data-testid="sandbox-status">
        {editorFocus !== null ? (
          <span className="editor-tab-hint" data-testid="editor-tab-hint">
            {editorFocus.tabMovesFocus
              ? `Tab leaves the editor · ${TAB_KEY}: Tab indents`
              : `Tab indents · ${TAB_KEY}: Tab leaves the editor`}
            {' · '}
          </span>
        ) : null}
        {status?.text ??
          (active !== null ? `${active}${/\.(ts|tsx|mts)$/.test(active) ? ' · type-checked against the checkers library' : ''}` : '')}
      </footer>
    </section>
  );
}
