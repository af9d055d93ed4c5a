/**
 * Figure of a `kl-mode-fit` check: the teacher's density (a mixture of normals) and the two students, the
 * normal fitted by forward KL and the one fitted by reverse KL, on the check's grid.
 */
import { arr, num, obj, short, type Json } from '../read';
import type { FigureSpec } from '../spec';

/** Density of N(mean, sd²) at x. */
function normal(x: number, mean: number, sd: number): number {
  const z = (x - mean) / sd;
  return Math.exp(-0.5 * z * z) / (sd * Math.sqrt(2 * Math.PI));
}

const nums = (v: unknown): number[] | undefined => {
  const a = arr(v);
  return a !== undefined && a.every((x) => num(x) !== undefined) ? (a as number[]) : undefined;
};

export function klModeFitFigures(e: Json): FigureSpec[] {
  const teacher = obj(e.teacher);
  const grid = obj(e.grid);
  const fits = obj(e.fits);
  const w = nums(teacher?.weights);
  const mu = nums(teacher?.means);
  const sd = nums(teacher?.sds);
  const lo = num(grid?.min);
  const hi = num(grid?.max);
  const count = num(grid?.points);
  const fwd = obj(fits?.['forward-kl']);
  const rev = obj(fits?.['reverse-kl']);
  if (
    !w ||
    !mu ||
    !sd ||
    w.length !== mu.length ||
    w.length !== sd.length ||
    lo === undefined ||
    hi === undefined ||
    count === undefined ||
    count < 2
  )
    return [];
  const xs = Array.from({ length: count }, (_, i) => lo + (i * (hi - lo)) / (count - 1));
  const teacherY = xs.map((x) => w.reduce((s, wi, i) => s + wi * normal(x, mu[i]!, sd[i]!), 0));
  const students = [
    { key: 'forward KL', fit: fwd, tone: 2 as const },
    { key: 'reverse KL', fit: rev, tone: 3 as const },
  ].flatMap((s) => {
    const m = num(s.fit?.mean);
    const d = num(s.fit?.sd);
    return m !== undefined && d !== undefined && d > 0 ? [{ ...s, m, d }] : [];
  });
  const mixture = w.map((wi, i) => `${short(wi)}·N(${short(mu[i]!)}, ${short(sd[i]!)}²)`).join(' + ');
  return [
    {
      type: 'xy',
      id: 'densities',
      title: 'Teacher and the two students',
      caption:
        `Teacher: ${mixture}. ` +
        students.map((s) => `The normal fitted by ${s.key}: N(${short(s.m)}, ${short(s.d)}²)`).join('; ') +
        `. Forward KL spreads one normal over both modes; reverse KL locks onto one. Densities on the check's ${count}-point grid from ${lo} to ${hi}.`,
      x: { label: 'x' },
      y: { label: 'density' },
      layers: [
        { label: 'teacher', style: 'line', tone: 1, x: xs, y: teacherY },
        ...students.map((s) => ({
          label: `${s.key} student`,
          style: 'line' as const,
          tone: s.tone,
          x: xs,
          y: xs.map((x) => normal(x, s.m, s.d)),
        })),
      ],
      markers: students.map((s) => ({ x: s.m, label: `${s.key} mean ${short(s.m)}`, tone: s.tone })),
    },
  ];
}
