/**
 * Files of a case as links: a provider that holds the evidence viewer of one case (FileViewer, with a Back
 * through the files opened from a folder), and FileLink, a chip that opens its path there. Outside a provider a
 * FileLink is a plain chip. Example: `<CaseFilesProvider api={api} caseId="padding-perplexity">…<FileLink
 * path="logbook/eval/positions.csv" />…</CaseFilesProvider>`.
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import type { RecheckApi } from '../../common/api/contract';
import { FileViewer } from './FileViewer';
import { useCommands } from '../palette/use-commands';

const OpenCaseFile = createContext<((path: string) => void) | null>(null);

/** Opens a path of the current case in the viewer (null outside a CaseFilesProvider). */
export function useOpenCaseFile(): ((path: string) => void) | null {
  return useContext(OpenCaseFile);
}

export function CaseFilesProvider(props: { api: RecheckApi; caseId: string; children: ReactNode }) {
  const [stack, setStack] = useState<string[]>([]);
  const open = useCallback((path: string) => setStack((s) => [...s, path]), []);
  // Another case: its files, not the last one's.
  useEffect(() => setStack([]), [props.caseId]);
  // Quick open (Ctrl/Cmd+P) lists every file of the case: the sandbox pane registers its own files (they open in
  // the editor); every other file opens here, in the viewer.
  const [files, setFiles] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    setFiles([]);
    props.api.listCaseFiles(props.caseId).then(
      (fs) => live && setFiles(fs.map((f) => f.path).filter((p) => !p.startsWith('sandbox/'))),
      () => undefined, // the list is a convenience; the panes report a case that cannot be read
    );
    return () => {
      live = false;
    };
  }, [props.api, props.caseId]);
  useCommands(
    files.map((path) => ({ id: `case-file.open:${path}`, title: path, group: 'Case files', kind: 'file' as const, run: () => open(path) })),
  );
  const top = stack.at(-1);
  return (
    <OpenCaseFile.Provider value={open}>
      {props.children}
      {top !== undefined ? (
        <FileViewer
          key={`${props.caseId}:${stack.length}:${top}`}
          api={props.api}
          caseId={props.caseId}
          path={top}
          onOpen={open}
          onBack={stack.length > 1 ? () => setStack((s) => s.slice(0, -1)) : null}
          onClose={() => setStack([])}
        />
      ) : null}
    </OpenCaseFile.Provider>
  );
}

/** A path of the case as a chip that opens it in the viewer. */
export function FileLink(props: { path: string; label?: string; title?: string; testId?: string }) {
  const open = useOpenCaseFile();
  const label = props.label ?? props.path;
  if (open === null) {
    return (
      <span className="mono chip" title={props.title}>
        {label}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="mono chip chip-link"
      title={props.title ?? `Open ${props.path}`}
      onClick={() => open(props.path)}
      data-testid={props.testId}
      data-path={props.path}
    >
      {label}
    </button>
  );
}

/** "View" beside a chosen file of the case (in a file picker), opening it in the viewer; nothing outside a provider. */
export function ViewFileButton(props: { path: string; what: string; disabled?: boolean }) {
  const open = useOpenCaseFile();
  if (open === null) return null;
  return (
    <button
      type="button"
      className="btn btn-small btn-quiet"
      onClick={() => open(props.path)}
      disabled={props.disabled}
      aria-label={`View ${props.what}: ${props.path}`}
      data-testid={`view-file-${props.what}`}
    >
      View
    </button>
  );
}
