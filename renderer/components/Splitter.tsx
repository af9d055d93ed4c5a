/**
 * A drag handle between two panes. Reports the pointer movement in pixels along its axis; the parent turns
 * it into sizes. Keyboard: arrow keys move by 16 px, so the layout is adjustable without a mouse.
 */
import { useRef } from 'react';

/** `position`: where the boundary is, as a percentage of the space it divides (aria-valuenow of a focusable separator). */
export function Splitter(props: { axis: 'x' | 'y'; onMove(deltaPx: number): void; label: string; position: number }) {
  const last = useRef<number | null>(null);
  const { axis, onMove } = props;
  return (
    <div
      className={`splitter splitter-${axis}`}
      role="separator"
      aria-orientation={axis === 'x' ? 'vertical' : 'horizontal'}
      aria-label={props.label}
      aria-valuenow={Math.round(props.position)}
      aria-valuemin={0}
      aria-valuemax={100}
      tabIndex={0}
      onPointerDown={(e) => {
        (e.target as HTMLElement).setPointerCapture(e.pointerId);
        last.current = axis === 'x' ? e.clientX : e.clientY;
      }}
      onPointerMove={(e) => {
        if (last.current === null) return;
        const pos = axis === 'x' ? e.clientX : e.clientY;
        const d = pos - last.current;
        if (d !== 0) {
          last.current = pos;
          onMove(d);
        }
      }}
      onPointerUp={() => {
        last.current = null;
      }}
      onKeyDown={(e) => {
        const back = axis === 'x' ? 'ArrowLeft' : 'ArrowUp';
        const fwd = axis === 'x' ? 'ArrowRight' : 'ArrowDown';
        if (e.key === back) onMove(-16);
        if (e.key === fwd) onMove(16);
      }}
    />
  );
}
