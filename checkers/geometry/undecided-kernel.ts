/**
 * A sign kernel that answers nothing: every question throws `UndecidedSign`, which carries the question so
 * that the caller can put it to an exact kernel once it has one. Used as the fallback of `enclosureKernel`
 * when the exact points are not at hand (the fw-attention enclosure stepper recomputes them only then).
 * The throw never escapes the stepper that catches it; it is control flow, not a user-facing error.
 */
import type { Sign } from './predicates';
import type { SignKernel } from './sign-kernel';

/** Which decision asked: an argmin comparison (`dotDiffSign`) or a step of the hull test (every other question). */
export type UndecidedKind = 'argmin' | 'hull';

/** A question the enclosure could not decide; `isExactlyDegenerate(K)` asks it of an exact kernel `K`. */
export class UndecidedSign extends Error {
  constructor(
    readonly kind: UndecidedKind,
    readonly question: string,
    /** True when the exact answer is the degenerate one (a zero sign, a zero point, parallel vectors). */
    readonly isExactlyDegenerate: (K: SignKernel) => boolean,
  ) {
    super(`undecided: ${question}`);
    this.name = 'UndecidedSign';
  }
}

/** The kernel of `count` points in dimension `dim` that throws `UndecidedSign` on every question. */
export function undecidedKernel(count: number, dim: number): SignKernel {
  const stop = (kind: UndecidedKind, question: string, degenerate: (K: SignKernel) => boolean): never => {
    throw new UndecidedSign(kind, question, degenerate);
  };
  const zero = (s: Sign): boolean => s === 0;
  return {
    count,
    dim,
    isZero: (i) => stop('hull', `isZero(${i})`, (K) => K.isZero(i)),
    dotSign: (i, j) => stop('hull', `dotSign(${i}, ${j})`, (K) => zero(K.dotSign(i, j))),
    dotDiffSign: (i, j, k) => stop('argmin', `dotDiffSign(${i}, ${j}, ${k})`, (K) => zero(K.dotDiffSign(i, j, k))),
    orient2: (i, j) => stop('hull', `orient2(${i}, ${j})`, (K) => zero(K.orient2(i, j))),
    parallel3: (a, b) => stop('hull', `parallel3(${a}, ${b})`, (K) => K.parallel3(a, b)),
    det3: (a, b, i) => stop('hull', `det3(${a}, ${b}, ${i})`, (K) => zero(K.det3(a, b, i))),
    planeOrient: (a, b, k, i) => stop('hull', `planeOrient(${a}, ${b}, ${k}, ${i})`, (K) => zero(K.planeOrient(a, b, k, i))),
  };
}
