// The bundled case fw-attention-collapse: checks run through the case runner and the decisions are computed;
// the committed certificates are what the case's own search finds, and our sandbox re-implementation agrees.
import { describe, it, expect } from 'vitest';
import { readFileSync, mkdtempSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tmpdir } from 'node:os';
import { loadCase } from '../../app/cases/load';
import { runCase } from '../../app/checks/run-case';
import { defaultRegistry } from '../../app/cli/registry';
import { cli } from '../helpers/cli';
import { Rational } from '../../checkers/exact/rational';
import { referenceFirstExit } from '../../cases/fw-attention-collapse/sandbox/fw-attention-reference';
import { randomSearch } from '../../cases/fw-attention-collapse/sandbox/random-search';

const CASE = resolve(import.meta.dirname, '../../cases/fw-attention-collapse');


describe('case fw-attention-collapse', () => {
  it('F1 is confirmed (exact exits at 706 and 3000), F2 refuted (a float64 artefact)', async () => {
    const registry = defaultRegistry();
    const report = await runCase(await loadCase(CASE, registry), registry, { record: false });
    const f1 = report.falsifications.find((f) => f.falsificationId === 'F1');
    const f2 = report.falsifications.find((f) => f.falsificationId === 'F2');
    expect(f1?.decision).toBe('confirmed');
    expect(f2?.decision).toBe('refuted');
    const byId = (f: typeof f1, id: string) => f?.checks.find((c) => c.checkId === id);
    expect(byId(f1, 'logbook-certificate')?.evidence).toMatchObject({ holds: true, firstExitStep: 706, float64FirstExitStep: 706 });
    expect(byId(f1, 'search-certificate-c824')?.evidence).toMatchObject({ holds: true, firstExitStep: 3000 });
    expect(byId(f1, 'horizon-trap')?.evidence).toMatchObject({ shortHorizon: 300, firstExitStep: 706, seenByShortCheck: false });
    expect(byId(f2, 'logbook-certificate')?.evidence).toMatchObject({ holds: false, firstExitStep: null, float64Holds: true });
    expect(byId(f2, 'float-vs-exact')?.evidence).toMatchObject({ exactFirstExitStep: null, float64FirstExitStep: 2 });
    expect(byId(f2, 'float-vs-exact')?.outcome).toBe('refutes');
  });

  it('the committed certificates are exactly what `recheck search` finds for the sandbox configs', async () => {
    const out = mkdtempSync(join(tmpdir(), 'fw-search-'));
    for (const name of ['example-c200', 'example-c824']) {
      const r = await cli(['search', `sandbox/configs/${name}.json`, '--horizon', '5000', '--json', '--certificate', join(out, `${name}.json`)], CASE);
      expect(r.code).toBe(0);
      expect(readFileSync(join(out, `${name}.json`), 'utf8')).toBe(readFileSync(join(CASE, 'sandbox/certificates', `${name}.json`), 'utf8'));
    }
    const none = await cli(['search', 'sandbox/configs/collinear-c1.json', '--horizon', '5000', '--json'], CASE);
    expect(JSON.parse(none.stdout)).toMatchObject({ firstExitStep: null, float64FirstExitStep: 2 });
  });

  it('the sandbox re-implementation (Rational per coordinate, brute-force hull) agrees', () => {
    const pts = (rows: string[][]) => rows.map((p) => p.map((s) => Rational.parse(s)));
    expect(referenceFirstExit(pts([['-3', '1/4'], ['-3', '-3'], ['-1/3', '-7/4'], ['3', '1/2']]), 50, 200)).toBe(103);
    expect(referenceFirstExit(pts([['1/10', '3/10'], ['-1/5', '-3/5']]), 1, 200)).toBeNull();
  });

  it('the seeded random search finds what SEARCH.md says, and the reference confirms its first example', () => {
    const r = randomSearch(1, 400, 300, 2);
    expect(r).toMatchObject({ startInside: 228, exactExits: 213, float64Disagreements: 7 });
    const ex = r.examples[1]!;
    expect(ex).toMatchObject({ c: 15, firstExitStep: 3, float64FirstExitStep: 1 });
    expect(referenceFirstExit(ex.points.map((p) => p.map((s) => Rational.parse(s))), ex.c, 50)).toBe(3);
  });

  it('the random false exit: float64 exits at step 10, the exact run not up to 5000', async () => {
    const r = await cli(['search', 'sandbox/configs/random-false-exit-c9.json', '--horizon', '5000', '--json'], CASE);
    expect(JSON.parse(r.stdout)).toMatchObject({ firstExitStep: null, float64FirstExitStep: 10 });
  });
});
