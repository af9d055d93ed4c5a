import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { integerDeterminant, solveExact } from '../../../checkers/exact/bareiss';
import { RationalMatrix } from '../../../checkers/exact/rational-matrix';
import { RationalVector } from '../../../checkers/exact/rational-vector';
import { Rational } from '../../../checkers/exact/rational';

/** Determinant by Laplace expansion (independent oracle for small n). */
function laplace(a: bigint[], n: number): bigint {
  if (n === 1) return a[0]!;
  let s = 0n;
  for (let j = 0; j < n; j++) {
    const minor: bigint[] = [];
    for (let i = 1; i < n; i++) for (let k = 0; k < n; k++) if (k !== j) minor.push(a[i * n + k]!);
    s += (j % 2 === 0 ? 1n : -1n) * a[j]! * laplace(minor, n - 1);
  }
  return s;
}

const small = fc.bigInt({ min: -9n, max: 9n });

describe('Bareiss fraction-free elimination', () => {
  it('determinant agrees with Laplace expansion (including singular and pivot-swap cases)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }).chain((n) => fc.tuple(fc.constant(n), fc.array(small, { minLength: n * n, maxLength: n * n }))),
        ([n, a]) => {
          expect(integerDeterminant(a, n)).toBe(laplace(a, n));
        },
      ),
      { numRuns: 300 },
    );
    expect(integerDeterminant([0n, 1n, 1n, 0n], 2)).toBe(-1n);
  });

  it('solves A x = b exactly (checked by substitution), null when singular', () => {
    const entry = fc.tuple(small, fc.bigInt({ min: 1n, max: 7n })).map(([p, q]) => `${p}/${q}`);
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 4 })
          .chain((n) => fc.tuple(fc.constant(n), fc.array(entry, { minLength: n * n + n, maxLength: n * n + n }))),
        ([n, e]) => {
          const A = RationalMatrix.from(Array.from({ length: n }, (_, i) => e.slice(i * n, (i + 1) * n)));
          const b = RationalVector.from(e.slice(n * n));
          const x = solveExact(A, b);
          const singular = integerDeterminant([...A.nums], n) === 0n;
          if (singular) expect(x).toBeNull();
          else {
            for (let i = 0; i < n; i++) expect(A.row(i).dot(x!).equals(b.at(i))).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('worked example: [[2,1],[1,3]] x = [3,5] gives (4/5, 7/5)', () => {
    const x = solveExact(
      RationalMatrix.from([
        [2, 1],
        [1, 3],
      ]),
      RationalVector.from([3, 5]),
    )!;
    expect(x.toRationals().map(String)).toEqual(['4/5', '7/5']);
    expect(x.at(0).equals(Rational.parse('0.8'))).toBe(true);
  });
});
