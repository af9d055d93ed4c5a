// printed-consistency over a table computed now (`sweep`): does the fit a logbook printed follow from what its own
// run cell prints when replayed over the same grid? The paging-style cell (test/app/replay/sweep-case.ts) is
// replayed over KS = 2..64 through the shared sweep runner; the slope of cost against ln k and its standard error
// come from numpy's least squares on what Debian's Python prints for those k (the oracle, outside Recheck). A
// printed fit within that rounding is consistent (neutral, basis recomputed); one that is not refutes the finding
// quoting it, and says the table is the one its code prints when run again.
import { spawnSync } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRecheckService } from '../../../../app/api/service';
import type { CaseRunReport, CheckResultView } from '../../../../common/api/contract';
import { PYTHON } from '../../../helpers/required';
import { confinementOrSkip } from '../../sandbox/harness';
import { PAGING_CELL, pagingCase, pagingOracle, powersOfTwo } from '../../replay/sweep-case';

const c = await confinementOrSkip();
const KS = powersOfTwo(6);

/** numpy's OLS slope of cost on ln k, and its standard error, from the oracle's printed lines. */
function numpyFit(printed: string): { b: number; se: number } {
  const py = `import sys, numpy as np
rows=[l.split() for l in sys.stdin.read().strip().splitlines()]
k=np.array([float(r[0].split('=')[1]) for r in rows]); y=np.array([float(r[1].split('=')[1]) for r in rows])
X=np.column_stack([np.ones(len(k)),np.log(k)]); c,res,_,_=np.linalg.lstsq(X,y,rcond=None)
s2=res[0]/(len(k)-2); print(repr(c[1]), repr(np.sqrt(s2*np.linalg.inv(X.T@X)[1,1])))`;
  const r = spawnSync(PYTHON, ['-c', py], { input: printed, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const [b, se] = r.stdout.trim().split(' ').map(Number);
  return { b: b as number, se: se as number };
}

describe.skipIf(c === null)('printed-consistency over a replay sweep', () => {
  const results = new Map<string, CheckResultView>();
  let oracle: { b: number; se: number };

  beforeAll(async () => {
    oracle = numpyFit(pagingOracle(KS));
    const caseDir = pagingCase();
    const api = await createRecheckService({ workspaceDir: dirname(caseDir) });
    const caseId = basename(caseDir);
    const params = (quote: string) => ({
      statistic: { quote, field: 'b' },
      sweep: { replay: { cell: PAGING_CELL }, grid: { KS }, seed: 1, jobs: 2, timeoutSeconds: 60 },
      method: { method: 'fit-slope', law: 'log', x: 'k', y: 'cost' },
    });
    // Printed to 3 decimals, as a logbook would: the true fit, and one 0.05 off (many SE at six points).
    for (const [title, b] of [
      ['true', oracle.b],
      ['off', oracle.b + 0.05],
    ] as const)
      await api.addCheck({
        caseId,
        falsification: 'F1',
        kind: 'printed-consistency',
        params: params(`b = ${b.toFixed(3)} ± ${oracle.se.toFixed(3)}`),
        title,
      });
    const report = await new Promise<CaseRunReport>((resolve, reject) => {
      api.onRunEvent((e) => {
        if (e.type === 'finished') resolve(e.report);
        if (e.type === 'failed') reject(new Error(e.error));
      });
      void api.runChecks(caseId, null);
    });
    for (const r of report.falsifications[0]!.checks) if (r.kind === 'printed-consistency') results.set(r.title, r);
  }, 180_000);

  it('a printed fit within the rounding of what the code prints is consistent: neutral, recomputed, numpy within the enclosure', () => {
    const r = results.get('true')!;
    expect(r.outcome, r.summary).toBe('neutral');
    expect(r.basis).toBe('recomputed');
    expect(r.evidence.verdict).toBe('consistent');
    const recomputed = r.evidence.recomputed as { value: number; se: number };
    expect(Math.abs(recomputed.value - oracle.b)).toBeLessThan(1e-9);
    expect(Math.abs(recomputed.se - oracle.se)).toBeLessThan(1e-9);
    expect(r.evidence.tableSource).toMatchObject({ rows: KS.length, sweep: { source: 'replay', points: KS.length } });
  });

  it('one that does not follow refutes the finding quoting it, naming the table its code prints when run again', () => {
    const r = results.get('off')!;
    expect(r.outcome, r.summary).toBe('refutes');
    expect(r.basis).toBe('recomputed');
    expect(r.evidence.verdict).toBe('inconsistent');
    expect(r.insufficient).toMatch(/^the statistic it quotes does not follow from the table its code prints when run again \(/);
  });
});
