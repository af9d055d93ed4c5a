// The reports' static drawing of figure specs (common/figures/svg.ts): well-formed SVG whatever the numbers, every
// drawable point drawn where its value says, nothing not finite drawn, every label escaped.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { figureSvg } from '../../../common/figures/svg';
import { assertWellFormed } from '../../helpers/svg-well-formed';
import type { BarSpec, XYLayer, XYSpec } from '../../../common/figures/spec';

const circles = (svg: string): { cx: number; cy: number; fill: string }[] =>
  [...svg.matchAll(/<circle cx="([^"]+)" cy="([^"]+)" r="3\.5" fill="([^"]+)"/g)].map((m) => ({
    cx: Number(m[1]),
    cy: Number(m[2]),
    fill: m[3]!,
  }));

const xy = (layers: XYLayer[], more: Partial<XYSpec> = {}): XYSpec => ({
  type: 'xy',
  id: 'f',
  title: 'a title',
  caption: 'a caption',
  x: { label: 'k' },
  y: { label: 'y' },
  layers,
  ...more,
});

describe('figureSvg', () => {
  it('draws each point where its value says: x increasing to the right, y increasing upwards', () => {
    const svg = figureSvg(xy([{ label: 'data', style: 'points', tone: 1, x: [1, 2, 3, 4], y: [10, 30, 20, 40] }]));
    assertWellFormed(svg);
    const dots = circles(svg).filter((c) => c.cx <= 560); // the plot area (the legend's dot is right of it)
    expect(dots).toHaveLength(4);
    for (let i = 1; i < 4; i++) expect(dots[i]!.cx).toBeGreaterThan(dots[i - 1]!.cx);
    expect(dots.map((d) => d.cy).sort((a, b) => a - b)).toEqual([dots[3]!.cy, dots[1]!.cy, dots[2]!.cy, dots[0]!.cy]);
    // Equal x steps give equal pixel steps on a linear axis.
    expect(dots[2]!.cx - dots[1]!.cx).toBeCloseTo(dots[1]!.cx - dots[0]!.cx, 1);
  });

  it('puts doublings at equal distances on a log axis and leaves out what a log axis cannot show, saying how many', () => {
    const svg = figureSvg(
      xy([{ label: 'sweep', style: 'points', tone: 2, x: [0, 16, 32, 64, 128], y: [1, 2, 3, 4, 5] }], { x: { label: 'k', log: true } }),
    );
    assertWellFormed(svg);
    const dots = circles(svg).filter((c) => c.cx <= 560);
    expect(dots).toHaveLength(4);
    expect(dots[1]!.cx - dots[0]!.cx).toBeCloseTo(dots[3]!.cx - dots[2]!.cx, 1);
    expect(svg).toContain('1 not drawn: not finite or ≤ 0');
  });

  it('escapes every label, title and caption', () => {
    const evil = '<script>alert("x")</script> & \'';
    const svg = figureSvg(
      xy([{ label: evil, style: 'line', tone: 1, x: [1, 2], y: [1, 2] }], {
        title: evil,
        caption: evil,
        hlines: [{ y: 1.5, label: evil }],
        markers: [{ x: 1.5, label: evil, tone: 3 }],
        band: { from: 1.2, label: evil },
      }),
    );
    assertWellFormed(svg);
    expect(svg).not.toContain('<script');
    expect(svg).toContain('&#60;script&#62;');
  });

  it('draws bars from zero with their whiskers, and the reference lines', () => {
    const spec: BarSpec = {
      type: 'bars',
      id: 'b',
      title: 'bars',
      caption: 'c',
      categories: ['a', 'b'],
      series: [{ label: 's', tone: 1, values: [2, -1], intervals: [[1, 3], null] }],
      interval: '95% interval',
      value: { label: 'v' },
      refs: [{ value: 1, label: 'claimed' }],
    };
    const svg = figureSvg(spec);
    assertWellFormed(svg);
    const rects = [...svg.matchAll(/<rect x="([^"]+)" y="([^"]+)" width="([^"]+)" height="([^"]+)" fill="#2f5fb3"/g)].map((m) => ({
      y: Number(m[2]),
      h: Number(m[4]),
    }));
    expect(rects).toHaveLength(3); // two bars and the legend's box
    // The bar of 2 rises from the zero line twice as far as the bar of -1 falls below it.
    expect(rects[0]!.h / rects[1]!.h).toBeCloseTo(2, 1);
    expect(rects[0]!.y + rects[0]!.h).toBeCloseTo(rects[1]!.y, 1);
    expect(svg).toContain('claimed');
    expect(svg).toContain('whiskers: 95% interval');
  });

  const num = fc.oneof(
    fc.double({ noNaN: false }),
    fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, 1e-300, 1e300),
  );
  it('is well-formed for any numbers, draws exactly the finite (and, on a log axis, positive) points, and never writes NaN or Infinity', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.tuple(num, num), { maxLength: 12 }), { minLength: 1, maxLength: 3 }),
        fc.boolean(),
        fc.boolean(),
        (layers, xLog, yLog) => {
          const spec = xy(
            layers.map((pts, i) => ({
              label: `L${i}`,
              style: 'points' as const,
              tone: 1 as const,
              x: pts.map((p) => p[0]),
              y: pts.map((p) => p[1]),
            })),
            { x: { label: 'x', log: xLog }, y: { label: 'y', log: yLog } },
          );
          const svg = figureSvg(spec);
          assertWellFormed(svg);
          expect(svg).not.toMatch(/NaN|Infinity/);
          const drawable = layers
            .flat()
            .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y) && (!xLog || x > 0) && (!yLog || y > 0));
          expect(circles(svg).length).toBe(drawable.length + layers.length);
        },
      ),
      { numRuns: 300, seed: 20261202 },
    );
  });
});
