/**
 * The sandbox pane: the case's re-implementation files in Monaco, editable; Save (or Ctrl/Cmd+S) writes the
 * file through saveSandboxFile, which the core logs in the audit trail. One Monaco model per file, kept
 * while the case is open so switching files keeps unsaved edits. Modules (.ts/.mjs) can be run in the
 * browser sandbox from here (SandboxRunPanel). "Add a file to the case" brings a reviewer's file in (a
 * quantities.json, a table); files that appear when the case is reread get their tab, edits to the others stay.
 */
import { useEffect, useRef, useState } from 'react';
import type { AuditEntry, RecheckApi, SandboxFile } from '../../app/api/contract';
import { isRunnableModule, SandboxRunPanel, type SandboxPlace } from './SandboxRunPanel';

type MonacoModule = typeof import('../editor/monaco');

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
  const [state, setState] = useState<Record<string, FileState>>(() => Object.fromEntries(files.map((f) => [f.path, { saved: f.text, dirty: false }])));
  const [active, setActive] = useState<string | null>(files[0]?.path ?? null);
  const [status, setStatus] = useState<{ text: string; error: boolean } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
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
    import('../editor/monaco')
      .then((m) => {
        if (disposed || host.current === null) return;
        mon.current = m;
        for (const f of filesRef.current) addModelRef.current(m, f);
        const ed = m.monaco.editor.create(host.current, {
          model: activeRef.current !== null ? (modelMap.get(activeRef.current) ?? null) : null,
          theme: 'recheck-light',
          automaticLayout: true,
          minimap: { enabled: false },
          fontSize: 12.5,
          lineHeight: 19,
          fontFamily: '"DejaVu Sans Mono", "Liberation Mono", Menlo, Consolas, monospace',
          scrollBeyondLastLine: false,
          renderWhitespace: 'selection',
          tabSize: 2,
        });
        ed.addCommand(m.monaco.KeyMod.CtrlCmd | m.monaco.KeyCode.KeyS, () => void saveRef.current(activeRef.current));
        editor.current = ed;
      })
      .catch((e: unknown) => setLoadError(`The editor failed to load: ${(e as Error).message}`));
    return () => {
      disposed = true;
      editor.current?.dispose();
      editor.current = null;
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
  return (
    <section className="pane pane-sandbox" data-testid="pane-sandbox" aria-label="Sandbox">
      <header className="pane-header">
        <span className="pane-title">Sandbox</span>
        <div className="tab-strip" role="tablist">
          {files.map((f) => (
            <button
              key={f.path}
              type="button"
              role="tab"
              aria-selected={f.path === active}
              className={`tab mono${f.path === active ? ' active' : ''}`}
              onClick={() => setActive(f.path)}
              title={f.path}
              data-testid={`sandbox-tab-${f.path}`}
            >
              {f.path.replace(/^sandbox\//, '')}
              {state[f.path]?.dirty ? <span className="dirty" aria-label="unsaved changes"> ●</span> : null}
            </button>
          ))}
        </div>
        <button type="button" className="btn btn-small btn-quiet add-tab" onClick={props.onAddFile} aria-label="Add a file to the case" title="Add a file to the case (under sandbox/)" data-testid="sandbox-add-file">
          +
        </button>
        <button type="button" className="btn btn-small" disabled={activeState?.dirty !== true} onClick={() => void save(active)} data-testid="sandbox-save">
          Save
        </button>
      </header>
      {files.length === 0 ? (
        <div className="pane-body">
          <p className="empty-state" data-testid="sandbox-empty">
            No sandbox file yet: re-implementations and inputs the checks read (a quantities.json, a table) live in the case’s sandbox/ folder.
          </p>
          <button type="button" className="btn btn-primary" onClick={props.onAddFile} data-testid="sandbox-empty-add-file">
            Add a file to the case
          </button>
        </div>
      ) : null}
      {loadError !== null ? <div className="error-box">{loadError}</div> : null}
      <div className="editor-host" ref={host} data-testid="sandbox-editor" hidden={files.length === 0} />
      {active !== null && isRunnableModule(active) ? <SandboxRunPanel api={api} caseId={caseId} path={active} dirty={activeState?.dirty === true} sandboxIn={props.sandboxIn} /> : null}
      <footer className={`pane-status small${status?.error ? ' error-text' : ''}`} data-testid="sandbox-status">
        {status?.text ?? (active !== null ? `${active}${/\.(ts|tsx|mts)$/.test(active) ? ' · syntax checked; imports are not resolved in the editor' : ''}` : '')}
      </footer>
    </section>
  );
}
