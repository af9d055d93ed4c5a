// A printed statistic against the recomputed one (checkers/stats/tests/printed-result.ts): inside its printed
// rounding it agrees, outside by more than the float error it differs, at the edge it cannot tell; decided the
// same way as Python's Fraction decides it exactly, on random printed numbers and values near their edges.
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { printedAgreement, RECOMPUTED_RELATIVE_ERROR } from '../../../../checkers/stats/tests/printed-result';
import { PYTHON } from '../../../helpers/required';

interface Case {
  printed: string;
  value: number;
}

const cases: Case[] = fc.sample(
  fc
    .tuple(
      fc.integer({ min: -99999, max: 99999 }),
      fc.integer({ min: 0, max: 5 }),
      fc.integer({ min: -3, max: 3 }),
      fc.double({ min: -3, max: 3, noNaN: true }),
    )
    .map(([m, digits, exp, k]) => {
      const printed = `${(m / 10 ** digits).toFixed(digits)}${exp !== 0 ? `e${exp}` : ''}`;
      const half = 0.5 * 10 ** (exp - digits);
      return { printed, value: Number(printed) + k * half };
    }),
  { numRuns: 600, seed: 20261202 },
);

describe('printedAgreement', () => {
  let exact: ('agrees' | 'differs' | 'edge')[] = [];
  beforeAll(() => {
    const script = `
import json, sys
from fractions import Fraction
from decimal import Decimal
out = []
for printed, value in json.load(sys.stdin):
    d = Decimal(printed); p = Fraction(d); half = Fraction(1, 2) * Fraction(10) ** d.as_tuple().exponent
    gap = abs(Fraction(value) - p)
    out.append('agrees' if gap < half else 'differs' if gap > half else 'edge')
print(json.dumps(out))`;
    exact = JSON.parse(
      execFileSync(PYTHON, ['-c', script], { input: JSON.stringify(cases.map((c) => [c.printed, c.value])), encoding: 'utf8' }),
    ) as typeof exact;
  });

  it('the five-seed Welch numbers: the printed t = 0.507 does not follow from t = 0.5020; 0.502 does', () => {
    expect(printedAgreement('statistic', '0.507', 0.502)).toMatchObject({ verdict: 'differs', rounding: 0.0005 });
    expect(printedAgreement('statistic', '0.502', 0.502)).toMatchObject({ verdict: 'agrees' });
    expect(printedAgreement('p', 'n/a', 0.5)).toBeNull();
  });

  it('never contradicts the exact decision: agrees and differs only where Fraction says so, boundary only near the edge', () => {
    let decided = 0;
    cases.forEach((c, i) => {
      const got = printedAgreement('statistic', c.printed, c.value)!;
      const want = exact[i]!;
      if (got.verdict === 'boundary') {
        const gap = Math.abs(c.value - Number(c.printed));
        expect(Math.abs(gap - got.rounding), c.printed).toBeLessThanOrEqual(
          2 * RECOMPUTED_RELATIVE_ERROR * Math.max(1, Math.abs(c.value)) + 1e-300,
        );
      } else {
        expect(got.verdict, `${c.printed} vs ${c.value}`).toBe(want);
        decided++;
      }
    });
    expect(decided).toBeGreaterThan(500);
  });
});
