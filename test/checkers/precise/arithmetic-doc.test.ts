/** Runs every `expression // result` line of the js blocks in docs/arithmetic.md, so the page cannot rot. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';
import { Rational } from '../../../checkers/exact/rational';
import { bestApproximation, simplestInInterval, simplestWithin } from '../../../checkers/exact/approximation';

const mpfr = await loadMpfr();
const page = readFileSync(new URL('../../../docs/arithmetic.md', import.meta.url), 'utf8');
const examples = [...page.matchAll(/```js\n([\s\S]*?)```/g)]
  .flatMap((m) => (m[1] ?? '').split('\n'))
  .map((line) => /^(.+?)\s*\/\/ (.+)$/.exec(line))
  .filter((m): m is RegExpExecArray => m !== null)
  .map((m) => [m[1]!.trim(), m[2]!.trim()] as const);

describe('docs/arithmetic.md examples', () => {
  it('has examples', () => expect(examples.length).toBeGreaterThan(20));
  const scope = {
    P: createPrecise({ digits: 20, mpfr }),
    R: (s: string) => Rational.parse(s),
    Rational,
    simplestWithin,
    simplestInInterval,
    bestApproximation,
  };
  it.each(examples)('%s is %s', (expression, expected) => {
    // The page is part of this repository (trusted): evaluate its expressions with the names above in scope.
    const run = new Function(...Object.keys(scope), `return (${expression});`) as (...args: unknown[]) => unknown;
    expect(String(run(...Object.values(scope)))).toBe(expected);
  });
  it('the 6-digit and mode remarks hold', () => {
    expect(createPrecise({ digits: 6, mpfr }).pow('11.05', '2.00000000000000007').toString()).toBe('122.103');
    expect(createPrecise({ digits: 1, mpfr, rounding: 'half-up' }).sqrt('6.25').toString()).toBe('3');
    expect(createPrecise({ digits: 1, mpfr }).sqrt('6.25').toString()).toBe('2');
  });
});
