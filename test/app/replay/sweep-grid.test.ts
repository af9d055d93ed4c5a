// The pure parts of a replay sweep: the grid flags (progressions), how grid names bind to the script's literals,
// and the points table. Progressions are checked against Python's range / repeated multiplication (oracle).
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BadInputError } from '../../../app/errors';
import { expandValues, gridFlags, parseReplayGrid } from '../../../app/replay/sweep-grid';
import { bindGrid, pointOverrides } from '../../../app/replay/sweep-bindings';
import { pointsTableCsv } from '../../../app/replay/sweep-table';
import { pointTables } from '../../../app/replay/sweep-result';
import type { PointRecord } from '../../../app/runs/record';
import { detectLiterals } from '../../../checkers/replay/literals';
import { PYTHON } from '../../helpers/required';
import { PAGING_PY } from './sweep-case';

const bad = (f: () => unknown, re: RegExp) => {
  expect(f).toThrow(BadInputError);
  expect(f).toThrow(re);
};

let pythonLists: Record<string, number[]> = {};
beforeAll(() => {
  const r = spawnSync(
    PYTHON,
    [
      '-c',
      'import json; print(json.dumps({"geo": [2 * 2**i for i in range(10)], "ari": list(range(1, 101, 3)), "down": list(range(50, -11, -5)), "tri": [3 * 3**i for i in range(12)]}))',
    ],
    { encoding: 'utf8' },
  );
  expect(r.status).toBe(0);
  pythonLists = JSON.parse(r.stdout) as Record<string, number[]>;
});

describe('grid values', () => {
  it('expands progressions from their first three values as Python computes them', () => {
    expect(expandValues('2,4,8,...,1024', 'g')).toEqual(pythonLists.geo);
    expect(expandValues('1,4,7,...,100', 'g')).toEqual(pythonLists.ari);
    expect(expandValues('50,45,40,...,-10', 'g')).toEqual(pythonLists.down);
    expect(expandValues('3,9,27,...,531441', 'g')).toEqual(pythonLists.tri);
  });
  it('keeps the typed text unless JavaScript spells the number the same way', () => {
    expect(expandValues('1024, 0.5,1.0,1e3,abc', 'g')).toEqual([1024, 0.5, '1.0', '1e3', 'abc']);
  });
  it('refuses ambiguous, broken and misplaced progressions, naming the flag', () => {
    bad(() => expandValues('2,4,...,1024', '--grid K'), /--grid K: a progression needs its first three values/);
    bad(() => expandValues('2,4,8,...,1000', 'g'), /1000 is not a value of the progression/);
    bad(() => expandValues('2,4,7,...,100', 'g'), /neither arithmetic nor geometric/);
    bad(() => expandValues('2,4,8,...,16,32', 'g'), /right before the last value/);
    bad(() => expandValues('2,4,8,...,1e3', 'g'), /integers only/);
    bad(() => expandValues('2,,4', 'g'), /an empty value/);
    bad(() => expandValues('1,2,3,...,1000000', 'g'), /more than 100000 values/);
  });
  it('property: a geometric or arithmetic progression written a,b,c,...,z expands to exactly its terms', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 3, max: 14 }),
        fc.integer({ min: -500, max: 500 }),
        fc.integer({ min: 1, max: 50 }),
        fc.boolean(),
        (a, r, n, start, step, down) => {
          const geo = Array.from({ length: n }, (_, i) => a * r ** i);
          expect(expandValues(`${geo.slice(0, 3).join(',')},...,${geo.at(-1)}`, 'g')).toEqual(geo);
          const d = down ? -step : step;
          const ari = Array.from({ length: n }, (_, i) => start + i * d);
          expect(expandValues(`${ari.slice(0, 3).join(',')},...,${ari.at(-1)}`, 'g')).toEqual(ari);
        },
      ),
    );
  });
  it('property: gridFlags gives back the spec parseReplayGrid read', () => {
    const value = fc.oneof(fc.integer({ min: -1e6, max: 1e6 }), fc.stringMatching(/^[a-z][a-z0-9.]{0,5}$/));
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[A-Z][A-Z_]{0,5}$/), fc.array(value, { minLength: 1, maxLength: 6 }), { minKeys: 1, maxKeys: 3 }),
        (grid) => {
          const spec = parseReplayGrid(Object.entries(grid).map(([k, v]) => `${k}=${v.join(',')}`));
          expect(parseReplayGrid(gridFlags(spec))).toEqual(spec);
        },
      ),
    );
  });
  it('a grid flag needs NAME=values, once per name', () => {
    bad(() => parseReplayGrid(['=1,2']), /expected NAME=V1,V2/);
    bad(() => parseReplayGrid(['K=1', 'K=2']), /K is given twice/);
    bad(() => parseReplayGrid(['__proto__=1']), /__proto__/);
    expect(parseReplayGrid(['--k=1,2', 'env:SEED=3'])).toEqual({ parameters: { '--k': [1, 2], 'env:SEED': [3] } });
  });
});

describe('binding grid names to the script', () => {
  const ARGPARSE = `import argparse, os\np = argparse.ArgumentParser()\np.add_argument("--cache-size", type=int, default=8)\nN = 16\nMODE = os.environ.get("MODE", "a")\n`;
  it('a list constant gets a list of the one value, a number constant the value', () => {
    const lits = detectLiterals(`${PAGING_PY}`);
    const b = bindGrid('case', { parameters: { KS: [1024], C: [0.25] } }, lits, true);
    expect(b).toEqual([
      { name: 'KS', kind: 'constant', shape: 'list' },
      { name: 'C', kind: 'constant', shape: 'number' },
    ]);
    expect(pointOverrides(b, { KS: 1024, C: 0.25 })).toEqual({
      set: [
        { name: 'KS', value: '[1024]', shape: 'list' },
        { name: 'C', value: '0.25', shape: 'number' },
      ],
      args: [],
      env: {},
    });
    expect(pointOverrides(b, { KS: 2, C: '1.0' }).set[1]?.value).toBe('1.0'); // the typed text, a float for Python
  });
  it('argparse flags (by name, _ for -), explicit flags and environment variables', () => {
    const lits = detectLiterals(ARGPARSE);
    const b = bindGrid('case', { parameters: { cache_size: [4], '--seed': [7], MODE: ['b'], 'env:X': [1] } }, lits, true);
    expect(b.map((x) => x.kind)).toEqual(['flag', 'flag', 'env', 'env']);
    expect(pointOverrides(b, { cache_size: 4, '--seed': 7, MODE: 'b', 'env:X': 1 })).toEqual({
      set: [],
      args: ['--cache-size', '4', '--seed', '7'],
      env: { MODE: 'b', X: '1' },
    });
  });
  it('refuses a name the script does not offer, saying what it offers, and a constant swept over text', () => {
    const lits = detectLiterals(ARGPARSE);
    bad(
      () => bindGrid('case', { parameters: { K: [1] } }, lits, true),
      /case: --grid K: the script has no .*\(it offers --cache-size, N, env:MODE;/,
    );
    bad(() => bindGrid('case', { parameters: { N: ['abc'] } }, lits, true), /--grid N: N: "abc" is not a number/);
    bad(() => bindGrid('case', { parameters: { N: [1] } }, lits, false), /no top-level constant/); // not a Python script
  });
});

describe('tables of a point and of the sweep', () => {
  it('a lone key=value line is a one-row table; the extractor finds the rest', () => {
    expect(pointTables('starting\nk=8 cost=2.07\n')).toEqual([{ columns: ['k', 'cost'], rows: [['8', '2.07']] }]);
    expect(pointTables('k  cost\n2  1.5\n4  2.0\nn=3 t=0.5\n')).toEqual([
      {
        columns: ['k', 'cost'],
        rows: [
          ['2', '1.5'],
          ['4', '2.0'],
        ],
      },
      { columns: ['n', 't'], rows: [['3', '0.5']] },
    ]);
    expect(pointTables('nothing here\n')).toEqual([]);
  });
  const rec = (index: number, KS: number, t: { columns: string[]; rows: string[][] } | null): PointRecord => ({
    index,
    params: { KS },
    seed: 0,
    inputSha256: '',
    outcome: t !== null ? 'ok' : 'exited',
    ...(t !== null ? { value: { exitCode: 0, stdoutSha256: '', stdoutBytes: 0, tables: [t] } } : { message: 'exit 1' }),
    wallMs: 1,
    finishedAt: '',
  });
  it('rows in point order, grid values first unless already a column, failed points counted', () => {
    const made = pointsTableCsv(
      [
        rec(2, 8, { columns: ['k', 'cost'], rows: [['8', '2.07']] }),
        rec(0, 2, { columns: ['k', 'cost'], rows: [['2', '1.34']] }),
        rec(1, 4, null),
      ],
      1,
    );
    expect(made).toEqual({
      csv: 'KS,k,cost\n2,2,1.34\n8,8,2.07\n',
      table: { number: 1, file: null, columns: ['KS', 'k', 'cost'], rows: 2, points: 2, without: 1 },
    });
  });
  it('a record whose tables are not tables of text (a hand-edited checkpoint) adds no rows and is counted', () => {
    const odd = (index: number, tables: unknown): PointRecord => ({ ...rec(index, 2, null), outcome: 'ok', value: { tables } });
    const made = pointsTableCsv(
      [
        odd(0, 'x'),
        odd(1, [{ columns: ['k'], rows: [[1]] }]),
        odd(2, [{ columns: ['k', 'c'], rows: [['1']] }]),
        odd(3, [{ columns: '__proto__', rows: [] }]),
        rec(4, 8, { columns: ['k', 'cost'], rows: [['8', '2.07']] }),
      ],
      1,
    );
    expect(made).toEqual({
      csv: 'KS,k,cost\n8,8,2.07\n',
      table: { number: 1, file: null, columns: ['KS', 'k', 'cost'], rows: 1, points: 1, without: 4 },
    });
  });
  it('refuses to mix two layouts in one CSV', () => {
    const made = pointsTableCsv([rec(0, 2, { columns: ['k', 'cost'], rows: [] }), rec(1, 4, { columns: ['k', 'time'], rows: [] })], 1);
    expect(made).toEqual({ problem: 'table 1: point 1 printed columns k, time, point 0 printed k, cost: not written' });
  });
});
