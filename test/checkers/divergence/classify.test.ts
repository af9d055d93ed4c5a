import { describe, expect, it } from 'vitest';
import { DIVERGENCE_CANDIDATES, float64Candidate } from '../../../checkers/divergence/candidates';
import { classifyDivergence, divergenceReferences, theoryMismatch } from '../../../checkers/divergence/classify';
import { makeProbes } from '../../../checkers/divergence/probes';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';

const P = createPrecise({ digits: 40, mpfr: await loadMpfr() });
const probes = makeProbes(20261129, 48);
const refs = divergenceReferences(P, probes);

describe('makeProbes', () => {
  it('is deterministic, strictly positive, normalised, and covers every shape and many sizes', () => {
    expect(makeProbes(20261129, 48)).toEqual(probes);
    expect(makeProbes(7, 4)).not.toEqual(makeProbes(8, 4));
    for (const { p, q } of probes) {
      expect(p.length).toBe(q.length);
      for (const v of [p, q]) {
        expect(Math.min(...v)).toBeGreaterThan(0);
        expect(Math.abs(v.reduce((a, b) => a + b, 0) - 1)).toBeLessThan(1e-12);
      }
    }
    const shapes = new Set(probes.flatMap((pr) => pr.shapes));
    expect([...shapes].sort()).toEqual(['flat', 'peaked', 'random', 'sparse']);
    expect(new Set(probes.map((pr) => pr.p.length)).size).toBeGreaterThanOrEqual(10);
  });
});

describe('classifyDivergence', () => {
  it('recognises each candidate computed in float64, with a tiny worst error for it and a large one for the others', () => {
    for (const name of DIVERGENCE_CANDIDATES) {
      const outputs = probes.map(({ p, q }) => float64Candidate(name, p, q));
      const c = classifyDivergence(P, probes, outputs, undefined, refs);
      expect(c.verdict).toBe(name);
      expect(c.candidates[0]?.maxRelError).toBeLessThan(1e-12);
      expect(c.candidates[1]?.maxRelError).toBeGreaterThan(1e-2);
    }
  });

  it('float32 rounding of the result still classifies; a mean instead of a sum, or clamped logs, do not', () => {
    const fround = probes.map(({ p, q }) => Math.fround(float64Candidate('reverse-kl', p, q)));
    expect(classifyDivergence(P, probes, fround, undefined, refs).verdict).toBe('reverse-kl');
    const mean = probes.map(({ p, q }) => float64Candidate('forward-kl', p, q) / p.length);
    expect(classifyDivergence(P, probes, mean, undefined, refs).verdict).toBe('unknown');
    const clamped = probes.map(({ p, q }) => p.reduce((s, pi, i) => s + pi * Math.log(pi / Math.max(q[i] ?? 0, 1e-3)), 0));
    const c = classifyDivergence(P, probes, clamped, undefined, refs);
    expect(c.verdict).toBe('unknown');
    expect(c.candidates[0]?.name).toBe('forward-kl'); // nearest, but outside the tolerance
  });

  it('a non-number output makes every error infinite', () => {
    const outputs = probes.map(({ p, q }, i) => (i === 3 ? null : float64Candidate('js', p, q)));
    const c = classifyDivergence(P, probes, outputs, undefined, refs);
    expect(c.verdict).toBe('unknown');
    expect(c.candidates.every((f) => f.maxRelError === Infinity)).toBe(true);
  });

  it('theoryMismatch', () => {
    expect(theoryMismatch('reverse-kl', 'forward-kl')).toBe(true);
    expect(theoryMismatch('reverse-kl', 'reverse-kl')).toBe(false);
    expect(theoryMismatch('reverse-kl', 'unknown')).toBe(true);
    expect(theoryMismatch(undefined, 'js')).toBeNull();
  });
});
