/**
 * A form for any check kind's params, rendered from the model renderer/lib/schema-form derives from the
 * kind's JSON Schema: one labelled input per property (text, number with its bounds, yes/no, a select for an
 * enum, a fieldset for a nested object, comma-separated numbers for a list of numbers, JSON for the rest).
 * A param naming a case file (`casePath: true`) is a select of the case's files, with a typed path as the
 * way out, and, when the caller offers it, "Add a file…" beside it to bring a file into the case for that
 * param. A param naming a column of a case table (`tableColumn: '<table param>'`) is a select of that table's
 * header once the table is read (`columns`), the current value kept and marked when the table lacks it.
 * Required params are marked (inside an optional group, which says so, only once the group is filled); the core
 * judges what is sent.
 */
import { useState, type ReactNode } from 'react';
import type { CaseFileView } from '../../common/api/contract';
import { formatBytes } from '../lib/format';
import { boundsText, type FieldModel, type FormModel, type FormValues } from './schema-form';
import { columnChoices } from './table-columns';
import { ViewFileButton } from '../evidence/CaseFiles';

interface FieldProps {
  field: FieldModel;
  values: FormValues;
  onChange(pointer: string, text: string): void;
  files: readonly CaseFileView[] | null;
  idPrefix: string;
  disabled: boolean;
  onAddFile?: (pointer: string, name: string) => void;
  /** The header of the table each table param names (absent or null: not read; the column is typed). */
  columns?: Readonly<Record<string, { path: string; columns: readonly string[] } | null>>;
}

export function SchemaForm(props: {
  form: FormModel;
  values: FormValues;
  onChange(pointer: string, text: string): void;
  /** The case's files for casePath params (null while they load). */
  files: readonly CaseFileView[] | null;
  idPrefix: string;
  disabled?: boolean;
  /** "Add a file…" beside each case-file param: bring a file into the case for it (absent: no such action). */
  onAddFile?(pointer: string, name: string): void;
  /** The header of the table each table param names, for column params (AddCheckDialog reads it). */
  columns?: FieldProps['columns'];
}) {
  const { form } = props;
  if (form.fields.length === 0) return <p className="muted small">This kind takes no params.</p>;
  return (
    <div className="schema-form" data-testid="schema-form">
      {form.alternatives.length > 1 ? (
        <p className="small field-note muted schema-alternatives">
          Give one of:{' '}
          {form.alternatives.map((a, i) => (
            <span key={i}>
              {i > 0 ? ' or ' : ''}
              <span className="mono">{a.join(' + ')}</span>
            </span>
          ))}
          .
        </p>
      ) : null}
      <Fields
        fields={form.fields}
        values={props.values}
        onChange={props.onChange}
        files={props.files}
        idPrefix={props.idPrefix}
        disabled={props.disabled ?? false}
        onAddFile={props.onAddFile}
        columns={props.columns}
      />
    </div>
  );
}

function Fields(props: Omit<FieldProps, 'field'> & { fields: readonly FieldModel[] }) {
  const { fields, ...rest } = props;
  return (
    <div className="schema-fields">
      {fields.map((f) =>
        f.type === 'object' ? <Group key={f.pointer} {...rest} field={f} /> : <Field key={f.pointer} {...rest} field={f} />,
      )}
    </div>
  );
}

function domId(prefix: string, pointer: string): string {
  return `${prefix}-p${pointer.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function Required({ on }: { on: boolean }) {
  return on ? (
    <span className="req" title="required">
      {' '}
      *<span className="visually-hidden"> (required)</span>
    </span>
  ) : null;
}

function Group(props: FieldProps) {
  const f = props.field;
  if (f.type !== 'object') return null;
  return (
    <fieldset className="schema-group" data-param={f.dotted}>
      <legend className="mono">
        {f.name}
        <Required on={f.required} />
      </legend>
      {f.description !== undefined ? <p className="small muted field-note">{f.description}</p> : null}
      {!f.required && f.fields.some((x) => x.required) ? (
        <p className="small muted field-note" data-testid={`optional-group-${f.dotted}`}>
          optional: leave it all empty, or fill the fields marked *
        </p>
      ) : null}
      <Fields
        values={props.values}
        onChange={props.onChange}
        files={props.files}
        idPrefix={props.idPrefix}
        disabled={props.disabled}
        onAddFile={props.onAddFile}
        columns={props.columns}
        fields={f.fields}
      />
    </fieldset>
  );
}

/** What the field takes, in words, after its description. */
function hintOf(f: FieldModel): string {
  const parts: string[] = [];
  if (f.description !== undefined) parts.push(f.description);
  if (f.type === 'number') parts.push(boundsText(f.integer, f.bounds));
  if (f.type === 'number-list')
    parts.push(
      `${f.integer ? 'integers' : 'numbers'} separated by commas${f.bounds.min !== undefined || f.bounds.max !== undefined ? ` (each: ${boundsText(f.integer, f.bounds)})` : ''}`,
    );
  if (f.type === 'json') parts.push('JSON');
  return parts.join(' · ');
}

function Field(props: FieldProps) {
  const { field: f, values, onChange, disabled } = props;
  const id = domId(props.idPrefix, f.pointer);
  const hint = hintOf(f);
  const value = values[f.pointer] ?? '';
  const set = (text: string) => onChange(f.pointer, text);
  const common = {
    id,
    disabled,
    'aria-required': f.required || undefined,
    'aria-describedby': hint !== '' ? `${id}-hint` : undefined,
  };
  let control: ReactNode;
  switch (f.type) {
    case 'string': {
      const table = f.tableColumn !== undefined ? props.columns?.[f.tableColumn] : undefined;
      if (table !== undefined && table !== null) {
        control = <ColumnSelect common={common} name={f.name} value={value} onChange={set} table={table} required={f.required} />;
        break;
      }
      control = f.casePath ? (
        <CasePathInput
          common={common}
          name={f.name}
          value={value}
          onChange={set}
          files={props.files}
          onAddFile={props.onAddFile !== undefined ? () => props.onAddFile?.(f.pointer, f.name) : undefined}
        />
      ) : (
        <input type="text" {...common} value={value} onChange={(e) => set(e.target.value)} spellCheck={false} />
      );
      break;
    }
    case 'number':
      control = (
        <input
          type="number"
          {...common}
          className="num-input"
          value={value}
          onChange={(e) => set(e.target.value)}
          step={f.integer ? 1 : 'any'}
          min={f.bounds.min !== undefined && f.bounds.exclusiveMin !== true ? f.bounds.min : undefined}
          max={f.bounds.max !== undefined && f.bounds.exclusiveMax !== true ? f.bounds.max : undefined}
        />
      );
      break;
    case 'boolean':
      control = f.required ? (
        <input type="checkbox" {...common} checked={value === 'true'} onChange={(e) => set(e.target.checked ? 'true' : 'false')} />
      ) : (
        <select {...common} value={value} onChange={(e) => set(e.target.value)}>
          <option value="">not set (the kind’s default)</option>
          <option value="true">yes</option>
          <option value="false">no</option>
        </select>
      );
      break;
    case 'enum':
      control = (
        <select {...common} value={value} onChange={(e) => set(e.target.value)}>
          <option value="">{f.required ? 'choose…' : 'not set (the kind’s default)'}</option>
          {f.options.map((o) => {
            const v = JSON.stringify(o);
            return (
              <option key={v} value={v}>
                {typeof o === 'string' ? o : v}
              </option>
            );
          })}
        </select>
      );
      break;
    case 'number-list':
      control = (
        <input
          type="text"
          {...common}
          className="mono"
          value={value}
          onChange={(e) => set(e.target.value)}
          placeholder="e.g. 0.6, 0.4"
          spellCheck={false}
        />
      );
      break;
    case 'json':
      control = <textarea {...common} className="mono" rows={2} value={value} onChange={(e) => set(e.target.value)} spellCheck={false} />;
      break;
    case 'object':
      return null;
  }
  return (
    <div className="schema-field" data-param={f.dotted}>
      <label htmlFor={id} className="mono">
        {/* A nested field's name repeats a top-level one (sweep.replay.table beside table): its accessible name says where it sits. */}
        {f.dotted !== f.name ? <span className="visually-hidden">{f.dotted.slice(0, -f.name.length).split('.').join(' ')}</span> : null}
        {f.name}
        <Required on={f.required} />
      </label>
      <div className="schema-control">
        {control}
        {hint !== '' ? (
          <div id={`${id}-hint`} className="small muted field-note">
            {hint}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** The select's value for "a path typed by hand". */
const TYPED = '\u0000typed';

/** A case file: one of the case's files, or a path typed by hand (a file the check will find once it exists). */
function CasePathInput(props: {
  common: { id: string; disabled: boolean; 'aria-required': boolean | undefined; 'aria-describedby': string | undefined };
  name: string;
  value: string;
  onChange(text: string): void;
  files: readonly CaseFileView[] | null;
  onAddFile?: () => void;
}) {
  const { value, files } = props;
  const addFile =
    props.onAddFile !== undefined ? (
      <button
        type="button"
        className="btn btn-small btn-quiet add-file"
        onClick={props.onAddFile}
        disabled={props.common.disabled}
        aria-label={`Add a file to the case for ${props.name}`}
        data-testid={`add-file-for-${props.name}`}
      >
        Add a file…
      </button>
    ) : null;
  const listed = files?.some((f) => f.path === value) ?? false;
  const [typing, setTyping] = useState(false);
  const typed = files === null || typing || (value !== '' && !listed);
  const pathInput = (
    <input
      type="text"
      className="mono"
      value={value}
      onChange={(e) => {
        // Once typed in, the field stays a typed path (even when cleared) until a file is chosen.
        setTyping(true);
        props.onChange(e.target.value);
      }}
      aria-label={`${props.name}: path inside the case`}
      aria-describedby={props.common['aria-describedby']}
      disabled={props.common.disabled}
      placeholder="path inside the case, e.g. tables/data.csv"
      spellCheck={false}
      data-testid={`case-path-typed-${props.name}`}
    />
  );
  if (files === null)
    return (
      <div className="case-path">
        {pathInput}
        {addFile}
      </div>
    );
  return (
    <div className="case-path">
      <select
        {...props.common}
        value={typed ? TYPED : value}
        onChange={(e) => {
          if (e.target.value === TYPED) {
            setTyping(true);
            return;
          }
          setTyping(false);
          props.onChange(e.target.value);
        }}
      >
        <option value="">choose a file of the case…</option>
        {files.map((f) => (
          <option key={f.path} value={f.path}>
            {f.path} ({formatBytes(f.size)})
          </option>
        ))}
        <option value={TYPED}>another path (type it)…</option>
      </select>
      {typed ? pathInput : null}
      {listed ? <ViewFileButton path={value} what={props.name} disabled={props.common.disabled} /> : null}
      {addFile}
    </div>
  );
}

/** A column of a case table: a select of its header; a value the table lacks stays, marked, so the reviewer sees why it is refused. */
function ColumnSelect(props: {
  common: { id: string; disabled: boolean; 'aria-required': boolean | undefined; 'aria-describedby': string | undefined };
  name: string;
  value: string;
  onChange(text: string): void;
  table: { path: string; columns: readonly string[] };
  required: boolean;
}) {
  const { options, unknown } = columnChoices(props.table.columns, props.value);
  return (
    <div className="column-select">
      <select
        {...props.common}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-invalid={unknown !== null || undefined}
        data-testid={`column-${props.name}`}
      >
        <option value="">{props.required ? `choose a column of ${props.table.path}…` : 'not set'}</option>
        {options.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
        {unknown !== null ? <option value={unknown}>{`${unknown} (not a column of the table)`}</option> : null}
      </select>
      {unknown !== null ? (
        <div className="small error-text" role="alert" data-testid={`column-unknown-${props.name}`}>
          {props.table.path} has no column “{unknown}” (columns: {props.table.columns.join(', ')}): choose one.
        </div>
      ) : null}
    </div>
  );
}
