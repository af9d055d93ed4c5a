/**
 * The evidence viewer: one file of a case shown in place, in a dialog naming the file with its path, size,
 * SHA-256 and media type (Escape or Close closes it). Images as images (ImageView), CSV and JSON Lines as a
 * virtualised table, JSON as a foldable tree, anything else as text with line numbers; tables and JSON can
 * also be read as their text. A folder (a sweep's checkpoint) lists its files, each opening in the viewer.
 */
import { useEffect, useMemo, useState } from 'react';
import type { CaseFileContent, RecheckApi } from '../../common/api/contract';
import { DEFAULT_JSON_LIMITS, parseJsonBounded } from '../../common/json/bounded';
import { Dialog } from '../components/Dialog';
import { formatBytes } from '../lib/format';
import { parseCsvText, type ParsedTable } from './csv';
import { ImageView } from './ImageView';
import { JsonTree } from './JsonTree';
import { parseJsonLines } from './jsonl';
import { TableView } from './TableView';
import { TextView } from './TextView';
import { DownloadButton } from '../downloads/DownloadButton';

type TextFile = Extract<CaseFileContent, { kind: 'text' }>;
type View = 'table' | 'tree' | 'text';

const VIEW_LABELS: Record<View, string> = { table: 'Table', tree: 'Tree', text: 'Text' };

/** The views a text file offers, the first being the default. */
function viewsOf(mediaType: string): View[] {
  if (mediaType === 'text/csv' || mediaType === 'application/jsonl') return ['table', 'text'];
  if (mediaType === 'application/json') return ['tree', 'text'];
  return ['text'];
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1) || path;
}

export function FileViewer(props: {
  api: RecheckApi;
  caseId: string;
  path: string;
  onOpen(path: string): void;
  onBack: (() => void) | null;
  onClose(): void;
}) {
  const { api, caseId, path } = props;
  const [state, setState] = useState<{ path: string; file?: CaseFileContent; error?: string } | null>(null);
  useEffect(() => {
    let live = true;
    setState(null);
    api.readCaseFile(caseId, path).then(
      (file) => live && setState({ path, file }),
      (e: unknown) => live && setState({ path, error: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, caseId, path]);
  const file = state?.path === path ? state.file : undefined;
  return (
    <Dialog
      testId="file-viewer"
      title={
        <>
          {props.onBack !== null ? (
            <button
              type="button"
              className="btn btn-small btn-quiet viewer-back"
              onClick={props.onBack}
              aria-label="Back to the previous file"
            >
              ←
            </button>
          ) : null}
          <span className="mono" data-testid="viewer-name">
            {baseName(path)}
          </span>
        </>
      }
      footer={<DownloadButton api={api} caseId={caseId} path={path} testId="viewer-download" />}
      onClose={props.onClose}
    >
      <div className="file-viewer" data-path={path} data-kind={file?.kind}>
        {state === null || state.path !== path ? <div className="muted small">Reading {path}…</div> : null}
        {state?.path === path && state.error !== undefined ? (
          <div className="error-text" role="alert" data-testid="viewer-error">
            {state.error}
          </div>
        ) : null}
        {file !== undefined ? <FileBody file={file} onOpen={props.onOpen} /> : null}
      </div>
    </Dialog>
  );
}

function FileBody({ file, onOpen }: { file: CaseFileContent; onOpen(path: string): void }) {
  if (file.kind === 'folder') return <FolderView path={file.path} entries={file.entries} onOpen={onOpen} />;
  return (
    <>
      <dl className="file-meta small" data-testid="viewer-meta">
        <dt>Path</dt>
        <dd className="mono">{file.path}</dd>
        <dt>Size</dt>
        <dd data-testid="viewer-size" data-bytes={file.size}>
          {formatBytes(file.size)} ({file.size.toLocaleString('en-US')} bytes)
        </dd>
        <dt>SHA-256</dt>
        <dd className="mono sha" data-testid="viewer-sha256">
          {file.sha256}
        </dd>
        <dt>Type</dt>
        <dd className="mono">{file.mediaType}</dd>
      </dl>
      {file.kind === 'image' ? <ImageView file={file} /> : <TextBody file={file} />}
    </>
  );
}

function TextBody({ file }: { file: TextFile }) {
  const views = viewsOf(file.mediaType);
  const [view, setView] = useState<View>(views[0]!);
  const table = useMemo<ParsedTable | null>(() => {
    if (file.mediaType === 'text/csv') return parseCsvText(file.text);
    if (file.mediaType === 'application/jsonl') return parseJsonLines(file.text);
    return null;
  }, [file]);
  const json = useMemo<{ ok: true; value: unknown } | { ok: false; problem: string } | null>(() => {
    if (file.mediaType !== 'application/json') return null;
    try {
      return { ok: true, value: parseJsonBounded(file.text, DEFAULT_JSON_LIMITS) };
    } catch (e) {
      return { ok: false, problem: e instanceof Error ? e.message : String(e) };
    }
  }, [file]);
  const problem = table !== null && !table.ok ? `line ${table.line}: ${table.problem}` : json !== null && !json.ok ? json.problem : null;
  const shown: View = problem !== null ? 'text' : view;
  return (
    <div className="viewer-body">
      {views.length > 1 ? (
        <div className="viewer-tools" role="group" aria-label="View as">
          {views.map((v) => (
            <button
              key={v}
              type="button"
              className={`btn btn-small${shown === v ? ' active' : ''}`}
              aria-pressed={shown === v}
              disabled={problem !== null && v !== 'text'}
              onClick={() => setView(v)}
              data-testid={`view-${v}`}
            >
              {VIEW_LABELS[v]}
            </button>
          ))}
          {table !== null && table.ok ? (
            <span className="small muted" data-testid="table-count">
              {table.rows.length.toLocaleString('en-US')} rows × {table.columns.length} columns
            </span>
          ) : null}
        </div>
      ) : null}
      {problem !== null ? (
        <div className="small warn-text" role="status" data-testid="viewer-problem">
          Not shown as a {table !== null ? 'table' : 'tree'}: {problem}. The text follows.
        </div>
      ) : null}
      {shown === 'table' && table !== null && table.ok ? (
        <TableView columns={table.columns} rows={table.rows} label={`Table ${file.path}`} />
      ) : null}
      {shown === 'tree' && json !== null && json.ok ? <JsonTree value={json.value} /> : null}
      {shown === 'text' ? <TextView text={file.text} label={`Text of ${file.path}`} /> : null}
    </div>
  );
}

function FolderView(props: { path: string; entries: readonly { path: string; size: number }[]; onOpen(path: string): void }) {
  return (
    <div className="folder-view" data-testid="folder-view">
      <div className="small muted">
        Folder <span className="mono">{props.path}</span>: {props.entries.length} file{props.entries.length === 1 ? '' : 's'}
      </div>
      <ul className="folder-list">
        {props.entries.map((e) => (
          <li key={e.path}>
            <button type="button" className="chip chip-link mono" onClick={() => props.onOpen(e.path)}>
              {e.path.slice(props.path.length + 1)}
            </button>{' '}
            <span className="small muted">{formatBytes(e.size)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
