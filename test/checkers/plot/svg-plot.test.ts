import { describe, it, expect } from 'vitest';
import { plotSvg } from '../../../checkers/plot/svg-plot';

describe('plotSvg', () => {
  const points = [2, 4, 8, 16, 32, 64].map((x) => ({ x, y: Math.log(x), se: 0.1 }));
  const svg = plotSvg({
    title: 'a < b & c',
    xLabel: 'k',
    yLabel: 'ratio - H_k',
    points,
    curves: [
      { label: 'log', f: Math.log },
      { label: 'const', f: () => 2 },
    ],
  });

  it('is an SVG document with one circle per point, one error bar per point with se, one path per curve', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(points.length + 1); // + legend marker
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain('a &lt; b &amp; c');
    expect(svg).toContain('(log scale)');
  });

  it('places larger y higher (smaller pixel y) and error bars span y ± se', () => {
    const cy = [...svg.matchAll(/<circle cx="([\d.]+)" cy="([\d.]+)" r="3" fill="#222"\/>/g)]
      .slice(0, points.length)
      .map((m) => Number(m[2]));
    for (let i = 1; i < cy.length; i++) expect(cy[i]!).toBeLessThan(cy[i - 1]!);
    const bar = /<line x1="([\d.]+)" y1="([\d.]+)" x2="[\d.]+" y2="([\d.]+)" stroke="#222"\/>/.exec(svg)!;
    const c0 = cy[0]!;
    expect(Math.abs((Number(bar[2]) + Number(bar[3])) / 2 - c0)).toBeLessThan(0.02);
  });

  it('uses a linear x axis for a narrow range and survives a single point', () => {
    const lin = plotSvg({
      title: 't',
      xLabel: 'x',
      yLabel: 'y',
      points: [
        { x: 1, y: 1 },
        { x: 3, y: 2 },
      ],
    });
    expect(lin).not.toContain('(log scale)');
    expect(plotSvg({ title: 't', xLabel: 'x', yLabel: 'y', points: [{ x: 1, y: 1 }] })).not.toContain('NaN');
  });
});

describe('plotSvg doc example', () => {
  it('starts with <svg xmlns= and has one circle per point plus the legend marker', () => {
    const svg = plotSvg({
      title: 't',
      xLabel: 'k',
      yLabel: 'y',
      points: [
        { x: 1, y: 1 },
        { x: 2, y: 2 },
      ],
    });
    expect(svg.startsWith('<svg xmlns=')).toBe(true);
    expect(svg.match(/<circle /g)).toHaveLength(3);
  });
});

describe('plotSvg on many points', () => {
  it('draws 500,000 points without overflowing the stack (no spread into Math.min)', () => {
    const points = Array.from({ length: 500_000 }, (_, i) => ({ x: i + 1, y: Math.log(i + 1) }));
    expect(plotSvg({ title: 'many', xLabel: 'x', yLabel: 'y', points }).startsWith('<svg')).toBe(true);
  });
});
