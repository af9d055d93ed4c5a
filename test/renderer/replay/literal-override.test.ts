// The replay form's overrides from a picked literal (renderer/replay/literal-override.ts): a new value checked in
// words by the core's own rule (checkers/replay/override.ts parseSetting), put where the replay takes it (set,
// args, env), the replay's fixed overrides carried into a sweep, and the axes a growth fit over the sweep starts with.
import { describe, expect, it } from 'vitest';
import type { ReplayLiteralView } from '../../../common/api/replay';
import { parseSetting } from '../../../checkers/replay/override';
import { fixedOverrides, overrideProblem, suggestAxes, sweepCheckParams, withOverride } from '../../../renderer/replay/literal-override';

const KS: ReplayLiteralView = {
  kind: 'list',
  name: 'KS',
  line: 5,
  value: '[2, 4, 8, 16]',
  override: { type: 'set', name: 'KS' },
  grid: 'KS',
};
const C: ReplayLiteralView = { kind: 'constant', name: 'C', line: 6, value: '0.5', override: { type: 'set', name: 'C' }, grid: 'C' };
const FLAG: ReplayLiteralView = {
  kind: 'argument',
  name: '--k',
  line: 3,
  value: '16',
  override: { type: 'arg', flag: '--k' },
  grid: '--k',
};
const ARGV: ReplayLiteralView = {
  kind: 'argument',
  name: 'sys.argv[1]',
  line: 9,
  value: null,
  override: { type: 'arg', flag: null },
  grid: null,
};
const ENV: ReplayLiteralView = {
  kind: 'env',
  name: 'SEED',
  line: 4,
  value: '"3"',
  override: { type: 'env', variable: 'SEED' },
  grid: 'env:SEED',
};

describe('overrideProblem', () => {
  it("accepts what the core's parseSetting accepts for a constant, and says why not otherwise", () => {
    for (const text of ['1024', '-0.5', '1e-3', ' 7 ']) {
      expect(overrideProblem(C, text)).toBeNull();
      expect(() => parseSetting(`C=${text}`)).not.toThrow();
    }
    expect(overrideProblem(C, 'one')).toBe('C: "one" is not a number or a list of numbers (e.g. 1024 or [2, 4, 8, 16])');
    expect(overrideProblem(C, '')).toBe('type a value');
    // A list takes a list, with or without its brackets; a list where a number was is refused by the core when applied.
    expect(overrideProblem(KS, '[2, 4, 1024]')).toBeNull();
    expect(overrideProblem(KS, '2, 4, 1024')).toBeNull();
    expect(overrideProblem(KS, '[2, x]')).toMatch(/KS: "\[2, x\]" is not a number or a list of numbers/);
    // Arguments and variables are text: only a NUL is refused.
    expect(overrideProblem(FLAG, '1024')).toBeNull();
    expect(overrideProblem(ENV, 'a\0b')).toBe('the value holds a NUL character');
  });
});

describe('withOverride', () => {
  it('puts a constant in set (replacing an earlier setting of that name), an argument in args, a variable in env', () => {
    let v = withOverride({}, KS, '2, 4, 1024');
    expect(v['/set']).toBe('["KS=[2, 4, 1024]"]');
    v = withOverride(v, C, '0.25');
    v = withOverride(v, KS, '[8]');
    expect(JSON.parse(v['/set']!)).toEqual(['C=0.25', 'KS=[8]']);
    v = withOverride(v, FLAG, '64');
    v = withOverride(v, ARGV, 'extra.txt');
    expect(JSON.parse(v['/args']!)).toEqual(['--k', '64', 'extra.txt']);
    v = withOverride(v, ENV, '11');
    expect(JSON.parse(v['/env']!)).toEqual({ SEED: '11' });
  });

  it('starts over from a field that does not hold JSON of its type', () => {
    expect(withOverride({ '/set': 'not json', '/env': '[1]' }, C, '2')['/set']).toBe('["C=2"]');
    expect(withOverride({ '/env': '["x"]' }, ENV, '1')['/env']).toBe('{"SEED":"1"}');
  });
});

describe('a sweep of a literal', () => {
  it('carries the replay form’s other overrides, without a setting of the swept name', () => {
    const values = { '/set': '["KS=[2]", "DELAY=1"]', '/args': '["--fast"]', '/env': '{"SEED":"3"}' };
    expect(fixedOverrides(values, 'KS')).toEqual({ set: ['DELAY=1'], args: ['--fast'], env: { SEED: '3' } });
    expect(fixedOverrides({}, 'KS')).toEqual({});
    expect(
      sweepCheckParams({
        cell: 'cell_1',
        logbook: 'lb',
        grid: 'KS',
        values: [2, 4],
        columns: ['KS', 'k', 'cost'],
        fixed: { set: ['DELAY=1'] },
      }),
    ).toEqual({
      sweep: { replay: { cell: 'cell_1', logbook: 'lb', set: ['DELAY=1'] }, grid: { KS: [2, 4] }, seed: 1 },
      x: 'k',
      y: 'cost',
    });
  });

  it('suggests as x the printed column the grid name stands for, and as y the last other column', () => {
    expect(suggestAxes('KS', ['KS', 'k', 'cost'])).toEqual({ x: 'k', y: 'cost' });
    expect(suggestAxes('--k', ['--k', 'k', 'ratio', 'se'])).toEqual({ x: 'k', y: 'se' });
    expect(suggestAxes('env:N', ['env:N', 'n', 'time'])).toEqual({ x: 'n', y: 'time' });
    expect(suggestAxes('k', ['k', 'cost'])).toEqual({ x: 'k', y: 'cost' });
    expect(suggestAxes('C', ['C', 'k', 'cost'])).toEqual({ x: 'C', y: 'cost' });
  });
});
