/**
 * In the replay check's form: the parameters detected in the script the run cell runs (api.replayLiterals: top-level
 * lists and constants, argparse flags and sys.argv, environment variables, each with its line and current value),
 * one picked with a radio. For the picked one, a new value fills the form's override (`set`, `args` or `env`:
 * literal-override.ts, checked in words first), and a grid of values (`2,4,8,...,1024` or a list), expanded and
 * bound by the core (api.checkReplayGrid) and said back ("10 points: 2, 4, …, 1024"), is the source of a new
 * check: "Sweep this literal" hands it to the dialog, which opens the growth-fit form over that replay sweep.
 */
import { useEffect, useId, useState } from 'react';
import type { RecheckApi, ReplayGridView, ReplayLiteralsView, ReplayLiteralView } from '../../common/api/contract';
import type { FormValues } from '../intake/schema-form';
import { overrideProblem, withOverride } from './literal-override';

/** A checked grid of one literal, as the dialog turns it into a sweep check. */
export interface LiteralSweep {
  readonly cell: string;
  readonly logbook?: string;
  readonly literal: ReplayLiteralView;
  readonly grid: Extract<ReplayGridView, { ok: true }>;
}

const KIND_WORDS: Record<ReplayLiteralView['kind'], string> = {
  list: 'list',
  constant: 'constant',
  argument: 'argument',
  env: 'environment variable',
};

/** `2, 4, 8, …, 1024` for long lists. */
function valuesText(values: readonly (number | string | boolean)[]): string {
  const shown = values.length > 8 ? [...values.slice(0, 3), '…', ...values.slice(-2)] : values;
  return shown.map(String).join(', ');
}

export function ReplayLiteralPicker(props: {
  api: RecheckApi;
  caseId: string;
  cell: string;
  logbook?: string;
  values: FormValues;
  onValues(values: FormValues): void;
  onSweep(s: LiteralSweep): void;
  disabled: boolean;
}) {
  const { api, caseId, cell, logbook } = props;
  const ids = useId();
  const [found, setFound] = useState<ReplayLiteralsView | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [picked, setPicked] = useState<number | null>(null);
  const [value, setValue] = useState('');
  const [valueTouched, setValueTouched] = useState(false);
  const [set, setSet] = useState<string | null>(null);
  const [gridText, setGridText] = useState('');
  const [grid, setGrid] = useState<ReplayGridView | null>(null);
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    let live = true;
    setFound(null);
    setLoadError(null);
    setPicked(null);
    const t = setTimeout(() => {
      api.replayLiterals({ caseId, cell, ...(logbook !== undefined ? { logbook } : {}) }).then(
        (v) => live && setFound(v),
        (e: unknown) => live && setLoadError((e as Error).message),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, caseId, cell, logbook]);

  const literal = picked !== null ? found?.literals[picked] : undefined;
  const sweepName = literal?.grid ?? null;

  // The grid is checked by the core as it is typed (a quarter second after the last key).
  useEffect(() => {
    setGrid(null);
    if (sweepName === null || gridText.trim() === '') return;
    let live = true;
    setChecking(true);
    const t = setTimeout(() => {
      api.checkReplayGrid({ caseId, cell, ...(logbook !== undefined ? { logbook } : {}), name: sweepName, values: gridText }).then(
        (g) => live && (setGrid(g), setChecking(false)),
        (e: unknown) => live && (setGrid({ ok: false, problem: (e as Error).message }), setChecking(false)),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [api, caseId, cell, logbook, sweepName, gridText]);

  const pick = (i: number) => {
    setPicked(i);
    const l = found?.literals[i];
    setValue(l?.value ?? '');
    setValueTouched(false);
    setSet(null);
    setGridText('');
  };

  const problem = literal !== undefined ? overrideProblem(literal, value) : null;
  const unchanged = literal !== undefined && literal.value !== null && value.trim() === literal.value.trim();

  return (
    <section className="replay-literals" aria-label="Parameters detected in the script" data-testid="replay-literals">
      <h3 className="section-heading">Override or sweep a parameter</h3>
      {loadError !== null ? (
        <p className="small error-text" role="alert">
          {loadError}
        </p>
      ) : null}
      {found === null && loadError === null ? <p className="small muted">Reading the cell’s script…</p> : null}
      {found !== null ? (
        <>
          <p className="small muted field-note">
            <span className="mono">{found.command.join(' ')}</span>
            {found.script !== null ? (
              <>
                {' '}
                runs <span className="mono">{found.script.path}</span> (
                {found.script.from === 'page' ? 'embedded in the page' : 'a file of the case'}
                ).
              </>
            ) : null}{' '}
            {found.why ?? `${found.literals.length} parameter${found.literals.length === 1 ? '' : 's'} detected: pick one.`}
          </p>
          {found.literals.length > 0 ? (
            <table className="audit-table replay-literal-table" data-testid="replay-literal-table">
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Pick</span>
                  </th>
                  <th scope="col">Parameter</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Line</th>
                  <th scope="col">Current value</th>
                </tr>
              </thead>
              <tbody>
                {found.literals.map((l, i) => (
                  <tr key={`${l.kind}-${l.name}-${l.line}`} data-literal={l.name} aria-selected={picked === i}>
                    <td>
                      <input
                        type="radio"
                        name={`${ids}-literal`}
                        id={`${ids}-literal-${i}`}
                        checked={picked === i}
                        onChange={() => pick(i)}
                        disabled={props.disabled}
                      />
                    </td>
                    <td>
                      <label htmlFor={`${ids}-literal-${i}`} className="mono">
                        {l.name}
                      </label>
                    </td>
                    <td>{KIND_WORDS[l.kind]}</td>
                    <td>{l.line}</td>
                    <td className="mono">{l.value ?? <span className="muted">none</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </>
      ) : null}
      {literal !== undefined ? (
        <div className="form-grid replay-literal-edit" data-testid="replay-literal-edit">
          <label htmlFor={`${ids}-value`}>New value</label>
          <div>
            <div className="inline-row">
              <input
                id={`${ids}-value`}
                type="text"
                value={value}
                onChange={(e) => {
                  setValue(e.target.value);
                  setValueTouched(true);
                  setSet(null);
                }}
                aria-invalid={valueTouched && problem !== null}
                aria-describedby={`${ids}-value-note`}
                disabled={props.disabled}
                data-testid="literal-value"
                style={{ flex: 1 }}
              />
              <button
                type="button"
                className="btn btn-small"
                disabled={props.disabled || problem !== null || unchanged}
                onClick={() => {
                  props.onValues(withOverride(props.values, literal, value));
                  setSet(value.trim());
                }}
                data-testid="literal-override"
              >
                Override
              </button>
            </div>
            <div id={`${ids}-value-note`} className="small field-note" role={valueTouched && problem !== null ? 'alert' : undefined}>
              {valueTouched && problem !== null ? (
                <span className="error-text">{problem}</span>
              ) : set !== null ? (
                <span className="ok-text">
                  {literal.name} = {set} is in the form’s{' '}
                  {literal.override.type === 'set' ? 'set' : literal.override.type === 'arg' ? 'args' : 'env'}; the replay then runs with it
                  and is not compared.
                </span>
              ) : (
                <span className="muted">
                  {literal.kind === 'list'
                    ? 'A list of numbers, e.g. [2, 4, 8, 1024].'
                    : literal.kind === 'constant'
                      ? 'A number.'
                      : literal.override.type === 'arg'
                        ? `Appended to the command${literal.override.flag !== null ? ` as ${literal.override.flag} VALUE` : ''}.`
                        : `Set as ${literal.name} in the environment.`}
                </span>
              )}
            </div>
          </div>
          <label htmlFor={`${ids}-grid`}>Sweep over</label>
          <div>
            {sweepName === null ? (
              <p className="small muted field-note">
                A positional argument cannot be swept by name: override it with a value, or sweep a flag or a constant.
              </p>
            ) : (
              <>
                <div className="inline-row">
                  <input
                    id={`${ids}-grid`}
                    type="text"
                    value={gridText}
                    onChange={(e) => setGridText(e.target.value)}
                    placeholder="2,4,8,...,1024 or 2, 16, 128"
                    aria-invalid={grid !== null && !grid.ok}
                    aria-describedby={`${ids}-grid-note`}
                    disabled={props.disabled}
                    data-testid="literal-grid"
                    style={{ flex: 1 }}
                  />
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={props.disabled || grid === null || !grid.ok || checking}
                    onClick={() => {
                      if (grid !== null && grid.ok) props.onSweep({ cell, ...(logbook !== undefined ? { logbook } : {}), literal, grid });
                    }}
                    data-testid="literal-sweep"
                  >
                    Sweep this literal
                  </button>
                </div>
                <div
                  id={`${ids}-grid-note`}
                  className="small field-note"
                  data-testid="literal-grid-note"
                  role={grid !== null && !grid.ok ? 'alert' : undefined}
                >
                  {gridText.trim() === '' ? (
                    <span className="muted">
                      One replay per value, through the sweep runner (each point checkpointed in the run as it ends, on Slurm when the
                      settings say so). A progression from its first three values: 2,4,8,...,1024 (doubling) or 1,2,3,...,100.
                    </span>
                  ) : checking || grid === null ? (
                    <span className="muted">Checking…</span>
                  ) : grid.ok ? (
                    <span>
                      {grid.values.length} point{grid.values.length === 1 ? '' : 's'}: {valuesText(grid.values)}, each setting{' '}
                      {grid.binding}. The sweep’s table: <span className="mono">{grid.columns.join(', ')}</span>.
                    </span>
                  ) : (
                    <span className="error-text">{grid.problem}</span>
                  )}
                </div>
              </>
            )}
          </div>
        </div>
      ) : null}
    </section>
  );
}
