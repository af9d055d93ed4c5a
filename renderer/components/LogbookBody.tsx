/**
 * One logbook's content, as the logbook pane and each column of "Compare logbooks" show it: its meta line,
 * what could not be read, the page tree (a click scrolls to the page), the pages with their cells (markdown
 * rendered; code cells with command, exit code, duration and their blocks, marking what the logbook writer
 * elided), and its files. Each cell offers "Quote as a claimed falsification", and a run cell that printed a
 * table "Extract table". Cells carry `data-cell` (pages `data-page`); `reveal` scrolls to one and marks it (and
 * expands it). Each cell collapses to its title line, and "Collapse all" / "Expand all" do it for the logbook; which
 * cells are collapsed is kept per case (renderer/lib/collapsed-cells.ts).
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { LogbookCell, LogbookPage, LogbookView } from '../../common/api/contract';
import { cellPrintsTable } from '../intake/extract';
import { formatBytes, formatCount, formatSeconds } from '../lib/format';
import { normalizeQuote } from '../intake/quote';
import { selectionInside } from '../intake/selection';
import type { CellQuote } from '../intake/FalsificationDialog';
import { Markdown } from './Markdown';
import { cellKey } from '../lib/collapsed-cells';
import { useCollapsedCells, type CollapsedCells } from '../lib/use-collapsed-cells';
import './logbook-cells.css';

/** What a reviewer can do from a cell. */
export interface CellActions {
  /** "Quote as a claimed falsification": the cell and the words selected in it (or its own text). */
  onQuote(quote: CellQuote): void;
  /** "Extract table" on a run cell that printed one. */
  onExtract(place: Omit<CellQuote, 'text'>): void;
  /** "Replay" on a run cell whose command Recheck can run (Python, shell, Node): declares a replay check of it. */
  onReplay?(place: Omit<CellQuote, 'text'>): void;
}

/** Commands a replay can run (app/sandbox/process/run-program.ts interpreterFor): python, python3, python3.11, bash, sh, node. */
const REPLAYABLE = /^(?:python(?:3(?:\.\d+)?)?|bash|sh|node)$/;

/** Whether a cell's recorded command is one a replay can run. Example: `replayable(['python3', 'bench.py'])` is true. */
export function replayable(command: readonly string[]): boolean {
  const first = command[0];
  return first !== undefined && REPLAYABLE.test(first.slice(first.lastIndexOf('/') + 1));
}

/** A request to scroll to a page, or a cell of it, and mark it; `nonce` tells two requests for the same place apart. */
export interface Reveal {
  page?: string;
  cell?: string;
  nonce: number;
}

/** How long a revealed cell stays marked. */
const MARK_MS = 2400;

export function LogbookBody(props: {
  logbook: LogbookView;
  actions: CellActions;
  reveal?: Reveal | null;
  onRevealed?(): void;
  testId?: string;
  /** The case, to keep its collapsed cells (none kept without it). */
  caseId?: string;
}) {
  const { logbook, actions, reveal, onRevealed } = props;
  const cells = useCollapsedCells(props.caseId);
  const allKeys = useMemo(() => logbook.pages.flatMap((p) => p.cells.map((c) => cellKey(logbook.id, p.slug, c.id))), [logbook]);
  const anyCollapsed = allKeys.some((k) => cells.collapsed.has(k));
  const cellsRef = useRef(cells);
  cellsRef.current = cells;
  const body = useRef<HTMLDivElement>(null);
  const jump = (slug: string) => {
    // Chromium 150+ returns a Promise from scrollIntoView: never return it.
    void body.current?.querySelector(`[data-page="${CSS.escape(slug)}"]`)?.scrollIntoView({ block: 'start' });
  };

  // The mark outlives the request (the parent clears it once handled): its timer is this body's, not the effect's.
  const markTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(markTimer.current), []);
  const revealedRef = useRef(onRevealed);
  revealedRef.current = onRevealed;

  useEffect(() => {
    const root = body.current;
    if (reveal == null || root === null) return;
    const page = reveal.page !== undefined ? root.querySelector<HTMLElement>(`[data-page="${CSS.escape(reveal.page)}"]`) : null;
    const scope: ParentNode = page ?? root;
    const cell = reveal.cell !== undefined ? scope.querySelector<HTMLElement>(`[data-cell="${CSS.escape(reveal.cell)}"]`) : null;
    const target = cell ?? page;
    // A revealed cell is shown whole.
    if (reveal.cell !== undefined)
      cellsRef.current.set(
        logbook.pages
          .filter((p) => reveal.page === undefined || p.slug === reveal.page)
          .map((p) => cellKey(logbook.id, p.slug, reveal.cell!)),
        false,
      );
    revealedRef.current?.();
    if (target === null) return;
    void target.scrollIntoView({ block: 'start' });
    for (const el of Array.from(root.querySelectorAll('.cell-revealed'))) el.classList.remove('cell-revealed');
    target.classList.add('cell-revealed');
    target.focus({ preventScroll: true });
    window.clearTimeout(markTimer.current);
    markTimer.current = window.setTimeout(() => target.classList.remove('cell-revealed'), MARK_MS);
  }, [reveal]);

  return (
    <div className="pane-body" ref={body} data-testid={props.testId}>
      <div className="logbook-meta small muted">
        <span className="chip">{logbook.format}</span>
        {logbook.paper !== undefined ? <span className="mono">{logbook.paper}</span> : null}
        {logbook.tags.map((t) => (
          <span key={t} className="chip">
            {t}
          </span>
        ))}
        {logbook.traceCount > 0 ? <span>{logbook.traceCount} agent trace session(s)</span> : null}
        {logbook.schemaVersion !== undefined ? <span>schema {logbook.schemaVersion}</span> : null}
        {allKeys.length > 1 ? (
          <span className="cell-fold-all">
            <button
              type="button"
              className="btn btn-small btn-quiet"
              onClick={() => cells.set(allKeys, true)}
              data-testid="collapse-all-cells"
            >
              Collapse all
            </button>
            <button
              type="button"
              className="btn btn-small btn-quiet"
              onClick={() => cells.set(allKeys, false)}
              disabled={!anyCollapsed}
              data-testid="expand-all-cells"
            >
              Expand all
            </button>
          </span>
        ) : null}
      </div>
      {logbook.problems.length > 0 ? <Problems logbook={logbook} /> : null}
      {logbook.pages.length > 1 ? (
        <ul className="page-tree" aria-label="Pages">
          {logbook.pages.map((p) => (
            <li key={p.slug} style={{ paddingLeft: `${p.depth * 14}px` }}>
              <button type="button" className="link" onClick={() => jump(p.slug)}>
                {p.title}
              </button>
              <span className="muted small">
                {' '}
                {p.cells.length} cell{p.cells.length === 1 ? '' : 's'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {logbook.pages.map((p) => (
        <section key={p.slug} className="logbook-page" data-page={p.slug} tabIndex={-1}>
          <h2 className="page-title" data-testid="logbook-page-title">
            {p.title}
          </h2>
          {p.cells.length === 0 ? <p className="empty-state small">This page has no cell.</p> : null}
          {p.cells.map((c, i) => (
            <Cell key={`${c.id}-${i}`} logbook={logbook} page={p} cell={c} actions={actions} cells={cells} />
          ))}
        </section>
      ))}
      <FileList logbook={logbook} />
    </div>
  );
}

/** What the reader could not read, per page and cell: the logbook is shown as far as it could be read. */
function Problems({ logbook }: { logbook: LogbookView }) {
  return (
    <details className="logbook-problems" data-testid="logbook-problems" open={logbook.problems.length <= 3}>
      <summary className="error-text">
        {logbook.problems.length} part{logbook.problems.length === 1 ? '' : 's'} of this logbook could not be read
      </summary>
      <ul className="small">
        {logbook.problems.map((p, i) => (
          <li key={i}>
            {p.page !== undefined ? <span className="mono">{p.page}</span> : <span className="muted">logbook</span>}
            {p.cell !== undefined ? <span className="mono"> / {p.cell}</span> : null}: {p.problem}
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Whether a markdown cell's title is only its first words (Trackio's default title), not worth showing twice. */
function titleRepeatsText(cell: LogbookCell): boolean {
  if (cell.type !== 'markdown' || cell.title === '') return false;
  const head = cell.title.replace(/…$/, '').replace(/\s+/g, ' ').trim();
  return cell.markdown.replace(/\s+/g, ' ').trim().startsWith(head);
}

/** The text a quote starts from when nothing is selected in the cell. */
function cellText(cell: LogbookCell): string {
  if (cell.type === 'markdown') return normalizeQuote(cell.markdown);
  return '';
}

function Cell(props: { logbook: LogbookView; page: LogbookPage; cell: LogbookCell; actions: CellActions; cells: CollapsedCells }) {
  const { logbook, page, cell, actions } = props;
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const bodyId = useId();
  const key = cellKey(logbook.id, page.slug, cell.id);
  const collapsed = props.cells.collapsed.has(key);
  const printsTable = useMemo(() => cellPrintsTable(cell), [cell]);
  const problem = cell.problem !== undefined ? <div className="small error-text cell-problem">{cell.problem}</div> : null;
  return (
    <div
      className={`cell-frame${collapsed ? ' cell-collapsed' : ''}`}
      data-cell={cell.id}
      data-testid={`logbook-cell-${cell.id}`}
      data-collapsed={collapsed}
      tabIndex={-1}
    >
      <div className="cell-head">
        <button
          type="button"
          className="btn btn-small btn-quiet cell-fold"
          aria-expanded={!collapsed}
          aria-controls={bodyId}
          aria-describedby={titleId}
          aria-label={collapsed ? 'Expand cell' : 'Collapse cell'}
          title={collapsed ? 'Expand this cell' : 'Collapse this cell to its title'}
          onClick={() => props.cells.set([key], !collapsed)}
          data-testid="cell-fold"
        >
          <span aria-hidden="true">{collapsed ? '▸' : '▾'}</span>
        </button>
        <span id={titleId} className="cell-title small muted" title={cell.title}>
          {titleRepeatsText(cell) && !collapsed ? <span className="visually-hidden">{cell.title}</span> : cell.title || cell.id}
        </span>
        <span className="cell-actions">
          {printsTable ? (
            <button
              type="button"
              className="btn btn-small btn-quiet cell-quote"
              onClick={() => actions.onExtract({ logbook, page, cell })}
              aria-describedby={titleId}
              data-testid="extract-table"
            >
              Extract table
            </button>
          ) : null}
          {actions.onReplay !== undefined && cell.type === 'code' && replayable(cell.command) ? (
            <button
              type="button"
              className="btn btn-small btn-quiet cell-quote"
              onClick={() => actions.onReplay?.({ logbook, page, cell })}
              aria-describedby={titleId}
              title="Declare a replay check: run this cell's command again in the sandbox and compare its output with the printed one, or override or sweep the parameters its script declares"
              data-testid="replay-cell"
            >
              Replay
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-small btn-quiet cell-quote"
            // Keep the selection in the cell: it is the quote.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => actions.onQuote({ logbook, page, cell, text: selectionInside(box.current)?.text ?? cellText(cell) })}
            aria-describedby={titleId}
            data-testid="quote-cell"
          >
            Quote as a claimed falsification
          </button>
        </span>
      </div>
      <div ref={box} id={bodyId} hidden={collapsed}>
        {collapsed ? null : (
          <>
            {problem}
            <CellBody cell={cell} />
          </>
        )}
      </div>
    </div>
  );
}

function CellBody({ cell }: { cell: LogbookCell }) {
  if (cell.type === 'markdown') {
    return (
      <div className="cell cell-md">
        <Markdown source={cell.markdown} />
      </div>
    );
  }
  if (cell.type === 'figure') {
    return (
      <figure className="cell cell-figure">
        {cell.images.map((src, i) => (
          <img key={i} src={src} alt={`${cell.title || 'Figure'} ${i + 1}`} />
        ))}
        <figcaption className="small muted">
          {cell.title}
          {cell.omitted > 0
            ? ` (${cell.omitted} script or external part${cell.omitted === 1 ? '' : 's'} not shown: the logbook's HTML is never run here)`
            : ''}
        </figcaption>
      </figure>
    );
  }
  if (cell.type === 'artifact') {
    return (
      <div className="cell cell-artifact small">
        <span className="chip">artifact</span> <span className="mono">{cell.ref}</span>
        {cell.artifactType !== undefined ? <span className="muted"> · {cell.artifactType}</span> : null}
        {cell.size !== undefined ? <span className="muted"> · {formatBytes(cell.size)}</span> : null}
        {cell.uri !== undefined ? <div className="mono muted">{cell.uri}</div> : null}
      </div>
    );
  }
  if (cell.type === 'dashboard') {
    return (
      <div className="cell cell-dashboard small">
        <span className="chip">dashboard</span> <span className="mono">{cell.project}</span>
        {cell.url !== undefined ? <div className="mono muted">{cell.url}</div> : null}
      </div>
    );
  }
  const failed = cell.exitCode !== null && cell.exitCode !== 0;
  return (
    <div className="cell cell-code">
      <div className="cell-run">
        <code className="cell-command">$ {cell.command.join(' ')}</code>
        <span className={`exit${failed ? ' exit-fail' : ''}`}>exit {cell.exitCode ?? '?'}</span>
        {cell.interrupted === true ? <span className="exit exit-fail">interrupted</span> : null}
        <span className="muted small">{formatSeconds(cell.durationS)}</span>
      </div>
      {cell.blocks.map((b, i) => (
        <figure key={i} className={`block block-${b.lang}`}>
          <figcaption>
            <span className="mono">{b.title ?? b.lang}</span>
            {b.title !== undefined ? <span className="muted"> {b.lang}</span> : null}
          </figcaption>
          <pre tabIndex={0}>{elide(b.text, b.elidedChars)}</pre>
        </figure>
      ))}
    </div>
  );
}

/** Shows the block with the writer's `[N chars elided]` note replaced by an explicit marker element. */
function elide(text: string, elided: number | undefined) {
  if (elided === undefined || elided <= 0) return text;
  const m = /\.\.\. \[\d+ chars elided\] \.\.\./.exec(text);
  const marker = (
    <span className="elided" data-testid="elided-marker">
      {formatCount(elided)} characters elided by the logbook writer
    </span>
  );
  if (m === null) {
    return (
      <>
        {marker}
        {'\n'}
        {text}
      </>
    );
  }
  // The marker is a block of its own: drop the line breaks the writer put around its note.
  return (
    <>
      {text.slice(0, m.index).replace(/\n$/, '')}
      {marker}
      {text.slice(m.index + m[0].length).replace(/^\n/, '')}
    </>
  );
}

function FileList({ logbook }: { logbook: LogbookView }) {
  const [open, setOpen] = useState<string | null>(null);
  if (logbook.files.length === 0) return null;
  const shown = logbook.files.find((f) => f.path === open);
  return (
    <section className="logbook-files">
      <h2 className="section-heading">Files</h2>
      <table className="file-table">
        <tbody>
          {logbook.files.map((f) => (
            <tr key={f.path} className={f.path === open ? 'selected' : undefined}>
              <td>
                {f.text !== undefined ? (
                  <button type="button" className="link mono" onClick={() => setOpen(f.path === open ? null : f.path)}>
                    {f.path}
                  </button>
                ) : (
                  <span className="mono">{f.path}</span>
                )}
              </td>
              <td className="num muted">{formatBytes(f.size)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {shown?.text !== undefined ? (
        <figure className="block">
          <figcaption className="mono">{shown.path}</figcaption>
          <pre tabIndex={0}>{shown.text}</pre>
        </figure>
      ) : null}
    </section>
  );
}
