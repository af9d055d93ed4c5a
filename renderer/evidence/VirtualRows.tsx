/**
 * A scrolling list that renders only the rows in view (plus a few on each side): a 100,000-row table keeps a
 * few dozen rows in the DOM whatever the scroll position. Rows have one fixed height in pixels; an optional
 * header stays at the top. Keyboard: the list is focusable, so arrows, Page Up/Down, Home and End scroll it.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { visibleRows } from './virtual';

const OVERSCAN = 12;
/** Height of the header row, in pixels (as in app.css). */
const HEADER_HEIGHT = 22;

export function VirtualRows(props: {
  count: number;
  rowHeight: number;
  /** Width of a row (CSS length), so that a wide table scrolls sideways as one block. */
  width?: string;
  header?: ReactNode;
  renderRow(index: number): ReactNode;
  label: string;
  testId?: string;
}) {
  const { count, rowHeight } = props;
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (el === null) return;
    setViewport(el.clientHeight);
    const observer = new ResizeObserver(() => setViewport(el.clientHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useEffect(
    () => () => {
      if (frame.current !== null) cancelAnimationFrame(frame.current);
    },
    [],
  );

  // One state update per animation frame, however many scroll events arrive.
  const onScroll = useCallback(() => {
    if (frame.current !== null) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = null;
      if (box.current !== null) setScrollTop(box.current.scrollTop);
    });
  }, []);

  const { first, last } = visibleRows({ scrollTop, viewport, rowHeight, count, overscan: OVERSCAN });
  const rows: ReactNode[] = [];
  for (let i = first; i < last; i++) {
    rows.push(
      <div
        key={i}
        className={i % 2 === 1 ? 'vrow vrow-odd' : 'vrow'}
        role="row"
        aria-rowindex={i + 2}
        style={{ top: i * rowHeight, height: rowHeight }}
      >
        {props.renderRow(i)}
      </div>,
    );
  }
  return (
    <div
      ref={box}
      className="virtual-rows"
      style={{ height: `min(60vh, 560px, ${count * rowHeight + (props.header !== undefined ? HEADER_HEIGHT : 0) + 20}px)` }}
      tabIndex={0}
      role="grid"
      aria-label={props.label}
      aria-rowcount={count + 1}
      onScroll={onScroll}
      data-testid={props.testId}
      data-rows={count}
      data-first={first}
      data-last={last}
    >
      <div className="virtual-rows-inner" style={{ width: props.width }}>
        {props.header !== undefined ? (
          <div className="vhead" role="row" aria-rowindex={1}>
            {props.header}
          </div>
        ) : null}
        <div className="vbody" style={{ height: count * rowHeight }}>
          {rows}
        </div>
      </div>
    </div>
  );
}
