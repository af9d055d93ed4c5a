// A replay sweep as the data source of a growth-fit check (sweep-table.ts `replay`, sweep-table-replay.ts): the
// paging-style cell of the CLI's sweep tests (KS = [2, 4, 8, 16], cost = 1 + 0.5 ln k + noise) replayed with KS
// swept over 2..1024 through the shared sweep runner, its printed `k=.. cost=..` lines assembled into the table the
// fit reads. End to end through the core (addCheck, runChecks, run events), with the table compared to what
// Debian's Python prints for those k outside Recheck (the oracle), the live points, resume in the run's folder,
// and failing points and bad params as bad input naming them.
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { createRecheckService } from '../../../../app/api/service';
import { growthFitKind } from '../../../../app/checks/kinds/growth-fit';
import { createCheckRegistry } from '../../../../app/checks/registry';
import type { CaseRunReport, RunEvent } from '../../../../common/api/contract';
import { makeTestContext } from '../../../helpers/check-context';
import { confinementOrSkip } from '../../sandbox/harness';
import { pythonCell, replayCase } from '../../replay/replay-case';
import { PAGING_CELL, pagingCase, pagingOracle, powersOfTwo } from '../../replay/sweep-case';

const c = await confinementOrSkip();
const KS = powersOfTwo(10);
const sweep = (grid: Record<string, number[]> = { KS }) => ({ replay: { cell: PAGING_CELL }, grid, seed: 1, jobs: 2, timeoutSeconds: 60 });

describe.skipIf(c === null)('growth-fit over a replay sweep, through the core', () => {
  let report: CaseRunReport;
  const points: Extract<RunEvent, { type: 'series-point' }>[] = [];
  let caseDir = '';
  let oracle = '';

  beforeAll(async () => {
    caseDir = pagingCase();
    oracle = pagingOracle(KS);
    const api = await createRecheckService({ workspaceDir: dirname(caseDir) });
    const caseId = basename(caseDir);
    await api.addCheck({
      caseId,
      falsification: 'F1',
      kind: 'growth-fit',
      params: { sweep: sweep(), x: 'k', y: 'cost', asserts: 'growth' },
      title: 'the replay of the paging cell with KS = 2..1024',
    });
    report = await new Promise<CaseRunReport>((resolve, reject) => {
      api.onRunEvent((e) => {
        if (e.type === 'series-point') points.push(e);
        if (e.type === 'finished') resolve(e.report);
        if (e.type === 'failed') reject(new Error(e.error));
      });
      void api.runChecks(caseId, null);
    });
  }, 180_000);

  it("fits the table of the cell's own output at each k: every row what Python prints for that k, and the growth found", () => {
    const r = report.falsifications[0]!.checks.find((x) => x.kind === 'growth-fit')!;
    expect(r.outcome).toBe('supports');
    const csvPath = r.artifacts.find((a) => a.endsWith('sweep.csv'))!;
    const csv = readFileSync(join(caseDir, csvPath), 'utf8');
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe('KS,k,cost');
    // The oracle's lines `k=<k> cost=<c>`, one per k, as the rows' exact printed text.
    const expected = oracle
      .trim()
      .split('\n')
      .map((l) => /^k=(\d+) cost=(\S+)$/.exec(l)!)
      .map((m) => `${m[1]},${m[1]},${m[2]}`);
    expect(lines.slice(1)).toEqual(expected);
    expect(r.evidence.sweep).toMatchObject({
      source: 'replay',
      replay: { cell: PAGING_CELL, table: 1 },
      points: KS.length,
      rows: KS.length,
      computedPoints: KS.length,
      resumedPoints: 0,
      backend: { name: 'local' },
    });
    expect((r.evidence.conclusion as { value: string }).value).toBe('grows');
  });

  it('sends each point as a live series point (x = k, y = cost) while it runs', () => {
    const byK = new Map(
      oracle
        .trim()
        .split('\n')
        .map((l) => [Number(/k=(\d+)/.exec(l)![1]), Number(/cost=(\S+)/.exec(l)![1])]),
    );
    expect(points.map((p) => p.x).sort((a, b) => a - b)).toEqual(KS);
    for (const p of points) {
      expect(p).toMatchObject({ series: 'cost', xLabel: 'k' });
      expect(p.y).toBe(byK.get(p.x));
    }
  });
});

describe.skipIf(c === null)('a replay sweep table in one run folder', () => {
  it('resumes from the checkpoint: a second run of the same sweep computes no point and gives the same table', async () => {
    const dir = pagingCase();
    const ctx = makeTestContext(dir, { checkId: 'grow' });
    const grid = { KS: [2, 4, 8, 16, 32, 64] };
    const first = await growthFitKind.run({ sweep: sweep(grid), x: 'k', y: 'cost' }, ctx);
    expect(first.evidence.sweep).toMatchObject({ computedPoints: 6, resumedPoints: 0 });
    expect(ctx.progressEvents.at(-1)).toMatchObject({ done: 6, total: 6, message: `sweep of the replay of ${PAGING_CELL}` });
    const again = await growthFitKind.run({ sweep: sweep(grid), x: 'k', y: 'cost' }, ctx);
    expect(again.evidence.sweep).toMatchObject({ computedPoints: 0, resumedPoints: 6 });
    expect(again.evidence.tableSha256).toBe(first.evidence.tableSha256);
  }, 120_000);

  it('names a failing point, and refuses a grid name the script does not have', async () => {
    const FAILS = 'import sys\nKS = [2]\nfor k in KS:\n    if k == 8:\n        sys.exit("no k = 8")\n    print(f"k={k} y={2 * k}")\n';
    const dir = replayCase([pythonCell('cell_fails', 'fails.py', FAILS, 'k=2 y=4\n')]);
    const run = (grid: Record<string, number[]>) =>
      growthFitKind.run(
        { sweep: { replay: { cell: 'cell_fails' }, grid, seed: 1, timeoutSeconds: 60 }, x: 'k', y: 'y' },
        makeTestContext(dir),
      );
    await expect(run({ KS: [2, 4, 8] })).rejects.toThrow(/sweep point 2 \{"KS":8\}: exited: .*no k = 8/);
    await expect(run({ KZ: [2, 4] })).rejects.toThrow(/--grid KZ: the script has no top-level constant/);
  }, 120_000);
});

describe('growth-fit sweep params', () => {
  it('take exactly one of a program and a replay as the sweep source', () => {
    const reg = createCheckRegistry([growthFitKind]);
    expect(reg.validateParams('growth-fit', { sweep: sweep(), x: 'k', y: 'cost' })).toBeNull();
    expect(reg.validateParams('growth-fit', { sweep: { ...sweep(), program: 'p.ts' }, x: 'k', y: 'cost' })).not.toBeNull();
    expect(reg.validateParams('growth-fit', { sweep: { grid: { KS }, seed: 1 }, x: 'k', y: 'cost' })).not.toBeNull();
    expect(reg.validateParams('growth-fit', { sweep: { ...sweep(), replay: { cell: 'c', table: 0 } }, x: 'k', y: 'cost' })).not.toBeNull();
    expect(
      reg.validateParams('growth-fit', { sweep: { ...sweep(), replay: { cell: 'c', shell: true } }, x: 'k', y: 'cost' }),
    ).not.toBeNull();
  });
});
