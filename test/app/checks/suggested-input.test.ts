// The input "Run in sandbox" suggests for a case's module: a module check's params, or a sweep's first point with
// its own seed. Checked against the bundled cases' case.json and against the sweep runner's own seed rule.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitSeed } from '../../../checkers/random/xoshiro128';
import type { CaseFile } from '../../../app/cases/model';
import { suggestedInput } from '../../../app/checks/suggested-input';

const repo = path.resolve(import.meta.dirname, '../../..');
const caseFile = (id: string) => JSON.parse(readFileSync(path.join(repo, 'cases', id, 'case.json'), 'utf8')) as CaseFile;

function withChecks(checks: { id: string; kind: string; title: string; params: Record<string, unknown> }[]): CaseFile {
  return {
    format: 'recheck.case/1',
    id: 'x',
    title: 'x',
    paper: { title: 'x', venueId: 'x', claims: [] },
    logbooks: [],
    falsifications: [{ id: 'F1', claim: 'C1', logbook: 'L', assertion: 'a', checks }],
  };
}

describe('suggestedInput', () => {
  it("gives a sweep program its first grid point and that point's seed (paging case)", () => {
    const s = suggestedInput(caseFile('paging-robustness'), 'sandbox/point.ts');
    expect(s).toEqual({
      input: { k: 2, replicates: 32, phases: 40 },
      seed: splitSeed(7, 0),
      from: 'point 1 of 10 of the sweep of check F1/full-sweep',
    });
  });

  it("takes the first value of each parameter, in the grid's order", () => {
    const file = withChecks([
      {
        id: 'c',
        kind: 'growth-fit',
        title: 't',
        params: { sweep: { program: 'sandbox/p.ts', grid: { b: ['x', 'y'], a: [3, 1] }, seed: 0 } },
      },
    ]);
    const s = suggestedInput(file, 'sandbox/p.ts');
    expect(s?.input).toEqual({ b: 'x', a: 3 });
    expect(Object.keys(s?.input as object)).toEqual(['b', 'a']);
    expect(s?.seed).toBe(splitSeed(0, 0));
  });

  it('gives a module check its params without `module`, and no seed', () => {
    const file = withChecks([{ id: 'c', kind: 'kl-mode-fit', title: 't', params: { module: 'sandbox/m.ts', digits: 40 } }]);
    expect(suggestedInput(file, 'sandbox/m.ts')).toEqual({ input: { digits: 40 }, from: 'the params of check F1/c' });
  });

  it('is undefined for a file no check runs (a helper module)', () => {
    expect(suggestedInput(caseFile('paging-robustness'), 'sandbox/paging.ts')).toBeUndefined();
  });

  it('the first declaring check wins', () => {
    const file = withChecks([
      { id: 'first', kind: 'growth-fit', title: 't', params: { sweep: { program: 'sandbox/p.ts', grid: { k: [5] }, seed: 1 } } },
      { id: 'second', kind: 'kl-mode-fit', title: 't', params: { module: 'sandbox/p.ts' } },
    ]);
    expect(suggestedInput(file, 'sandbox/p.ts')?.from).toContain('F1/first');
  });
});
