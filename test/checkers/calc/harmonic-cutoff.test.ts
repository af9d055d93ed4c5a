// H(n)'s exact cutoff (issue 25): the size of H_n is bounded before it is built, against the same 20,000-bit
// limit every exact value has, so H(10000) is refused at once instead of built for 5 s and discarded. The bound
// is checked against Python's Fraction (the exact bits of H_n in lowest terms).
import { beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { evaluateExact, harmonicBitsBound, NotExact } from '../../../checkers/calc/exact';
import { parseExpression } from '../../../checkers/calc/parse';
import { PYTHON, pythonModules } from '../../helpers/required';

const missing = pythonModules(['fractions', 'math']);
const NS = [1, 2, 3, 4, 5, 6, 7, 10, 17, 30, 64, 100, 127, 500, 1000, 2048, 3000, 5000, 6000, 6500, 6800, 6900, 7000, 7200, 8000, 10000];

/** bits(numerator) + bits(denominator) of H_n in lowest terms, per n, from Python. */
let exactBits: Map<number, number>;

beforeAll(() => {
  if (missing) return;
  const script = `
import json, sys, math
out = {}
for n in json.load(sys.stdin):
    L = 1
    for k in range(1, n + 1): L = L * k // math.gcd(L, k)
    num = sum(L // k for k in range(1, n + 1))
    g = math.gcd(num, L)
    out[n] = (num // g).bit_length() + (L // g).bit_length()
print(json.dumps(out))`;
  const r = spawnSync(PYTHON, ['-c', script], { input: JSON.stringify(NS), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  exactBits = new Map(Object.entries(JSON.parse(r.stdout) as Record<string, number>).map(([k, v]) => [Number(k), v]));
});

describe.skipIf(missing !== '')('H(n) size bound and cutoff', () => {
  it('the bound is above the exact size of H_n and within 64 bits of it (the reduction of lcm(1..n))', () => {
    for (const n of NS) {
      const exact = exactBits.get(n)!;
      const bound = harmonicBitsBound(BigInt(n));
      expect([n, bound >= exact]).toEqual([n, true]);
      expect([n, bound - exact <= 64]).toEqual([n, true]);
    }
  });

  it('H(10000) is refused from the bound, with the reason, and its exact size really is over the limit', () => {
    const r = evaluateExact(parseExpression('H(10000)'));
    expect(r).toBeInstanceOf(NotExact);
    // The reason names the bound, which only the estimate (never the builder) produces.
    expect((r as NotExact).reason).toMatch(/^H\(10000\) is too large to write exactly \(about [\d,]+ bits, over the 20,000-bit limit\)$/);
    expect(exactBits.get(10000)!).toBeGreaterThan(20_000);
  });

  it('below the cutoff H(n) is built exactly; the refusals start where the exact size is within 64 bits of the limit', () => {
    const h = evaluateExact(parseExpression('H(100)'));
    expect(h).not.toBeInstanceOf(NotExact);
    for (const n of NS) {
      const refused = harmonicBitsBound(BigInt(n)) > 20_000;
      if (refused) expect([n, exactBits.get(n)! > 20_000 - 64]).toEqual([n, true]);
      else expect([n, exactBits.get(n)! <= 20_000]).toEqual([n, true]);
    }
    expect(harmonicBitsBound(6000n)).toBeLessThanOrEqual(20_000);
    expect(harmonicBitsBound(7200n)).toBeGreaterThan(20_000);
  });
});
