/**
 * Classifies an unknown loss `(p, q) => number` from its outputs on probe pairs: for each candidate
 * divergence, the worst relative error of the outputs against the candidate's high-precision reference;
 * the verdict is the candidate within `tolerance` (the best one if several are), else `unknown`.
 */
import type Decimal from 'decimal.js';
import type { Precise } from '../precise/precise';
import { DIVERGENCE_CANDIDATES, preciseCandidate, type DivergenceCandidate, type DivergenceVerdict } from './candidates';
import type { Probe } from './probes';

/** How well one candidate explains the outputs. `maxRelError` is Infinity when an output is not a finite number. */
export interface CandidateFit {
  readonly name: DivergenceCandidate;
  readonly maxRelError: number;
  /** Index of the probe where the worst error occurred. */
  readonly worstProbe: number;
}

export interface DivergenceClassification {
  readonly verdict: DivergenceVerdict;
  /** Every candidate, best first. */
  readonly candidates: readonly CandidateFit[];
  readonly tolerance: number;
}

/** Default tolerance on the worst relative error: float64 code is ~1e-14 off; float32 or clamped logs are not. */
export const DEFAULT_TOLERANCE = 1e-6;

/** |y - r| / |r| in high precision (absolute error when r = 0), as a double; Infinity for a non-finite y. */
function relativeError(P: Precise, y: number | null, r: Decimal): number {
  if (y === null || !Number.isFinite(y)) return Infinity;
  const diff = P.fromFloat64(y).sub(r).abs();
  return r.isZero() ? diff.toNumber() : diff.div(r.abs()).toNumber();
}

/** High-precision reference of every candidate on every probe: `refs[name][i]`. Reuse it across classifications. */
export type DivergenceReferences = Readonly<Record<DivergenceCandidate, readonly Decimal[]>>;

/** Computes the reference table (4 x probes MPFR evaluations). */
export function divergenceReferences(P: Precise, probes: readonly Probe[]): DivergenceReferences {
  const table = {} as Record<DivergenceCandidate, Decimal[]>;
  for (const name of DIVERGENCE_CANDIDATES) table[name] = probes.map((probe) => preciseCandidate(P, name, probe.p, probe.q));
  return table;
}

/**
 * Classifies outputs (one per probe, null for a non-number) against every candidate.
 * Example: outputs equal to sum p ln(p/q) on each probe give verdict `forward-kl` with maxRelError ~1e-16.
 */
export function classifyDivergence(
  P: Precise,
  probes: readonly Probe[],
  outputs: readonly (number | null)[],
  tolerance = DEFAULT_TOLERANCE,
  refs: DivergenceReferences = divergenceReferences(P, probes),
): DivergenceClassification {
  if (outputs.length !== probes.length) throw new RangeError(`classifyDivergence: ${outputs.length} outputs for ${probes.length} probes`);
  const fits: CandidateFit[] = DIVERGENCE_CANDIDATES.map((name) => {
    let maxRelError = 0;
    let worstProbe = 0;
    probes.forEach((_probe, i) => {
      const r = refs[name][i];
      if (r === undefined) throw new RangeError(`classifyDivergence: no reference for probe ${i}`);
      const e = relativeError(P, outputs[i] ?? null, r);
      if (e > maxRelError || Number.isNaN(e)) {
        maxRelError = Number.isNaN(e) ? Infinity : e;
        worstProbe = i;
      }
    });
    return { name, maxRelError, worstProbe };
  });
  fits.sort((a, b) => a.maxRelError - b.maxRelError);
  const best = fits[0];
  const verdict: DivergenceVerdict = best !== undefined && best.maxRelError <= tolerance ? best.name : 'unknown';
  return { verdict, candidates: fits, tolerance };
}

/**
 * Whether the code's divergence differs from the one the theory analyses: null when no theory is named.
 * `unknown` differs from every named theory. Example: `theoryMismatch('reverse-kl', 'forward-kl')` is true.
 */
export function theoryMismatch(theory: DivergenceVerdict | undefined, verdict: DivergenceVerdict): boolean | null {
  return theory === undefined ? null : verdict !== theory;
}
