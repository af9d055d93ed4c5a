/**
 * Contested claims side by side: two logbooks of the case (chosen, A and B), under the settings they print
 * (compareLogbooks: horizon, scale, precision, seed, units, loss, padding, code version), each row marked with a
 * symbol and a word (≠ differs, = same, only in A or B), not by colour alone. Each value links to the cell it
 * was printed in: a click scrolls that logbook's column to the cell and marks it. Two logbooks on one claim
 * with opposite verdicts usually differ in one of these settings.
 */
import { useEffect, useId, useState } from 'react';
import type { LogbookView, RecheckApi, SettingsComparisonView, SettingValueView } from '../../common/api/contract';
import { COMPARISON_MARK, defaultPair, resolveWhere } from '../lib/compare';
import { LogbookBody, type CellActions, type Reveal } from './LogbookBody';

type Side = 'a' | 'b';

type Loaded = { state: 'loading' } | { state: 'ready'; view: SettingsComparisonView } | { state: 'error'; error: string };

export function CompareLogbooks(props: { api: RecheckApi; caseId: string; logbooks: readonly LogbookView[]; actions: CellActions }) {
  const { api, caseId, logbooks } = props;
  const ids = useId();
  const [chosen, setChosen] = useState<[string, string] | null>(null);
  const pair = defaultPair(logbooks, chosen);
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [reveal, setReveal] = useState<{ a: Reveal | null; b: Reveal | null }>({ a: null, b: null });
  const a = pair?.[0] ?? '';
  const b = pair?.[1] ?? '';

  useEffect(() => {
    if (a === '' || b === '') return;
    let live = true;
    setLoaded({ state: 'loading' });
    api.compareLogbooks(caseId, a, b).then(
      (view) => live && setLoaded({ state: 'ready', view }),
      (e: unknown) => live && setLoaded({ state: 'error', error: (e as Error).message }),
    );
    return () => {
      live = false;
    };
  }, [api, caseId, a, b]);

  if (pair === null) return <p className="empty-state pad">Comparing needs two logbooks in the case.</p>;
  const lbA = logbooks.find((l) => l.id === a)!;
  const lbB = logbooks.find((l) => l.id === b)!;
  const pick = (side: Side, id: string) => {
    const other = side === 'a' ? b : a;
    // Choosing the other side's logbook swaps the two.
    const next: [string, string] = side === 'a' ? [id, id === other ? a : other] : [id === other ? b : other, id];
    setChosen(next);
  };
  const show = (side: Side, page: string, cell: string) => setReveal((r) => ({ ...r, [side]: { page, cell, nonce: Date.now() } }));

  return (
    <div className="compare" data-testid="compare-view">
      <div className="compare-controls">
        <label htmlFor={`${ids}-a`} className="compare-side-label">
          <span className="side-tag">A</span>
        </label>
        <select id={`${ids}-a`} value={a} onChange={(e) => pick('a', e.target.value)} aria-label="Logbook A" data-testid="compare-a">
          {logbooks.map((l) => (
            <option key={l.id} value={l.id}>
              {l.id}: {l.title}
            </option>
          ))}
        </select>
        <span className="muted small">vs</span>
        <label htmlFor={`${ids}-b`} className="compare-side-label">
          <span className="side-tag">B</span>
        </label>
        <select id={`${ids}-b`} value={b} onChange={(e) => pick('b', e.target.value)} aria-label="Logbook B" data-testid="compare-b">
          {logbooks.map((l) => (
            <option key={l.id} value={l.id}>
              {l.id}: {l.title}
            </option>
          ))}
        </select>
      </div>
      <section className="compare-settings" aria-label="Settings the two logbooks print" data-testid="compare-settings">
        {loaded.state === 'loading' ? <p className="muted small pad">Reading the settings both logbooks print…</p> : null}
        {loaded.state === 'error' ? <div className="error-box">{loaded.error}</div> : null}
        {loaded.state === 'ready' ? <SettingsTable view={loaded.view} a={lbA} b={lbB} onShow={show} /> : null}
      </section>
      <div className="compare-columns">
        <section className="compare-column" aria-label={`Logbook A: ${lbA.title}`} data-testid="compare-column-a">
          <h3 className="compare-column-head">
            <span className="side-tag">A</span> <span className="mono">{lbA.id}</span> {lbA.title}
          </h3>
          <LogbookBody key={lbA.id} logbook={lbA} actions={props.actions} caseId={caseId} reveal={reveal.a} />
        </section>
        <section className="compare-column" aria-label={`Logbook B: ${lbB.title}`} data-testid="compare-column-b">
          <h3 className="compare-column-head">
            <span className="side-tag">B</span> <span className="mono">{lbB.id}</span> {lbB.title}
          </h3>
          <LogbookBody key={lbB.id} logbook={lbB} actions={props.actions} caseId={caseId} reveal={reveal.b} />
        </section>
      </div>
    </div>
  );
}

function SettingsTable(props: {
  view: SettingsComparisonView;
  a: LogbookView;
  b: LogbookView;
  onShow(side: Side, page: string, cell: string): void;
}) {
  const { view } = props;
  const differing = view.rows.filter((r) => r.comparison === 'differs').length;
  const printed = view.rows.filter((r) => r.comparison !== 'neither');
  const neither = view.rows.filter((r) => r.comparison === 'neither').map((r) => r.name);
  return (
    <>
      <p className="small compare-summary" data-testid="compare-summary">
        {differing > 0 ? (
          <strong>
            {differing} setting{differing === 1 ? '' : 's'} differ{differing === 1 ? 's' : ''}
          </strong>
        ) : (
          'No printed setting differs'
        )}
        <span className="muted">
          {' · '}values as printed; a value shows the cell it was printed in.
          {neither.length > 0 ? ` Printed by neither: ${neither.join(', ')}.` : ''}
        </span>
      </p>
      {printed.length > 0 ? (
        <table className="settings-table">
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">Compared</th>
              <th scope="col">
                <span className="side-tag">A</span> <span className="mono">{props.a.id}</span>
              </th>
              <th scope="col">
                <span className="side-tag">B</span> <span className="mono">{props.b.id}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {printed.map((r) => {
              const mark = COMPARISON_MARK[r.comparison];
              return (
                <tr
                  key={r.name}
                  className={`setting-row ${mark.className}`}
                  data-testid={`setting-${r.name.replace(/\s+/g, '-')}`}
                  data-comparison={r.comparison}
                >
                  <th scope="row">{r.name}</th>
                  <td className="cmp-cell">
                    <span className={`cmp-mark ${mark.className}`}>
                      <span aria-hidden="true">{mark.symbol}</span> {mark.word}
                    </span>
                  </td>
                  <td>
                    <Values side="a" setting={r.name} values={r.a} logbook={props.a} onShow={props.onShow} />
                  </td>
                  <td>
                    <Values side="b" setting={r.name} values={r.b} logbook={props.b} onShow={props.onShow} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
    </>
  );
}

/** Places shown before "n more". */
const SHOWN = 2;

/** A setting's values in one logbook, by the place they were printed: the place, its values (each a link to the cell), the first line. */
function Values(props: {
  side: Side;
  setting: string;
  values: readonly SettingValueView[];
  logbook: LogbookView;
  onShow(side: Side, page: string, cell: string): void;
}) {
  const [all, setAll] = useState(false);
  if (props.values.length === 0) return <span className="muted small">not printed</span>;
  const places = placesOf(props.values);
  const shown = all ? places : places.slice(0, SHOWN);
  const side = props.side.toUpperCase();
  return (
    <ul className="setting-values">
      {shown.map(({ where, values }) => {
        const place = resolveWhere(where, props.logbook);
        const label =
          place.type === 'cell' ? `${place.pageTitle} / ${place.cellTitle}` : place.type === 'file' ? `file ${place.path}` : where;
        return (
          <li key={where}>
            <span className="setting-place">
              {values.map((v, i) =>
                place.type === 'cell' ? (
                  <button
                    key={`${v.value}-${i}`}
                    type="button"
                    className="link mono setting-value"
                    onClick={() => props.onShow(props.side, place.page, place.cell)}
                    aria-label={`${props.setting} ${v.value} in ${side}: show ${label}`}
                    title={`${label}: ${v.snippet}`}
                    data-testid="setting-value-link"
                    data-cell-target={place.cell}
                  >
                    {v.value}
                  </button>
                ) : (
                  <span key={`${v.value}-${i}`} className="mono setting-value" title={v.snippet}>
                    {v.value}
                  </span>
                ),
              )}
              <span className="setting-where small muted" title={label}>
                {label}
              </span>
            </span>
            <code className="setting-snippet" title={values.map((v) => v.snippet).join('\n')}>
              {values[0]!.snippet}
            </code>
          </li>
        );
      })}
      {places.length > SHOWN ? (
        <li>
          <button type="button" className="link small" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'fewer places' : `${places.length - SHOWN} more place${places.length - SHOWN === 1 ? '' : 's'}`}
          </button>
        </li>
      ) : null}
    </ul>
  );
}

/** Values grouped by where they were printed, in the order the places first appear. */
function placesOf(values: readonly SettingValueView[]): { where: string; values: SettingValueView[] }[] {
  const out: { where: string; values: SettingValueView[] }[] = [];
  for (const v of values) {
    const found = out.find((p) => p.where === v.where);
    if (found !== undefined) found.values.push(v);
    else out.push({ where: v.where, values: [v] });
  }
  return out;
}
