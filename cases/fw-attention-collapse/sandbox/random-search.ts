/**
 * The case's random search: a seeded family of small 2-D configurations (3 to 5 tokens, coordinates p/q with
 * |p| <= 3 and q <= 3, c in 1..60), each run exactly and in float64 to a horizon. It counts the configurations
 * that start with the origin in the hull, those whose origin leaves it (exact), and those where float64 and
 * exact disagree (first exit or first j*). Deterministic: a linear congruential generator with a given seed.
 */
import { RationalMatrix } from '../../../checkers/exact/rational-matrix';
import { FwAttentionRun } from '../../../checkers/dynamics/fw-attention-run';

export interface RandomSearchExample {
  points: string[][];
  c: number;
  firstExitStep: number | null;
  float64FirstExitStep: number | null;
  float64FirstArgminDivergence: number | null;
}

export interface RandomSearchSummary {
  seed: number;
  configurations: number;
  startInside: number;
  exactExits: number;
  float64Disagreements: number;
  /** float64 reports an exit but the exact run has none up to the horizon (a fabricated violation). */
  float64FalseExits: number;
  /** The first few disagreements, in generation order. */
  examples: RandomSearchExample[];
}

/** Run `count` seeded configurations to `horizon` steps. Exact for the exact part. */
export function randomSearch(seed: number, count: number, horizon: number, keep = 5): RandomSearchSummary {
  let state = seed >>> 0;
  const next = (k: number): number => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return (state >>> 8) % k;
  };
  const out: RandomSearchSummary = { seed, configurations: count, startInside: 0, exactExits: 0, float64Disagreements: 0, float64FalseExits: 0, examples: [] };
  for (let k = 0; k < count; k++) {
    const n = 3 + next(3);
    const points = Array.from({ length: n }, () => [0, 1].map(() => `${next(7) - 3}/${1 + next(3)}`));
    const c = 1 + next(60);
    const r = new FwAttentionRun(RationalMatrix.from(points), c, horizon).runToEnd();
    if (r.firstExitStep === 0) continue;
    out.startInside++;
    if (r.firstExitStep !== null) out.exactExits++;
    const disagree = r.firstExitStep !== r.float64FirstExitStep || r.float64FirstArgminDivergence !== null;
    if (!disagree) continue;
    out.float64Disagreements++;
    if (r.firstExitStep === null && r.float64FirstExitStep !== null) out.float64FalseExits++;
    if (out.examples.length < keep) {
      out.examples.push({ points, c, firstExitStep: r.firstExitStep, float64FirstExitStep: r.float64FirstExitStep, float64FirstArgminDivergence: r.float64FirstArgminDivergence });
    }
  }
  return out;
}
