/**
 * Input checks and the small sample summaries the tests share. Every bad input is a DomainError with a
 * one-line message naming the test and the problem (`recheck.domain: welchTTest: b[3] is NaN, not a finite
 * number`), so that the CLI can print it as it stands.
 *
 * Summaries follow numpy's definitions (scipy calls them): the mean is sum / n, the variance the two-pass
 * sum of squared deviations from that mean over n - 1.
 *
 * Example: `variance([1, 2, 3, 4])` is 1.6666666666666667; `checkSample('t', 'a', [1, NaN], 2)` throws.
 */
import { DomainError } from '../../errors';
import { ALTERNATIVES, type Alternative, type TestOptions } from './types';

/** Throws unless `xs` is an array of at least `min` finite numbers. */
export function checkSample(test: string, name: string, xs: readonly number[], min: number): void {
  if (!Array.isArray(xs)) throw new DomainError(test, `${name} must be an array of numbers`);
  if (xs.length < min) throw new DomainError(test, `${name} needs at least ${min} observation${min === 1 ? '' : 's'}, got ${xs.length}`);
  xs.forEach((x, i) => {
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new DomainError(test, `${name}[${i}] is ${String(x)}, not a finite number`);
  });
}

/** Throws unless a and b are samples of equal length, each at least `min` long. */
export function checkPaired(test: string, a: readonly number[], b: readonly number[], min: number): void {
  checkSample(test, 'a', a, min);
  checkSample(test, 'b', b, min);
  if (a.length !== b.length) throw new DomainError(test, `paired samples must have equal lengths, got ${a.length} and ${b.length}`);
}

/** The alternative and level of `options`, checked, with their defaults ('two-sided', 0.95). */
export function checkOptions(test: string, options: TestOptions): { alternative: Alternative; level: number } {
  const alternative = options.alternative ?? 'two-sided';
  const level = options.level ?? 0.95;
  if (!ALTERNATIVES.includes(alternative))
    throw new DomainError(test, `alternative must be two-sided, greater or less, got ${String(alternative)}`);
  if (typeof level !== 'number' || !(level > 0 && level < 1)) throw new DomainError(test, `level must be in (0, 1), got ${String(level)}`);
  return { alternative, level };
}

/** a[i] - b[i] for each pair. */
export function differences(a: readonly number[], b: readonly number[]): number[] {
  return a.map((x, i) => x - (b[i] as number));
}

/** sum / n. Example: `mean([1, 2, 6])` is 3. */
export function mean(xs: readonly number[]): number {
  let s = 0;
  for (const x of xs) s += x;
  return s / xs.length;
}

/** The sample variance (n - 1 in the denominator), two-pass. Example: `variance([1, 2, 3, 4])` is 5/3. */
export function variance(xs: readonly number[]): number {
  const m = mean(xs);
  let s = 0;
  for (const x of xs) s += (x - m) * (x - m);
  return s / (xs.length - 1);
}

/** The largest |x| over the samples (the scale rounding errors are measured against). */
export function scale(...samples: (readonly number[])[]): number {
  let s = 0;
  for (const xs of samples) for (const x of xs) s = Math.max(s, Math.abs(x));
  return s;
}

/**
 * Whether a standard deviation is zero or no larger than the rounding of the inputs that made it: below
 * 4 units of float64 rounding (2^-52) of the largest input, the spread is rounding noise, not data (the
 * differences 0.3 - 0.1 and 0.5 - 0.3 are both "0.2" yet differ in the last bit).
 */
export function spreadIsRounding(sd: number, inputScale: number): boolean {
  return !(sd > 4 * Number.EPSILON * inputScale);
}
