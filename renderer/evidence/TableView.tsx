/**
 * A CSV or JSON Lines file as a table: a line-number column (the row's line in the file), one column per
 * header field, only the rows in view rendered (VirtualRows). Column widths come from the header and a sample
 * of rows, in `ch` of the monospace font; a longer cell is cut with an ellipsis and shown whole on hover.
 */
import { useMemo } from 'react';
import type { TableRow } from './csv';
import { VirtualRows } from './VirtualRows';

const ROW_HEIGHT = 22;
const SAMPLE = 400;
const MIN_CH = 4;
const MAX_CH = 40;

function columnWidths(columns: readonly string[], rows: readonly TableRow[]): number[] {
  const widths = columns.map((c) => Math.min(MAX_CH, Math.max(MIN_CH, c.length)));
  const sample = rows.length <= 2 * SAMPLE ? rows : [...rows.slice(0, SAMPLE), ...rows.slice(-SAMPLE)];
  for (const r of sample) r.values.forEach((v, i) => (widths[i] = Math.min(MAX_CH, Math.max(widths[i] ?? MIN_CH, v.length))));
  return widths;
}

export function TableView(props: { columns: readonly string[]; rows: readonly TableRow[]; label: string }) {
  const { columns, rows } = props;
  const widths = useMemo(() => columnWidths(columns, rows), [columns, rows]);
  const lineCh = Math.max(4, String(rows.at(-1)?.line ?? 1).length + 1);
  // Each cell has 1ch of padding on each side and a 1px border (inside its width: border-box).
  const template = [lineCh, ...widths].map((w) => `calc(${w + 2}ch + 2px)`).join(' ');
  const width = `calc(${[lineCh, ...widths].reduce((a, w) => a + w + 2, 0)}ch + ${2 * (widths.length + 1) + 2}px)`;
  return (
    <VirtualRows
      count={rows.length}
      rowHeight={ROW_HEIGHT}
      width={width}
      label={props.label}
      testId="table-view"
      header={
        <div className="vgrid" style={{ gridTemplateColumns: template }}>
          <span className="vcell vline" role="columnheader">
            line
          </span>
          {columns.map((c, i) => (
            <span key={i} className="vcell" role="columnheader" title={c}>
              {c}
            </span>
          ))}
        </div>
      }
      renderRow={(i) => {
        const r = rows[i]!;
        return (
          <div className="vgrid" style={{ gridTemplateColumns: template }} data-line={r.line}>
            <span className="vcell vline" role="rowheader">
              {r.line}
            </span>
            {r.values.map((v, j) => (
              <span key={j} className="vcell" role="gridcell" title={v.length > (widths[j] ?? 0) ? v : undefined}>
                {v}
              </span>
            ))}
          </div>
        );
      }}
    />
  );
}
