/**
 * The replay comparator: numbers within the printed rounding (decided exactly, checked against Python's
 * Fraction), stated tolerances, table cells, ignored lines, elided and interrupted outputs, first difference.
 */
import { spawnSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareOutput } from '../../../checkers/replay/compare-output';
import { numbersAgree, parseTolerance, PRINTED_ROUNDING } from '../../../checkers/replay/tolerance';
import { PYTHON, pythonModules } from '../../helpers/required';

const missing = pythonModules(['fractions', 'json']);

/** A decimal string m x 10^-d (d >= 0) exactly, from BigInt: `dec(-205n, 2)` is "-2.05". */
function dec(m: bigint, d: number): string {
  const neg = m < 0n;
  const s = (neg ? -m : m).toString().padStart(d + 1, '0');
  return `${neg ? '-' : ''}${d === 0 ? s : `${s.slice(0, s.length - d)}.${s.slice(s.length - d)}`}`;
}

/** Printed p = m / 10^d and a replayed x = p + delta / 10^(d + k) (so the half unit is 5 x 10^(k-1) in delta's units). */
const pairArb = fc.record({
  m: fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
  d: fc.integer({ min: 0, max: 9 }),
  k: fc.integer({ min: 1, max: 6 }),
  delta: fc.bigInt({ min: -(10n ** 7n), max: 10n ** 7n }),
});
const build = ({ m, d, k, delta }: { m: bigint; d: number; k: number; delta: bigint }) => ({
  printed: dec(m, d),
  replayed: dec(m * 10n ** BigInt(k) + delta, d + k),
  half: 5n * 10n ** BigInt(k - 1),
  delta,
});

describe.skipIf(missing !== '')('numbers within the printed rounding, against Fraction', () => {
  const cases = fc.sample(pairArb, { numRuns: 600, seed: 20 }).map(build);
  // The boundary itself, on both sides, for every shape.
  for (let d = 0; d <= 6; d++)
    for (let k = 1; k <= 3; k++)
      for (const delta of [
        5n * 10n ** BigInt(k - 1),
        -(5n * 10n ** BigInt(k - 1)),
        5n * 10n ** BigInt(k - 1) + 1n,
        -(5n * 10n ** BigInt(k - 1)) - 1n,
      ])
        cases.push(build({ m: 2675n, d, k, delta }));
  let oracle: boolean[] = [];
  beforeAll(() => {
    const script = `
import json, sys
from fractions import Fraction
out = []
for p, x in json.load(sys.stdin):
    places = len(p.split('.')[1]) if '.' in p else 0
    out.append(abs(Fraction(x) - Fraction(p)) <= Fraction(1, 2) / 10**places)
print(json.dumps(out))`;
    const r = spawnSync(PYTHON, ['-c', script], { input: JSON.stringify(cases.map((c) => [c.printed, c.replayed])), encoding: 'utf8' });
    if (r.status !== 0) throw new Error(r.stderr);
    oracle = JSON.parse(r.stdout) as boolean[];
  });
  it('agrees with Fraction on 600 random pairs and every boundary', () => {
    expect(oracle).toHaveLength(cases.length);
    const mine = cases.map((c) => numbersAgree(c.printed, c.replayed, PRINTED_ROUNDING).agree);
    expect(mine).toEqual(oracle);
    // Both outcomes occur, and the boundary is inclusive.
    expect(mine.filter((x) => x).length).toBeGreaterThan(50);
    expect(mine.filter((x) => !x).length).toBeGreaterThan(50);
  });
});

describe('the printed rounding, as properties', () => {
  it('a value inside the printed rounding never differs; outside always differs', () => {
    fc.assert(
      fc.property(pairArb, (raw) => {
        const c = build(raw);
        const inside = (c.delta < 0n ? -c.delta : c.delta) <= c.half;
        const r = compareOutput(`value = ${c.printed}\n`, `value = ${c.replayed}\n`, {});
        expect(r.result).toBe(inside ? 'reproduces' : 'differs');
        if (!inside) {
          expect(r.first?.printedLine).toBe(1);
          expect(r.first?.number?.printed).toBe(c.printed);
          expect(r.first?.number?.replayed).toBe(c.replayed);
        }
      }),
      { seed: 7, numRuns: 400 },
    );
  });
  it('is exact where a float is not: 0.3 against 0.35 is on the boundary (agrees), 0.3500000000000000001 is not', () => {
    expect(numbersAgree('0.3', '0.35', PRINTED_ROUNDING).agree).toBe(true);
    expect(numbersAgree('0.3', '0.3500000000000000001', PRINTED_ROUNDING).agree).toBe(false);
    expect(numbersAgree('0.3', '0.2499999999999999999', PRINTED_ROUNDING).agree).toBe(false);
    expect(numbersAgree('3.2e-05', '3.25e-05', PRINTED_ROUNDING)).toMatchObject({ agree: true, bound: '0.0000005' });
    expect(numbersAgree('16', '16.5', PRINTED_ROUNDING).agree).toBe(true);
    expect(numbersAgree('16', '17', PRINTED_ROUNDING).agree).toBe(false);
  });
});

describe('stated tolerances and non-finite values', () => {
  it('abs and rel bound the difference exactly', () => {
    expect(numbersAgree('1.0', '1.000000001', parseTolerance('abs:1e-9')).agree).toBe(true);
    expect(numbersAgree('1.0', '1.0000000011', parseTolerance('abs:1e-9')).agree).toBe(false);
    expect(numbersAgree('-200', '-200.0002', parseTolerance('rel:1e-6')).agree).toBe(true);
    expect(numbersAgree('-200', '-200.00021', parseTolerance('rel:1e-6')).agree).toBe(false);
    // A stated tolerance replaces the printed rounding.
    expect(numbersAgree('2.00', '2.004', parseTolerance('abs:0')).agree).toBe(false);
  });
  it('nan agrees with nan, inf with the same inf only', () => {
    expect(numbersAgree('nan', 'NaN', PRINTED_ROUNDING).agree).toBe(true);
    expect(numbersAgree('inf', '-inf', PRINTED_ROUNDING).agree).toBe(false);
    expect(numbersAgree('inf', '1e308', PRINTED_ROUNDING).agree).toBe(false);
  });
  it('refuses a tolerance that does not parse', () => {
    expect(() => parseTolerance('abs:x')).toThrow(/abs:x/);
    expect(() => parseTolerance('rel:-1')).toThrow(/non-negative/);
    expect(() => parseTolerance('1e-9')).toThrow(/printed, abs:T or rel:T/);
  });
});

describe('lines', () => {
  it('names the first differing line with both lines, both values and the bound', () => {
    const printed = 'method: 3.0 s\nbaseline: 1.5 s\nratio = 2.00\nend 1\n';
    const r = compareOutput(printed, 'method: 3.0 s\nbaseline: 1.5 s\nratio = 2.01\nend 2\n', {});
    expect(r.result).toBe('differs');
    expect(r.differingLines).toBe(2);
    expect(r.first).toMatchObject({
      printedLine: 3,
      replayedLine: 3,
      printed: 'ratio = 2.00',
      replayed: 'ratio = 2.01',
      number: { printed: '2.00', replayed: '2.01', difference: '0.01', bound: '0.005' },
    });
    expect(r.linesCompared).toBe(4);
    expect(r.numbersCompared).toBe(4);
  });
  it('text must be equal; trailing whitespace and blank lines at the end do not count', () => {
    expect(compareOutput('a 1  \r\nb 2\n\n\n', 'a 1\nb 2', {}).result).toBe('reproduces');
    expect(compareOutput('loss 1\n', 'Loss 1\n', {}).first?.reason).toBe('the text differs');
    expect(compareOutput('loss 1\n', 'loss 1 2\n', {}).first?.reason).toBe('1 numbers printed, 2 replayed');
  });
  it('more or fewer lines is a difference', () => {
    expect(compareOutput('a\nb\n', 'a\n', {}).first).toMatchObject({
      printedLine: 2,
      replayed: null,
      reason: 'the replay printed fewer lines',
    });
    expect(compareOutput('a\n', 'a\nb\nc\n', {}).first).toMatchObject({
      printedLine: null,
      replayedLine: 2,
      replayed: 'b',
      reason: 'the replay printed 2 more lines',
    });
  });
  it('compares table rows cell by cell, so padding that moves with a value is not a difference', () => {
    const printed = '    k    ratio\n    2   1.5000\n   16   3.8726\n';
    const replayed = '  k   ratio\n  2  1.50004\n 16  3.87261\n';
    const r = compareOutput(printed, replayed, {});
    expect(r.result).toBe('reproduces');
    expect(r.tableCellsCompared).toBe(4);
    const bad = compareOutput(printed, '  k   ratio\n  2  1.5\n 16  3.8736\n', {});
    expect(bad.first).toMatchObject({ printedLine: 3, reason: 'table column "ratio": 3.8726 printed, 3.8736 replayed' });
  });
  it('skips lines both sides match an ignore pattern, and says when only one side does', () => {
    const printed = 'took 0.31 s\nresult 4\n';
    const r = compareOutput(printed, 'took 0.52 s\nresult 4\n', { ignore: [/^took /] });
    expect(r).toMatchObject({ result: 'reproduces', ignoredLines: 1, linesCompared: 1 });
    expect(compareOutput(printed, 'result 4\nresult 4\n', { ignore: [/^took /] }).first?.reason).toMatch(/ignore pattern/);
    expect(compareOutput(printed, 'took 0.52 s\nresult 4\n', {}).result).toBe('differs');
  });
});

describe('elided and interrupted outputs', () => {
  const full =
    Array.from({ length: 3000 }, (_, i) => `step ${String(i).padStart(5)} loss ${(1 / (i + 1)).toFixed(6)} ok`).join('\n') + '\n';
  const chars = [...full];
  const elided = `${chars.slice(0, 2000).join('')}\n... [${chars.length - 20000} chars elided] ...\n${chars.slice(chars.length - 18000).join('')}`;
  it('compares the head and the tail that were printed, not the two cut lines', () => {
    const r = compareOutput(elided, full, {});
    expect(r.result).toBe('reproduces');
    const marker = r.elision?.markers[0] ?? 0;
    expect(r.elision).toMatchObject({ elidedChars: chars.length - 20000, cut: [marker - 1, marker + 1] });
    expect(r.linesCompared).toBe(r.printedLines - 3);
    expect(r.notCompared).toBe(2);
  });
  it('finds a difference in the tail, aligned to the end of the replay', () => {
    const changed = full.replace('step  2999 loss 0.000333', 'step  2999 loss 0.000334');
    const r = compareOutput(elided, changed, {});
    expect(r.first).toMatchObject({
      printedLine: r.printedLines,
      replayedLine: 3000,
      number: { printed: '0.000333', replayed: '0.000334' },
    });
  });
  it('an interrupted output is compared on its printed lines only', () => {
    expect(compareOutput('a 1\nb 2\n[interrupted]\n', 'a 1\nb 2\nc 3\n', {})).toMatchObject({ result: 'reproduces', interrupted: true });
  });
});
