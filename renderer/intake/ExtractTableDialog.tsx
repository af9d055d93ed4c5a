/**
 * "Extract table" on a run cell: writes a table the cell printed as CSV in the case (extractTable), the exact
 * strings as printed, with a provenance sidecar. The reviewer picks the output path (default
 * `tables/<cell id>.csv`) and, when the cell prints several, the block and the table (listed with what the
 * finder sees in them). When the core refuses a table the logbook writer's elision may have cut, its one line
 * is shown and an "Allow elided rows" box appears. On success: rows, columns and the core's notes, and "Add a
 * check on this table" (a growth-fit on the CSV, through the Add check dialog).
 */
import { useId, useMemo, useState } from 'react';
import type { ExtractTableView, FalsificationView, RecheckApi } from '../../common/api/contract';
import {
  defaultBlockIndex,
  defaultTable,
  defaultTablePath,
  describeFoundTable,
  isElisionRefusal,
  refusalInDialogWords,
  tablesOfBlock,
} from './extract';
import { byReviewer } from '../lib/reviewer';
import { Dialog, FormFooter } from '../components/Dialog';
import { ReviewerInput } from '../components/ReviewerInput';
import type { CellQuote } from './FalsificationDialog';

/** The cell a table is extracted from (the same place a quote comes from). */
export type CellPlace = Omit<CellQuote, 'text'>;

export function ExtractTableDialog(props: {
  api: RecheckApi;
  caseId: string;
  place: CellPlace;
  /** The case's claimed falsifications, for "Add a check on this table". */
  falsifications: readonly FalsificationView[];
  reviewer: string;
  onReviewerChange(name: string): void;
  /** The table was written (the case changed: a file and an audit entry). */
  onExtracted(view: ExtractTableView): void;
  /** "Add a check on this table": a growth-fit check on the CSV for the chosen falsification. */
  onAddCheck(falsificationId: string, table: ExtractTableView): void;
  onClose(): void;
}) {
  const { api, caseId, place } = props;
  const { cell, logbook } = place;
  const ids = useId();
  const blocks = cell.type === 'code' ? cell.blocks : [];
  const [out, setOut] = useState(() => defaultTablePath(cell.id));
  const [block, setBlock] = useState(''); // '' = the core's default (the run's output)
  const [table, setTable] = useState(''); // '' = the only table, or the one with the most rows
  const [allowElided, setAllowElided] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<ExtractTableView | null>(null);
  const [falsification, setFalsification] = useState(props.falsifications[0]?.id ?? '');

  const blockIndex = block === '' ? defaultBlockIndex(blocks) : Number(block) - 1;
  const chosenBlock = blocks[blockIndex];
  const tables = useMemo(() => (chosenBlock !== undefined ? tablesOfBlock(chosenBlock) : []), [chosenBlock]);
  const byDefault = defaultTable(tables);
  const outOk = /^[^/\\].*\.csv$/i.test(out.trim()) && !out.split('/').some((p) => p === '' || p === '.' || p === '..');
  const canSubmit = !busy && outOk;

  const submit = async () => {
    if (!canSubmit) return;
    setBusy(true);
    setError(null);
    try {
      const view = await api.extractTable({
        caseId,
        cell: cell.id,
        logbook: logbook.id,
        out: out.trim(),
        ...(block !== '' ? { block: Number(block) } : {}),
        ...(table !== '' ? { table: Number(table) } : {}),
        ...(allowElided ? { allowElided: true } : {}),
        ...byReviewer(props.reviewer),
      });
      setDone(view);
      props.onExtracted(view);
    } catch (e) {
      const message = (e as Error).message;
      if (isElisionRefusal(message)) {
        setRefusal(refusalInDialogWords(message));
        setError(null);
      } else setError(refusalInDialogWords(message));
    } finally {
      setBusy(false);
    }
  };

  if (done !== null) {
    const fs = props.falsifications;
    return (
      <Dialog
        key="done"
        title={
          <>
            Table written to <span className="mono">{done.path}</span>
          </>
        }
        testId="extract-table-dialog"
        size="narrow"
        onClose={props.onClose}
        footer={
          <>
            <div className="foot-message">
              {fs.length === 0 ? (
                <span className="muted">
                  No claimed falsification yet: quote one from a logbook cell, then add a check on this table to it.
                </span>
              ) : null}
            </div>
            <button type="button" className="btn" onClick={props.onClose}>
              Done
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={falsification === ''}
              onClick={() => props.onAddCheck(falsification, done)}
              data-testid="add-check-on-table"
              data-autofocus
            >
              Add a check on this table
            </button>
          </>
        }
      >
        <section data-testid="extract-result" aria-label="Extracted table">
          <p className="import-lead">
            <span className="ok-text">
              {done.rows} row{done.rows === 1 ? '' : 's'}, {done.columns.length} column{done.columns.length === 1 ? '' : 's'}
            </span>{' '}
            from <span className="mono">{cell.id}</span>, exactly as printed.
          </p>
          <ul className="import-facts">
            <li data-testid="extract-columns">
              Columns:{' '}
              {done.columns.map((c, i) => (
                <span key={`${c}-${i}`} className="mono chip">
                  {c}
                </span>
              ))}
            </li>
            <li>
              Provenance: <span className="mono">{done.provenancePath}</span>
            </li>
          </ul>
          {done.notes.length > 0 ? (
            <div data-testid="extract-notes">
              <h3 className="section-heading">Notes</h3>
              <ul className="small import-list">
                {done.notes.map((n, i) => (
                  <li key={i} className={/^warning/.test(n) ? 'warn-text' : undefined}>
                    {refusalInDialogWords(n)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {fs.length > 1 ? (
            <div className="form-grid extract-check-target">
              <label htmlFor={`${ids}-falsification`}>Check for</label>
              <select id={`${ids}-falsification`} value={falsification} onChange={(e) => setFalsification(e.target.value)}>
                {fs.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.id}: {f.assertion.length > 70 ? `${f.assertion.slice(0, 70)}…` : f.assertion}
                  </option>
                ))}
              </select>
            </div>
          ) : fs.length === 1 ? (
            <p className="small muted">
              “Add a check on this table” proposes a check of this table for <span className="mono">{fs[0]!.id}</span>: a paired test when
              its rows are seeds, a growth fit when it has a size column.
            </p>
          ) : null}
        </section>
      </Dialog>
    );
  }

  const formId = `${ids}-form`;
  return (
    <Dialog
      key="form"
      title="Extract a printed table"
      testId="extract-table-dialog"
      size="narrow"
      onClose={props.onClose}
      busy={busy}
      footer={
        <FormFooter
          formId={formId}
          error={error}
          progress={busy ? 'Extracting…' : null}
          busy={busy}
          canSubmit={canSubmit}
          submitLabel={allowElided ? 'Extract what is there' : 'Extract table'}
          onCancel={props.onClose}
          errorTestId="extract-error"
          submitTestId="extract-submit"
        />
      }
    >
      <form
        id={formId}
        className="form-grid"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <span className="form-grid-label">From</span>
        <div className="small" data-testid="extract-source">
          <span className="mono">{logbook.id}</span> {place.page.title} › <strong>{cell.title || cell.id}</strong>{' '}
          <span className="mono muted">({cell.id})</span>
        </div>

        <label htmlFor={`${ids}-out`}>
          Output path{' '}
          <span className="req" aria-hidden="true">
            *
          </span>
        </label>
        <div>
          <input
            id={`${ids}-out`}
            type="text"
            className="mono"
            value={out}
            onChange={(e) => setOut(e.target.value)}
            aria-required="true"
            aria-invalid={!outOk}
            aria-describedby={`${ids}-out-note`}
            maxLength={512}
            spellCheck={false}
            disabled={busy}
            data-testid="extract-out"
            data-autofocus
          />
          <div id={`${ids}-out-note`} className="small field-note">
            {outOk ? (
              <span className="muted">A .csv inside the case (never in a logbook folder); its provenance is written beside it.</span>
            ) : (
              <span className="error-text">Output path: a relative path inside the case ending in .csv</span>
            )}
          </div>
        </div>

        <label htmlFor={`${ids}-block`}>Block</label>
        <div>
          <select
            id={`${ids}-block`}
            value={block}
            onChange={(e) => {
              setBlock(e.target.value);
              setTable('');
              setRefusal(null);
              setAllowElided(false);
            }}
            disabled={busy}
            data-testid="extract-block"
          >
            <option value="">the run’s output (default)</option>
            {blocks.map((b, i) => (
              <option key={i} value={String(i + 1)}>
                {i + 1}: {b.title ?? b.lang}
                {b.title !== undefined ? ` (${b.lang})` : ''}
              </option>
            ))}
          </select>
        </div>

        <label htmlFor={`${ids}-table`}>Table</label>
        <div>
          <select
            id={`${ids}-table`}
            value={table}
            onChange={(e) => {
              setTable(e.target.value);
              setRefusal(null);
              setAllowElided(false);
            }}
            disabled={busy}
            aria-describedby={`${ids}-table-note`}
            data-testid="extract-table-number"
          >
            <option value="">{tables.length > 1 ? 'the one with the most rows (default)' : 'the only one (default)'}</option>
            {tables.map((t) => (
              <option key={t.number} value={String(t.number)}>
                {t.number}: {describeFoundTable(t)}
              </option>
            ))}
          </select>
          <div id={`${ids}-table-note`} className="small field-note muted">
            {byDefault === undefined
              ? 'No table found in this block.'
              : `${tables.length} table${tables.length === 1 ? '' : 's'} in this block; by default table ${byDefault.number} (${describeFoundTable(byDefault)}). Cells are kept as printed, never rounded.`}
          </div>
        </div>

        {refusal !== null ? (
          <>
            <span className="form-grid-label">Elided</span>
            <div className="elision-refusal" data-testid="extract-refusal">
              <p className="small warn-text" role="alert">
                {refusal}
              </p>
              <label className="checkbox-label">
                <input
                  type="checkbox"
                  checked={allowElided}
                  onChange={(e) => setAllowElided(e.target.checked)}
                  disabled={busy}
                  data-testid="extract-allow-elided"
                />
                Allow elided rows: extract what is there (recorded in the provenance)
              </label>
            </div>
          </>
        ) : null}

        <label htmlFor={`${ids}-reviewer`}>Reviewer</label>
        <ReviewerInput id={`${ids}-reviewer`} value={props.reviewer} onChange={props.onReviewerChange} disabled={busy} />
      </form>
    </Dialog>
  );
}
