// Issue 11, defect 7: "REFUTED" read as "the paper is refuted" when it meant the falsification failed. The CLI
// prints the same words as the UI and the letters; the JSON values stay stable.
import { describe, it, expect } from 'vitest';
import { formatReport } from '../../../app/cli/commands/run';
import type { CaseRunReport } from '../../../common/api/contract';

const report: CaseRunReport = {
  runId: 'r1',
  caseId: 'c',
  startedAt: '2026-11-30T00:00:00.000Z',
  finishedAt: '2026-11-30T00:00:01.000Z',
  falsifications: [
    {
      falsificationId: 'F1',
      claim: 'C1',
      assertion: 'fails',
      decision: 'refuted',
      reason: 'units slip',
      checks: [
        {
          falsificationId: 'F1',
          checkId: 'u',
          kind: 'units-audit',
          title: 'units',
          outcome: 'refutes',
          summary: 'per batch of 50',
          evidence: {},
          artifacts: [],
          durationMs: 1,
        },
      ],
    },
    { falsificationId: 'F2', claim: 'C2', assertion: 'fails', decision: 'confirmed', reason: 'exact run', checks: [] },
  ],
};

describe('recheck run prints outcomes nobody can misread', () => {
  it('names the falsification and what it means for the claim', () => {
    const text = formatReport(report);
    expect(text).toContain('F1 (claim C1): falsification refuted: the claim stands');
    expect(text).toContain('[refutes the falsification] u (units-audit, 1 ms)');
    expect(text).toContain('F2 (claim C2): falsification confirmed: the claim fails');
    expect(text).not.toMatch(/REFUTED|CONFIRMED/);
  });
});
