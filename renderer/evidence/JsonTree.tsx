/**
 * A JSON value pretty-printed as a tree whose objects and arrays fold: each has a toggle (a button with
 * aria-expanded) and, folded, a summary of its size. Two levels start unfolded; a long array or object shows
 * its first 200 members and a button for more. "Unfold all" is offered up to 20,000 values (beyond that,
 * unfolding everything would put more in the DOM than a reader can use).
 */
import { useState, type ReactNode } from 'react';

const OPEN_DEPTH = 2;
const PAGE = 200;
export const MAX_UNFOLD_ALL = 20_000;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Number of values in `v` (itself included), counting at most `stop`. */
export function countValues(v: unknown, stop = Infinity): number {
  let n = 0;
  const stack: unknown[] = [v];
  while (stack.length > 0 && n <= stop) {
    const x = stack.pop();
    n++;
    if (typeof x === 'object' && x !== null) stack.push(...Object.values(x));
  }
  return n;
}

export function JsonTree(props: { value: unknown }) {
  // Fold all / unfold all remount the tree with another starting depth.
  const [mode, setMode] = useState<{ depth: number; generation: number }>({ depth: OPEN_DEPTH, generation: 0 });
  const total = countValues(props.value, MAX_UNFOLD_ALL + 1);
  return (
    <div className="json-tree" data-testid="json-tree">
      <div className="json-tree-tools">
        <button type="button" className="btn btn-small" onClick={() => setMode((m) => ({ depth: 0, generation: m.generation + 1 }))}>
          Fold all
        </button>
        <button
          type="button"
          className="btn btn-small"
          disabled={total > MAX_UNFOLD_ALL}
          title={
            total > MAX_UNFOLD_ALL ? `More than ${MAX_UNFOLD_ALL.toLocaleString('en-US')} values: unfold the parts you need` : undefined
          }
          onClick={() => setMode((m) => ({ depth: Infinity, generation: m.generation + 1 }))}
        >
          Unfold all
        </button>
      </div>
      <div className="json-tree-body" tabIndex={0} aria-label="JSON tree">
        <Node key={mode.generation} name={null} value={props.value as Json} depth={0} openDepth={mode.depth} last />
      </div>
    </div>
  );
}

function Scalar({ value }: { value: Json }): ReactNode {
  if (value === null) return <span className="jv-null">null</span>;
  if (typeof value === 'string') return <span className="jv-string">{JSON.stringify(value)}</span>;
  if (typeof value === 'number') return <span className="jv-number">{JSON.stringify(value)}</span>;
  return <span className="jv-bool">{String(value)}</span>;
}

function Node(props: { name: string | null; value: Json; depth: number; openDepth: number; last: boolean }) {
  const { name, value, depth } = props;
  const [open, setOpen] = useState(depth < props.openDepth);
  const [shown, setShown] = useState(PAGE);
  const key = name !== null ? <span className="jv-key">{JSON.stringify(name)}: </span> : null;
  const comma = props.last ? '' : ',';
  if (typeof value !== 'object' || value === null) {
    return (
      <div className="jrow">
        {key}
        <Scalar value={value} />
        {comma}
      </div>
    );
  }
  const isArray = Array.isArray(value);
  const entries: [string | null, Json][] = isArray ? value.map((v) => [null, v]) : Object.entries(value);
  const [lb, rb] = isArray ? ['[', ']'] : ['{', '}'];
  const size = `${entries.length} ${isArray ? (entries.length === 1 ? 'item' : 'items') : entries.length === 1 ? 'key' : 'keys'}`;
  if (entries.length === 0) {
    return (
      <div className="jrow">
        {key}
        {lb}
        {rb}
        {comma}
      </div>
    );
  }
  const label = `${open ? 'Fold' : 'Unfold'} ${name !== null ? JSON.stringify(name) : depth === 0 ? 'the document' : 'this item'}`;
  const toggle = (
    <button type="button" className="jtoggle" aria-expanded={open} aria-label={label} onClick={() => setOpen(!open)}>
      {open ? '▾' : '▸'}
    </button>
  );
  if (!open) {
    return (
      <div className="jrow">
        {toggle}
        {key}
        {lb}
        <span className="jv-folded">…</span>
        {rb}
        {comma} <span className="muted jv-size">{size}</span>
      </div>
    );
  }
  return (
    <div className="jnode">
      <div className="jrow">
        {toggle}
        {key}
        {lb}
      </div>
      <div className="jchildren">
        {entries.slice(0, shown).map(([k, v], i) => (
          <Node key={k ?? i} name={k} value={v} depth={depth + 1} openDepth={props.openDepth} last={i === entries.length - 1} />
        ))}
        {entries.length > shown ? (
          <button type="button" className="btn btn-small btn-quiet" onClick={() => setShown((s) => s + PAGE)}>
            Show {Math.min(PAGE, entries.length - shown)} more of {entries.length - shown} remaining
          </button>
        ) : null}
      </div>
      <div className="jrow">
        {rb}
        {comma}
      </div>
    </div>
  );
}
