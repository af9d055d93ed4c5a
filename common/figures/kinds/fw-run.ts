/**
 * Figures of the fw-attention checks (`fw-certificate`, `fw-horizon-trap`, `fw-float-vs-exact`): a timeline
 * of the run's steps with the exact and float64 exits (and the claimed, asserted or short-horizon steps), and
 * the particles with their convex hull at the recorded steps, exact against float64, opening at the exit.
 */
import { arr, num, str, type Json } from '../read';
import type { FigureSpec, HullFrame, TimelineSpec } from '../spec';

function positions(v: unknown): number[][] | null {
  const rows = arr(v);
  if (rows === undefined) return null;
  const out: number[][] = [];
  for (const r of rows) {
    const xs = arr(r);
    if (xs === undefined || xs.length < 2 || !xs.every((x) => num(x) !== undefined)) return null;
    out.push(xs as number[]);
  }
  return out;
}

function framesOf(e: Json): HullFrame[] {
  return (arr(e.trajectory) ?? []).flatMap((f) => {
    const o = f as Json;
    const t = num(o?.t);
    if (t === undefined) return [];
    const exact = positions(o.exact);
    const float64 = positions(o.float64);
    return exact === null && float64 === null ? [] : [{ t, exact, float64 }];
  });
}

const stepText = (t: number | null, horizon: number): string => (t === null ? `none up to step ${horizon}` : `step ${t}`);

function timeline(e: Json, exact: number | null, float: number | null, horizon: number): TimelineSpec {
  const marks: TimelineSpec['marks'] = [];
  const ranges: TimelineSpec['ranges'] = [];
  if (exact !== null) marks.push({ t: exact, label: 'exact exit', tone: 1 });
  if (float !== null) marks.push({ t: float, label: 'float64 exit', tone: 2 });
  const claimed = num(e.claimedStep);
  if (claimed !== undefined && claimed > 0) marks.push({ t: claimed, label: 'claimed exit', tone: 3 });
  const asserted = num(e.assertedStep);
  if (asserted !== undefined) marks.push({ t: asserted, label: 'asserted exit', tone: 3 });
  const diverge = num(e.float64FirstArgminDivergence);
  if (diverge !== undefined) marks.push({ t: diverge, label: 'float64 first picks another j*', tone: 4 });
  const short = num(e.shortHorizon);
  if (short !== undefined) ranges.push({ from: 0, to: Math.min(short, horizon), label: `short check (${short} steps)`, tone: 4 });
  const shortNote =
    short !== undefined
      ? ` The shaded span is what a check stopped at ${short} steps sees${exact !== null && exact > short ? ': no exit' : ''}.`
      : '';
  return {
    type: 'timeline',
    id: 'timeline',
    title: 'When the origin leaves the hull: exact against float64',
    caption: `Steps 0 to ${horizon} of the run (c = ${num(e.c) ?? '?'}). First step with the origin outside the closed convex hull of the particles: exact ${stepText(exact, horizon)}, float64 ${stepText(float, horizon)}.${shortNote}`,
    horizon,
    unit: 'step',
    ranges,
    marks,
  };
}

export function fwRunFigures(e: Json): FigureSpec[] {
  const exact = num(e.firstExitStep) ?? num(e.exactFirstExitStep) ?? null;
  const float = num(e.float64FirstExitStep) ?? null;
  const frames = framesOf(e);
  const horizon = num(e.horizon) ?? num(e.claimedStep) ?? frames.at(-1)?.t;
  if (horizon === undefined) return [];
  const figures: FigureSpec[] = [timeline(e, exact, float, horizon)];
  if (frames.length > 0) {
    const at = (t: number | null): number => (t === null ? -1 : frames.findIndex((f) => f.t === t));
    const start = [at(exact), at(float), frames.length - 1].find((i) => i >= 0)!;
    const n = (frames[0]!.exact ?? frames[0]!.float64)!.length;
    const where = str(e.certificate) ?? str(e.config) ?? 'the run';
    figures.push({
      type: 'hull',
      id: 'hull',
      title: 'The particles and their convex hull, step by step',
      caption:
        `The ${n} particles of ${where} and their convex hull at ${frames.length} recorded steps (pick one with the slider): exact positions (rounded to float64 for drawing) as filled dots and a solid hull, ` +
        `the float64 run as rings and a dashed hull; the cross is the origin. The view is rescaled at each step (the particles contract). Exact exit: ${stepText(exact, horizon)}; float64 exit: ${stepText(float, horizon)}.`,
      frames,
      start,
      exactExit: exact,
      float64Exit: float,
    });
  }
  return figures;
}
