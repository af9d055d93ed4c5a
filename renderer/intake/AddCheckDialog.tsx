/**
 * "Add check" for one claimed falsification: the check kinds (listKinds) in a select, the chosen kind's params
 * as a form generated from its JSON Schema (SchemaForm), prefilled from the kind's example and saying so, and
 * the case's files for params that name one (listCaseFiles). The core validates the params against the schema
 * and answers in one line (`check kind growth-fit: params: missing required field "y"`), shown by the form.
 * Opened with `initial` (e.g. "Add a check on this table": growth-fit with the table set), the form starts at
 * that kind with those params instead; another kind chosen there keeps them where it has the same params
 * (kind-switch.ts). "Add a file…" beside a case-file param brings a file into the case
 * (AddFileDialog, over this one) and sets the param to it. A param naming a column of the chosen table (the
 * schema's `tableColumn`) offers the table's header as a select, read through readCaseFile; the core refuses a
 * column the table lacks (issue 22).
 * A replay check's form lists the parameters detected in the cell's script (ReplayLiteralPicker): picking one
 * fills an override, and "Sweep this literal" turns the dialog into the growth-fit form over a replay sweep of
 * it (the sweep's columns offered as x and y, which the fit reads from the table the sweep prints).
 */
import { useEffect, useId, useMemo, useState } from 'react';
import type { AuditEntry, CaseFileView, CheckKindView, FalsificationView, RecheckApi } from '../../common/api/contract';
import { byReviewer } from '../lib/reviewer';
import { emptyValues, keepCasePaths, paramsFromValues, schemaToForm, valuesFrom, type FormValues } from './schema-form';
import { formColumns, headerOf, tablePathsOf } from './table-columns';
import { AddFileDialog } from './AddFileDialog';
import { exampleKeeping } from './kind-switch';
import { Dialog, FormFooter, useCoreCall } from '../components/Dialog';
import { ReviewerInput } from '../components/ReviewerInput';
import { SchemaForm } from './SchemaForm';
import { ReplayLiteralPicker, type LiteralSweep } from '../replay/ReplayLiteralPicker';
import { fixedOverrides, sweepCheckParams } from '../replay/literal-override';

export function AddCheckDialog(props: {
  api: RecheckApi;
  caseId: string;
  falsification: FalsificationView;
  /** The kind and params to start from (the kind's example otherwise), and what to tell the reviewer about them. */
  initial?: { kind: string; params: Record<string, unknown>; note?: string };
  reviewer: string;
  onReviewerChange(name: string): void;
  onAdded(id: string, entry: AuditEntry): void;
  /** A file was added to the case from the form (the case changed). */
  onFileAdded?(): void;
  onClose(): void;
}) {
  const { api, caseId, falsification: f } = props;
  const ids = useId();
  const [kinds, setKinds] = useState<CheckKindView[] | null>(null);
  const [files, setFiles] = useState<CaseFileView[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [kindName, setKindName] = useState('');
  const [title, setTitle] = useState('');
  const [values, setValues] = useState<FormValues>({});
  const [fromExample, setFromExample] = useState(false);
  const { busy, error, setError, run } = useCoreCall();
  const [fromInitial, setFromInitial] = useState(false);
  // "Add a file…" for the param at this pointer (AddFileDialog over this dialog).
  const [addingFor, setAddingFor] = useState<{ pointer: string; name: string } | null>(null);
  const initial = props.initial;
  // After "Sweep this literal": the replay sweep's table columns (for x and y) and what the dialog now says.
  const [sweepOf, setSweepOf] = useState<{ cell: string; columns: readonly string[]; note: string } | null>(null);

  const kind = kinds?.find((k) => k.kind === kindName);
  const form = useMemo(() => (kind !== undefined ? schemaToForm(kind.paramsSchema) : null), [kind]);

  // The headers of the tables the column params refer to, by path (null: not a readable CSV).
  const [headers, setHeaders] = useState<Record<string, readonly string[] | null>>({});
  const tablePaths = form !== null ? tablePathsOf(form, values) : {};
  const wanted = [...new Set(Object.values(tablePaths))].filter((p) => files?.some((f) => f.path === p) ?? false);
  const wantedKey = wanted.join('\n');
  useEffect(() => {
    let live = true;
    for (const path of wantedKey === '' ? [] : wantedKey.split('\n')) {
      if (path in headers) continue;
      api.readCaseFile(caseId, path).then(
        (c) => live && setHeaders((h) => ({ ...h, [path]: c.kind === 'text' ? headerOf(c.text) : null })),
        () => live && setHeaders((h) => ({ ...h, [path]: null })),
      );
    }
    return () => {
      live = false;
    };
    // `headers` is a cache: reading it here must not re-run the effect.
  }, [api, caseId, wantedKey]);
  // Each table's header followed by the derived columns the form declares for it.
  const columns = form !== null ? formColumns(form, values, headers) : {};
  // A replay sweep's table is computed when the check runs: its columns come from the cell's printed output.
  if (
    sweepOf !== null &&
    sweepOf.columns.length > 1 &&
    (values['/table'] ?? '').trim() === '' &&
    values['/sweep/replay/cell'] === sweepOf.cell
  )
    columns.table = { path: `the replay sweep of ${sweepOf.cell}`, columns: sweepOf.columns };

  const sweepLiteral = (s: LiteralSweep) => {
    const growth = kinds?.find((k) => k.kind === 'growth-fit');
    if (growth === undefined) return;
    const params = sweepCheckParams({
      cell: s.cell,
      ...(s.logbook !== undefined ? { logbook: s.logbook } : {}),
      grid: s.grid.name,
      values: s.grid.values,
      columns: s.grid.columns,
      // The replay as configured so far (its overrides of other literals) is what is swept.
      fixed: fixedOverrides(values, s.literal.override.type === 'set' ? s.literal.override.name : s.grid.name),
    });
    setKindName(growth.kind);
    setValues(valuesFrom(schemaToForm(growth.paramsSchema), params));
    setFromExample(false);
    setFromInitial(true);
    setError(null);
    const v = s.grid.values;
    setSweepOf({
      cell: s.cell,
      columns: s.grid.columns,
      note: `A growth fit over the replay of ${s.cell} with ${s.grid.name} = ${String(v[0])}…${String(v[v.length - 1])} (${v.length} points, one replay each, checkpointed, on Slurm when the settings say so): ${s.grid.columns.length > 1 ? `choose x and y among the sweep’s columns ${s.grid.columns.join(', ')}` : 'the cell’s printed output holds no table, so type x and y as its points will print them'}.`,
    });
    if (title.trim() === '')
      setTitle(`Growth over the replay of ${s.cell} with ${s.grid.name} = ${String(v[0])}…${String(v[v.length - 1])}`);
  };

  const chooseKind = (k: CheckKindView | undefined) => {
    setKindName(k?.kind ?? '');
    setError(null);
    if (k === undefined) return;
    // The table (or other param) the dialog was opened with is kept where the new kind has it too.
    setValues(exampleKeeping(schemaToForm(k.paramsSchema), k.example, initial?.params));
    setFromExample(true);
    setFromInitial(false);
    setSweepOf(null);
  };

  // A case path from the kind's example names the example's file (logbook/trackio.db): once the case's files are
  // known, it stays only if this case has that file (the select then offers the case's own).
  useEffect(() => {
    if (!fromExample || form === null || kind === undefined) return;
    const example = valuesFrom(form, kind.example);
    setValues((v) => keepCasePaths(form, v, files, example));
  }, [files, form, kind, fromExample]);

  const reloadFiles = () =>
    api.listCaseFiles(caseId).then(
      (fs) => setFiles(fs),
      () => setFiles(null),
    );

  useEffect(() => {
    let live = true;
    api.listKinds().then(
      (ks) => {
        if (!live) return;
        setKinds(ks);
        const asked = initial !== undefined ? ks.find((k) => k.kind === initial.kind) : undefined;
        if (asked !== undefined && initial !== undefined) {
          setKindName(asked.kind);
          setValues(valuesFrom(schemaToForm(asked.paramsSchema), initial.params));
          setFromInitial(true);
          return;
        }
        const first = ks[0];
        if (first !== undefined) {
          setKindName(first.kind);
          setValues(valuesFrom(schemaToForm(first.paramsSchema), first.example));
          setFromExample(true);
        }
      },
      (e: unknown) => live && setLoadError((e as Error).message),
    );
    api.listCaseFiles(caseId).then(
      (fs) => live && setFiles(fs),
      // Without the list, paths are typed by hand.
      () => live && setFiles(null),
    );
    return () => {
      live = false;
    };
    // `initial` is read once, when the dialog opens.
  }, [api, caseId]);

  // The kinds arrive after the dialog opened: start the keyboard at the kind select.
  const loaded = kinds !== null;
  useEffect(() => {
    if (loaded) document.getElementById(`${ids}-kind`)?.focus();
  }, [loaded, ids]);

  const submit = async () => {
    if (kind === undefined || form === null || busy) return;
    const params = paramsFromValues(form, values);
    if (!params.ok) {
      setError(params.error);
      return;
    }
    await run(async () => {
      const r = await api.addCheck({
        caseId,
        falsification: f.id,
        kind: kind.kind,
        params: params.params,
        ...(title.trim() !== '' ? { title: title.trim() } : {}),
        ...byReviewer(props.reviewer),
      });
      props.onAdded(r.id, r.entry);
      props.onClose();
    });
  };

  const formId = `${ids}-form`;
  return (
    <Dialog
      title={
        <>
          Add a check to <span className="mono">{f.id}</span>
        </>
      }
      testId="add-check-dialog"
      onClose={props.onClose}
      busy={busy}
      footer={
        <FormFooter
          formId={formId}
          error={error}
          busy={busy}
          canSubmit={!busy && kind !== undefined}
          submitLabel={busy ? 'Adding…' : 'Add check'}
          onCancel={props.onClose}
          errorTestId="add-check-error"
          submitTestId="add-check-submit"
        />
      }
    >
      <p className="small muted dialog-context">
        Claimed falsification of <span className="mono">{f.claim}</span>: “
        {f.assertion.length > 160 ? `${f.assertion.slice(0, 160)}…` : f.assertion}”
      </p>
      {loadError !== null ? <div className="error-box">{loadError}</div> : null}
      {kinds === null && loadError === null ? <p className="muted">Loading the check kinds…</p> : null}
      {kinds !== null ? (
        <form
          id={formId}
          className="add-check-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="form-grid">
            <label htmlFor={`${ids}-kind`}>Kind</label>
            <div>
              <select
                id={`${ids}-kind`}
                value={kindName}
                onChange={(e) => chooseKind(kinds.find((k) => k.kind === e.target.value))}
                disabled={busy}
                data-testid="check-kind"
                aria-describedby={`${ids}-kind-title`}
              >
                {kinds.map((k) => (
                  <option key={k.kind} value={k.kind}>
                    {k.kind}
                  </option>
                ))}
              </select>
              <div id={`${ids}-kind-title`} className="small field-note" data-testid="check-kind-title">
                {kind?.title}
              </div>
            </div>
            <label htmlFor={`${ids}-title`}>Title</label>
            <input
              id={`${ids}-title`}
              type="text"
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              placeholder={kind !== undefined ? `default: ${kind.title}` : ''}
              maxLength={300}
              disabled={busy}
            />
            <label htmlFor={`${ids}-reviewer`}>Reviewer</label>
            <ReviewerInput id={`${ids}-reviewer`} value={props.reviewer} onChange={props.onReviewerChange} disabled={busy} />
          </div>
          {form !== null && kind !== undefined ? (
            <section className="params" aria-label="Params">
              <div className="params-head">
                <h3 className="section-heading">Params</h3>
                {fromExample ? (
                  <span className="example-note small" data-testid="example-note" role="note">
                    Example values from the kind’s example: replace them with this case’s.
                  </span>
                ) : null}
                {fromInitial ? (
                  <span className="small muted" data-testid="initial-note" role="note">
                    {sweepOf?.note ?? initial?.note ?? 'Started from the values given: complete them.'}
                  </span>
                ) : null}
                <span className="spacer" />
                {fromExample ? (
                  <button
                    type="button"
                    className="btn btn-small btn-quiet"
                    onClick={() => {
                      setValues(emptyValues(form));
                      setFromExample(false);
                      setFromInitial(false);
                    }}
                    disabled={busy}
                  >
                    Clear all
                  </button>
                ) : (
                  <button type="button" className="btn btn-small btn-quiet" onClick={() => chooseKind(kind)} disabled={busy}>
                    Fill with the example
                  </button>
                )}
              </div>
              {kind.kind === 'replay' && (values['/cell'] ?? '').trim() !== '' ? (
                <ReplayLiteralPicker
                  api={api}
                  caseId={caseId}
                  cell={(values['/cell'] ?? '').trim()}
                  {...((values['/logbook'] ?? '').trim() !== '' ? { logbook: (values['/logbook'] ?? '').trim() } : {})}
                  values={values}
                  onValues={(v) => {
                    setValues(v);
                    setError(null);
                  }}
                  onSweep={sweepLiteral}
                  disabled={busy}
                />
              ) : null}
              <SchemaForm
                key={kind.kind}
                form={form}
                values={values}
                onChange={(pointer, text) => {
                  setValues((v) => ({ ...v, [pointer]: text }));
                  setError(null);
                }}
                files={files}
                idPrefix={ids}
                disabled={busy}
                onAddFile={(pointer, name) => setAddingFor({ pointer, name })}
                columns={columns}
              />
            </section>
          ) : null}
        </form>
      ) : null}
      {addingFor !== null ? (
        <AddFileDialog
          api={api}
          caseId={caseId}
          forParam={addingFor.name}
          reviewer={props.reviewer}
          onReviewerChange={props.onReviewerChange}
          onAdded={(path) => {
            const { pointer } = addingFor;
            setValues((v) => ({ ...v, [pointer]: path }));
            setError(null);
            void reloadFiles();
            props.onFileAdded?.();
          }}
          onClose={() => {
            const { pointer } = addingFor;
            setAddingFor(null);
            // Back to the param the file was for.
            document.getElementById(`${ids}-p${pointer.replace(/[^A-Za-z0-9_-]/g, '_')}`)?.focus();
          }}
        />
      ) : null}
    </Dialog>
  );
}
