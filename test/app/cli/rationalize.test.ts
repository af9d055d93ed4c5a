// `recheck rationalize` in process through the CLI entry: the three readings, JSON, negative values, bad input.
import { describe, it, expect } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

describe('recheck rationalize', () => {
  const dir = tempDir();

  it('prints the double, the decimal and the simplest rational, and where they differ', async () => {
    const r = await cli(['rationalize', '0.1'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      [
        '0.1',
        '  (a) double    3602879701896397/36028797018963968  (reads back as 0.1)',
        '  (b) decimal   1/10',
        '  (c) simplest  1/7  (within 1/20, half a unit in the last printed digit)',
        '  the logbook printed 0.1, which as a double is 3602879701896397/36028797018963968 (off by 1/180143985094819840 ≈ 5.55e-18) while the decimal printed is exactly 1/10; the simplest rational within 1/20 (half a unit in the last printed digit) is 1/7, not 1/10.',
        '',
      ].join('\n'),
    );
  });

  it('--json: one document, rationals as strings, several values, negative values as written', async () => {
    const r = await cli(['rationalize', '3.8726', '-0.5', '1e309', '--tol', '1/1000', '--json'], dir);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { values: Record<string, unknown>[] };
    expect(doc.values.map((v) => v.printed)).toEqual(['3.8726', '-0.5', '1e309']);
    expect(doc.values[0]).toMatchObject({
      decimal: '19363/5000',
      tolerance: '1/1000',
      toleranceFrom: 'given',
      simplest: '151/39',
      double: '8720319958477491/2251799813685248',
      doubleShortest: '3.8726',
      doubleIsDecimal: false,
      simplestIsDecimal: false,
    });
    expect(doc.values[1]).toMatchObject({
      double: '-1/2',
      decimal: '-1/2',
      doubleIsDecimal: true,
      simplestIsDecimal: true,
      simplest: '-1/2',
    });
    expect(doc.values[2]).toMatchObject({ double: null, doubleError: null, doubleShortest: 'Infinity' });
    expect(Object.keys(doc.values[0]!)).toEqual([
      'printed',
      'double',
      'doubleShortest',
      'decimal',
      'tolerance',
      'toleranceFrom',
      'simplest',
      'doubleError',
      'simplestError',
      'doubleIsDecimal',
      'simplestIsDecimal',
      'summary',
    ]);
    const neg = await cli(['rationalize', '--json', '--tol', '-1e-3', '--', '-2.5'], dir);
    expect(neg.code).toBe(2);
    expect(neg.stderr).toMatch(/^recheck: recheck\.domain: rationalize: tolerance -1e-3 is negative\n$/);
    const after = await cli(['rationalize', '--json', '--', '-2.5'], dir);
    expect(JSON.parse(after.stdout).values[0].decimal).toBe('-5/2');
  });

  it('NaN, infinities, fractions and text are one-line bad input', async () => {
    for (const v of ['nan', '-inf', '1/3', 'abc', '1,5']) {
      const r = await cli(['rationalize', v], dir);
      expect(r.code, v).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n'), v).toHaveLength(1);
    }
    expect((await cli(['rationalize', 'inf'], dir)).stderr).toBe(
      'recheck: recheck.domain: rationalize: "inf" is not a finite number: NaN and infinities have no rational value\n',
    );
    const none = await cli(['rationalize'], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/missing <value>/);
  });
});
