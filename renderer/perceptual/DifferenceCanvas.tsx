/**
 * The difference view: |left − right| per pixel and colour channel, amplified by a gain, drawn on a canvas at the
 * images' own size (difference.ts), with its numbers computed from the same pixels. Labelled as a difference so
 * it is never read as one of the images.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { differenceImage, type DifferenceImage } from './difference';

async function pixels(url: string): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const img = new Image();
  img.src = url;
  await img.decode();
  const c = document.createElement('canvas');
  c.width = img.naturalWidth;
  c.height = img.naturalHeight;
  const ctx = c.getContext('2d', { willReadFrequently: true });
  if (ctx === null) throw new Error('difference: no 2D canvas in this browser');
  ctx.drawImage(img, 0, 0);
  return { data: ctx.getImageData(0, 0, c.width, c.height).data, width: c.width, height: c.height };
}

export interface DifferenceStats extends Omit<DifferenceImage, 'rgba'> {
  readonly pixels: number;
}

export function DifferenceCanvas(props: {
  left: string;
  right: string;
  gain: number;
  onStats(stats: DifferenceStats | null, error: string | null): void;
  style?: CSSProperties;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const { left, right, gain, onStats } = props;
  useEffect(() => {
    let live = true;
    Promise.all([pixels(left), pixels(right)]).then(
      ([l, r]) => {
        if (!live) return;
        if (l.width !== r.width || l.height !== r.height) {
          onStats(null, `the two images differ in size (${l.width}×${l.height} and ${r.width}×${r.height}): no difference is drawn`);
          return;
        }
        const d = differenceImage(l.data, r.data, l.width, l.height, gain);
        const c = canvas.current;
        const ctx = c?.getContext('2d');
        if (c === null || c === undefined || ctx === null || ctx === undefined) return;
        c.width = l.width;
        c.height = l.height;
        ctx.putImageData(new ImageData(new Uint8ClampedArray(d.rgba), l.width, l.height), 0, 0);
        setSize({ width: l.width, height: l.height });
        onStats({ max: d.max, mean: d.mean, changed: d.changed, pixels: l.width * l.height }, null);
      },
      (e: unknown) => live && onStats(null, (e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [left, right, gain, onStats]);
  return (
    <canvas
      ref={canvas}
      className="review-image"
      style={props.style}
      data-testid="review-difference"
      data-width={size?.width}
      role="img"
      aria-label={`Difference |left − right| amplified ×${gain}`}
    />
  );
}
