/**
 * What an import of a logbook did: pages and cells read, runs and failed runs, outputs the logbook writer
 * truncated (and the characters it dropped), files copied, what could not be read (per page and cell), what
 * was left out, and the core's remarks. Everything the summary says comes from the core's ImportSummaryView.
 */
import type { ImportSummaryView } from '../../common/api/contract';
import { formatBytes, formatCount } from '../lib/format';

function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export function ImportSummary({ summary }: { summary: ImportSummaryView }) {
  const s = summary;
  return (
    <section className="import-summary" data-testid="import-summary" aria-label="Import summary">
      <p className="import-lead">
        <span className="ok-text">
          {s.created ? 'Created' : 'Updated'} case <span className="mono">{s.caseId}</span>
        </span>{' '}
        with logbook <span className="mono">{s.logbookId}</span> <span className="muted">({s.path})</span>
        {s.paper !== null ? (
          <>
            {' '}
            about <span className="mono">{s.paper}</span>
          </>
        ) : null}
        .
      </p>
      <ul className="import-facts">
        <li data-testid="import-pages">
          {plural(s.pages, 'page')}, {plural(s.cells, 'cell')}
        </li>
        <li data-testid="import-runs">
          {plural(s.runCells, 'run cell')}
          {s.runCells > 0 ? (
            s.failedRuns > 0 ? (
              <span className="error-text">, {formatCount(s.failedRuns)} failed (non-zero exit)</span>
            ) : (
              ', none failed'
            )
          ) : (
            ''
          )}
        </li>
        <li data-testid="import-truncated">
          {s.truncatedOutputs > 0 ? (
            <span className="warn-text">
              {plural(s.truncatedOutputs, 'output')} truncated by the logbook writer: {formatCount(s.elidedChars)} characters elided
            </span>
          ) : (
            'No output was truncated by the logbook writer'
          )}
        </li>
        <li data-testid="import-files">
          {plural(s.files, 'file')} ({formatBytes(s.bytes)}) copied
        </li>
      </ul>
      {s.problems.length > 0 ? (
        <div data-testid="import-problems">
          <h3 className="section-heading error-text">Could not be read ({s.problems.length})</h3>
          <ul className="small import-list">
            {s.problems.map((p, i) => (
              <li key={i}>
                {p.page !== undefined ? <span className="mono">{p.page}</span> : <span className="muted">logbook</span>}
                {p.cell !== undefined ? <span className="mono"> / {p.cell}</span> : null}: {p.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="small muted">Every page and cell could be read.</p>
      )}
      {s.skipped.length > 0 ? (
        <div data-testid="import-skipped">
          <h3 className="section-heading">Left out ({s.skipped.length})</h3>
          <ul className="small import-list">
            {s.skipped.map((k) => (
              <li key={k.path}>
                <span className="mono">{k.path}</span>: {k.why}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {s.notices.length > 0 ? (
        <div data-testid="import-notices">
          <h3 className="section-heading">Notices</h3>
          <ul className="small import-list">
            {s.notices.map((n, i) => (
              <li key={i}>{n}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
