/** Text with line numbers, only the lines in view rendered (VirtualRows): a long log or source stays smooth. */
import { useMemo } from 'react';
import { VirtualRows } from './VirtualRows';

const ROW_HEIGHT = 18;
const MAX_WIDTH_CH = 4000;

export function TextView(props: { text: string; label: string }) {
  const lines = useMemo(() => {
    const ls = props.text.split(/\r\n|\n|\r/);
    // A final line break ends the last line; it does not start an empty one.
    if (ls.length > 1 && ls.at(-1) === '') ls.pop();
    return ls;
  }, [props.text]);
  const gutter = String(lines.length).length + 1;
  const widest = useMemo(
    () =>
      Math.min(
        MAX_WIDTH_CH,
        lines.reduce((m, l) => Math.max(m, l.length), 0),
      ),
    [lines],
  );
  return (
    <VirtualRows
      count={lines.length}
      rowHeight={ROW_HEIGHT}
      width={`calc(${gutter + widest + 4}ch + 16px)`}
      label={props.label}
      testId="text-view"
      renderRow={(i) => (
        <div className="tline" data-line={i + 1}>
          <span className="tline-no" style={{ width: `${gutter}ch` }} aria-hidden="true">
            {i + 1}
          </span>
          <span className="tline-text">{lines[i]}</span>
        </div>
      )}
    />
  );
}
