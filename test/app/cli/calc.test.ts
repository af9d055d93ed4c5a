// `recheck calc` in process through the CLI entry: exact, digits, interval, JSON, and the exit codes
// (0; 1 for --exact on an irrational value; 2 with one line naming the column for a bad expression).
import { describe, it, expect } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';

describe('recheck calc', () => {
  const dir = tempDir();

  it('prints an exact value as p/q and a repeating decimal', async () => {
    const r = await cli(['calc', '1/6 + 0.1^2'], dir);
    expect(r).toEqual({ code: 0, stdout: 'exact     53/300\ndecimal   0.17(6)  (exactly)\n', stderr: '' });
  });

  it("an expression with a leading minus needs no -- (the usage text's own -2^2), before or after the options", async () => {
    expect(await cli(['calc', '-2^2'], dir)).toEqual({ code: 0, stdout: 'exact     -4\n', stderr: '' });
    expect((await cli(['calc', '--digits', '3', '-pi', '--rounding', 'floor'], dir)).stdout).toMatch(
      /^decimal {3}-3\.15 {2}\(3 correct digits, floor\)/,
    );
    expect((await cli(['calc', '--', '-1/3'], dir)).stdout).toMatch(/^exact {5}-1\/3\n/);
    expect((await cli(['calc', '-1', '-2'], dir)).code).toBe(2);
  });

  it("the issue's exact ties: the exact value, and its rounding by the mode's own tie rule when fewer digits are asked", async () => {
    expect(await cli(['calc', 'floor(pi*1000)/2', '--digits', '4', '--rounding', 'half-up'], dir)).toEqual({
      code: 0,
      stdout: 'exact     3141/2\ndecimal   1570.5  (exactly)\nrounded   1571  (4 digits, half-up)\n',
      stderr: '',
    });
    expect(await cli(['calc', 'ceil(e) + 0.5', '--digits', '1', '--rounding', 'half-down'], dir)).toEqual({
      code: 0,
      stdout: 'exact     7/2\ndecimal   3.5  (exactly)\nrounded   3  (1 digit, half-down)\n',
      stderr: '',
    });
  });

  it('prints N correct digits of an irrational value with the reason, and an enclosure', async () => {
    const r = await cli(['calc', 'sqrt(2)', '--digits', '30', '--rounding', 'floor', '--interval'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'decimal   1.41421356237309504880168872420  (30 correct digits, floor)',
        'not exact column 1: the square root of 2 is irrational',
        'interval  [1.41421356237309504880168872420, 1.41421356237309504880168872421]',
        '',
      ].join('\n'),
    );
  });

  it('--json: one document', async () => {
    const r = await cli(['calc', 'sum(1/k^2, k, 1, 3)', '--json', '--digits', '5', '--interval'], dir);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      expression: 'sum(1/k^2, k, 1, 3)',
      exact: '49/36',
      decimal: '1.3611',
      digits: 5,
      rounding: 'half-even',
      interval: { lo: '1.3611', hi: '1.3612' },
    });
    const pi = JSON.parse((await cli(['calc', 'pi', '--json'], dir)).stdout);
    expect(pi).toMatchObject({ decimal: '3.1415926535897932385', digits: 20 });
    expect(pi.exact).toBeUndefined();
  });

  it('--exact: exit 1 with the reason on an irrational value, 0 on a rational one', async () => {
    const bad = await cli(['calc', 'ln(2) + 1', '--exact'], dir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe('recheck: calc: not exact: column 1: ln(2) is irrational\n');
    const good = await cli(['calc', 'log(243, 3)', '--exact'], dir);
    expect(good.code).toBe(0);
    expect(good.stdout).toBe('exact     5\n');
  });

  it('a bad expression: exit 2, one line naming the column', async () => {
    const r = await cli(['calc', 'sqrt(2 + (3'], dir);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('recheck: calc: column 12: expected ")" to close "(" at column 10, got the end\n');
    const domain = await cli(['calc', '1 + ln(0)'], dir);
    expect(domain.code).toBe(2);
    expect(domain.stderr).toBe('recheck: calc: column 5: ln of a non-positive number (0)\n');
    const range = await cli(['calc', 'sum(k, k, 1, 2000000)'], dir);
    expect(range.code).toBe(2);
    expect(range.stderr).toMatch(/^recheck: calc: column 1: more than 1,000,000 terms/);
    const usage = await cli(['calc', '1', '--rounding', 'sideways'], dir);
    expect(usage.code).toBe(2);
  });
});
