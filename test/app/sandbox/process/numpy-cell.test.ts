/**
 * A numpy/scipy run cell really runs in the replay sandbox (Debian's /usr/bin/python3 with apt's numpy and scipy,
 * one OpenBLAS thread, under the address-space limit), and prints what an independent oracle computes outside
 * it: exact solutions of linear systems with Python's Fraction, and a Student-t p-value, log-gamma and the
 * eigenvalues of a symmetric matrix with mpmath at 50 digits. The matrices are fast-check samples (seeded).
 * The run also reports its own numpy/scipy import time and peak memory (printed, never asserted).
 */
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultConfinement } from '../../../../app/sandbox/confinement';
import { detectProgramConfinement } from '../../../../app/sandbox/process/program-confinement';
import { runProgram, type ProgramResult } from '../../../../app/sandbox/process/run-program';
import { PYTHON, pythonModules, required } from '../../../helpers/required';

const pc = await detectProgramConfinement(await defaultConfinement());
const skip = pc.bwrap === null ? required('bubblewrap usable for programs (Debian package bubblewrap)', pc.problem ?? 'missing') : '';
const noModules = pythonModules(['numpy', 'scipy.stats', 'scipy.special', 'scipy.linalg', 'mpmath', 'fractions']);

type Matrix = number[][];
/** 12 nonsingular 4x4 integer systems (seeded), and one symmetric 5x5 matrix. */
const systems = fc
  .sample(
    fc.record({
      a: fc.array(fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 4, maxLength: 4 }), { minLength: 4, maxLength: 4 }),
      b: fc.array(fc.integer({ min: -20, max: 20 }), { minLength: 4, maxLength: 4 }),
    }),
    { numRuns: 40, seed: 20261202 },
  )
  .filter((s) => Math.abs(det(s.a)) > 0)
  .slice(0, 12);
const sym: Matrix = [
  [4, 1, 2, 0, 1],
  [1, 5, 3, 1, 0],
  [2, 3, 6, 2, 1],
  [0, 1, 2, 7, 3],
  [1, 0, 1, 3, 8],
];
const T = 2.5;
const DOF = 7;

function det(m: Matrix): number {
  if (m.length === 1) return m[0]![0]!;
  return m[0]!.reduce((acc, v, j) => acc + (j % 2 === 0 ? 1 : -1) * v * det(m.slice(1).map((r) => r.filter((_, k) => k !== j))), 0);
}

const CELL = `import json, sys, time, resource
t0 = time.perf_counter()
import numpy as np, scipy.stats, scipy.special, scipy.linalg
seconds = time.perf_counter() - t0
data = json.load(open('input.json'))
xs = [np.linalg.solve(np.array(s['a'], dtype=float), np.array(s['b'], dtype=float)).tolist() for s in data['systems']]
peak = [l.split()[1] for l in open('/proc/self/status') if l.startswith('VmPeak')][0]
print(json.dumps({
    'x': xs,
    'p': float(2 * scipy.stats.t.sf(data['t'], data['dof'])),
    'lgamma': float(scipy.special.gammaln(10.5)),
    'eig': scipy.linalg.eigvalsh(np.array(data['sym'], dtype=float)).tolist(),
    'importSeconds': seconds, 'vmPeakKiB': int(peak), 'maxRssKiB': resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
    'threads': __import__('os').environ['OPENBLAS_NUM_THREADS'],
}))`;

const ORACLE = `import json, sys
from fractions import Fraction
import mpmath
mpmath.mp.dps = 50
d = json.load(sys.stdin)
def solve(a, b):
    n = len(a)
    m = [[Fraction(v) for v in row] + [Fraction(bv)] for row, bv in zip(a, b)]
    for c in range(n):
        p = next(r for r in range(c, n) if m[r][c] != 0)
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c] != 0:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return [str(m[i][n] / m[i][i]) for i in range(n)]
t, nu = mpmath.mpf(d['t']), mpmath.mpf(d['dof'])
p = mpmath.betainc(nu / 2, mpmath.mpf(1) / 2, 0, nu / (nu + t * t), regularized=True)
ev, _ = mpmath.eigsy(mpmath.matrix(d['sym']))
print(json.dumps({'x': [solve(s['a'], s['b']) for s in d['systems']], 'p': mpmath.nstr(p, 30), 'lgamma': mpmath.nstr(mpmath.loggamma(mpmath.mpf(21) / 2), 30),
    'eig': [mpmath.nstr(v, 30) for v in sorted(ev)]}))`;

/** A rational "n/d" or integer string as a double (the oracle's exact value, rounded once). */
const rational = (s: string): number => {
  const [n, d = '1'] = s.split('/');
  return Number(n) / Number(d);
};

describe.skipIf(skip !== '' || noModules !== '')('replay sandbox: a numpy/scipy cell runs for real', () => {
  const input = { systems, t: T, dof: DOF, sym };
  let oracle: { x: string[][]; p: string; lgamma: string; eig: string[] };
  let r: ProgramResult;
  beforeAll(async () => {
    const o = spawnSync(PYTHON, ['-c', ORACLE], { input: JSON.stringify(input), encoding: 'utf8' });
    if (o.status !== 0) throw new Error(`oracle failed: ${o.stderr}`);
    oracle = JSON.parse(o.stdout) as typeof oracle;
    r = await runProgram({
      interpreter: 'python',
      python: PYTHON,
      args: ['cell.py'],
      files: [
        { path: 'cell.py', content: CELL },
        { path: 'input.json', content: JSON.stringify(input) },
      ],
    });
  });

  it('ends normally, confined, under Debian’s interpreter', () => {
    expect(r.stderr).toBe('');
    expect(r).toMatchObject({ ended: 'exited', exitCode: 0, confined: true, hostile: [] });
    expect(r.interpreter).toMatch(/^\/usr\/bin\/python3(\.\d+)?$/);
  });

  it('prints what the oracles compute: exact solutions, the t p-value, log-gamma and eigenvalues', () => {
    const out = JSON.parse(r.stdout) as {
      x: number[][];
      p: number;
      lgamma: number;
      eig: number[];
      importSeconds: number;
      vmPeakKiB: number;
      maxRssKiB: number;
      threads: string;
    };
    expect(systems.length).toBe(12);
    out.x.forEach((x, i) =>
      x.forEach((v, j) => {
        const exact = rational(oracle.x[i]![j]!);
        expect(Math.abs(v - exact)).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(exact)));
      }),
    );
    expect(Math.abs(out.p - Number(oracle.p)) / Number(oracle.p)).toBeLessThan(1e-12);
    expect(Math.abs(out.lgamma - Number(oracle.lgamma)) / Number(oracle.lgamma)).toBeLessThan(1e-14);
    out.eig.forEach((v, i) => expect(Math.abs(v - Number(oracle.eig[i]))).toBeLessThan(1e-12 * 16));
    expect(out.threads).toBe('1');
    console.log(
      `numpy+scipy in the sandbox: import ${out.importSeconds.toFixed(3)} s, VmPeak ${(out.vmPeakKiB / 1024).toFixed(0)} MiB, max RSS ${(out.maxRssKiB / 1024).toFixed(0)} MiB, run ${r.durationMs.toFixed(0)} ms`,
    );
  });
});
