/**
 * Where the two images of an item are looked at: side by side, blink (one place, the two images in turn) or their
 * difference, all fitted into boxes of one size and under one zoom and pan (view-transform.ts): the wheel zooms
 * about the cursor, a drag pans, in either box, and both move together. Reports once both images are painted
 * (`onShown`), which is when an answer's time starts.
 */
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type CSSProperties,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { DifferenceCanvas, type DifferenceStats } from './DifferenceCanvas';
import type { ReviewView } from './review-commands';
import { panBy, zoomAt, type ViewTransform } from './view-transform';

export type Side = 'left' | 'right';

/** The transforms are kept in units of the box (0..1), so they survive a resize and fit both boxes alike. */
const UNIT = { width: 1, height: 1 };

export interface PairStageProps {
  index: number;
  left: string;
  right: string;
  /** The images' size in pixels (the core checks that the two agree). */
  width: number;
  height: number;
  view: ReviewView;
  blinkSide: Side;
  transform: ViewTransform;
  onTransform(t: ViewTransform): void;
  gain: number;
  onDifference(stats: DifferenceStats | null, error: string | null): void;
  onShown(index: number): void;
}

function useSize(ref: RefObject<HTMLElement | null>): { width: number; height: number } {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return size;
}

export function PairStage(props: PairStageProps) {
  const stage = useRef<HTMLDivElement>(null);
  const avail = useSize(stage);
  const { index, onShown, transform, onTransform } = props;
  const boxes = props.view === 'side-by-side' ? 2 : 1;
  const GAP = 12;
  const LABEL = 22;
  const aw = Math.max(0, (avail.width - GAP * (boxes - 1)) / boxes);
  const ah = Math.max(0, avail.height - LABEL);
  const aspect = props.width / Math.max(1, props.height);
  const bw = Math.floor(Math.min(aw, ah * aspect));
  const bh = Math.floor(bw / aspect);
  // Pixels are shown as squares once each covers two screen pixels: banding and posterisation stay visible.
  const pixelated = (bw / Math.max(1, props.width)) * transform.scale >= 2;

  // Both images loaded (they stay in the page in every view) and painted: the answer's clock starts.
  const loaded = useRef<{ index: number; left: boolean; right: boolean }>({ index, left: false, right: false });
  if (loaded.current.index !== index) loaded.current = { index, left: false, right: false };
  const onLoad = (side: Side) => {
    loaded.current = { ...loaded.current, [side]: true };
    if (loaded.current.left && loaded.current.right) requestAnimationFrame(() => onShown(index));
  };
  const imgs = useRef<Record<Side, HTMLImageElement | null>>({ left: null, right: null });
  useEffect(() => {
    // An image already complete before its load handler was attached.
    for (const side of ['left', 'right'] as const) {
      const img = imgs.current[side];
      if (img !== null && img.complete && img.naturalWidth > 0 && !loaded.current[side]) onLoad(side);
    }
  });

  // Wheel zoom about the cursor (a native listener: React's is passive and cannot keep the page from scrolling).
  const latest = useRef(transform);
  latest.current = transform;
  useEffect(() => {
    const el = stage.current;
    if (el === null) return;
    const wheel = (e: WheelEvent) => {
      const box = (e.target as Element).closest<HTMLElement>('.review-box-frame');
      if (box === null) return;
      e.preventDefault();
      const r = box.getBoundingClientRect();
      onTransform(
        zoomAt(latest.current, Math.exp(-e.deltaY * 0.0015), (e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height, UNIT),
      );
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, [onTransform]);

  const drag = useRef<{ x: number; y: number; w: number; h: number } | null>(null);
  const onPointerDown = useCallback((e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const r = e.currentTarget.getBoundingClientRect();
    drag.current = { x: e.clientX, y: e.clientY, w: r.width, h: r.height };
    e.currentTarget.setPointerCapture(e.pointerId);
  }, []);
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d === null) return;
    onTransform(panBy(latest.current, (e.clientX - d.x) / d.w, (e.clientY - d.y) / d.h, UNIT));
    drag.current = { ...d, x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  const inner: CSSProperties = {
    width: bw,
    height: bh,
    transform: `translate(${transform.x * bw}px, ${transform.y * bh}px) scale(${transform.scale})`,
    imageRendering: pixelated ? 'pixelated' : 'auto',
  };
  const frame = (key: string, label: string, content: ReactNode, testId: string) => (
    <figure className="review-box" key={key} data-testid={testId}>
      <figcaption className="review-box-label">{label}</figcaption>
      <div
        className={`review-box-frame${transform.scale > 1 ? ' zoomed' : ''}`}
        style={{ width: bw, height: bh }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onDoubleClick={() => onTransform({ scale: 1, x: 0, y: 0 })}
      >
        <div className="review-box-inner" style={inner}>
          {content}
        </div>
      </div>
    </figure>
  );
  const img = (side: Side, hidden: boolean) => (
    <img
      key={side}
      ref={(el) => {
        imgs.current[side] = el;
      }}
      className="review-image"
      src={props[side]}
      alt={`${side === 'left' ? 'Left' : 'Right'} image of the pair`}
      draggable={false}
      onLoad={() => onLoad(side)}
      style={hidden ? { visibility: 'hidden' } : undefined}
      data-side={side}
      data-testid={`review-image-${side}`}
    />
  );

  return (
    <div className="review-stage" ref={stage} data-view={props.view} data-scale={transform.scale.toFixed(3)}>
      {props.view === 'side-by-side' ? (
        <>
          {frame('left', 'Left', img('left', false), 'review-box-left')}
          {frame('right', 'Right', img('right', false), 'review-box-right')}
        </>
      ) : null}
      {props.view === 'blink'
        ? frame(
            'blink',
            `Blink: showing the ${props.blinkSide} image`,
            <>
              {img('left', props.blinkSide !== 'left')}
              {img('right', props.blinkSide !== 'right')}
            </>,
            'review-box-blink',
          )
        : null}
      {props.view === 'difference'
        ? frame(
            'difference',
            `Difference |left − right| × ${props.gain} (not an image of the pair)`,
            <>
              {img('left', true)}
              {img('right', true)}
              <DifferenceCanvas left={props.left} right={props.right} gain={props.gain} onStats={props.onDifference} />
            </>,
            'review-box-difference',
          )
        : null}
    </div>
  );
}
