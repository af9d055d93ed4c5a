// Issue 20: runtime bad input inside a check (its table lacks the column, a cell is not a number, its file is
// missing) is bad input of the run: the run records every check's result (the bad one as an error whose cause is
// bad input, with its one line), then `recheck run` exits 2 with one line per such check on stderr naming the case
// file and the check. With --json stdout is still the one report. An internal error of a check is not bad input.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { BUNDLED_CASES_DIR } from '../../../app/paths';
import type { CaseRunReport } from '../../../common/api/contract';
import { loadCase } from '../../../app/cases/load';
import { createCheckRegistry } from '../../../app/checks/registry';
import { runCase } from '../../../app/checks/run-case';
import { badInputLine } from '../../../app/cli/commands/run';
import { fixedKind } from '../../helpers/fake-kinds';
import { copyCase, tempDir, writeMinimalCase } from '../../helpers/temp-case';

interface CaseJson {
  falsifications: { id: string; checks: { id: string; kind: string; title: string; params: Record<string, unknown> }[] }[];
}

const fit = { table: 'logbook/sweep-k16.csv', x: 'k', se: 'se', weighting: 'none' };

/** A copy of the paging case whose F1 keeps only table checks (no sweep): `checks` replace them (and its checklist). */
function pagingCopy(name: string, checks: CaseJson['falsifications'][number]['checks']): string {
  const dir = copyCase(join(BUNDLED_CASES_DIR, 'paging-robustness'), tempDir(), name);
  const file = join(dir, 'case.json');
  const c = JSON.parse(readFileSync(file, 'utf8')) as CaseJson;
  const f = c.falsifications[0] as CaseJson['falsifications'][number] & { checklist?: unknown };
  f.checks = checks;
  // Its checklist links the checks removed here.
  delete f.checklist;
  writeFileSync(file, `${JSON.stringify(c, null, 2)}\n`);
  return dir;
}

describe('recheck run: bad input inside a check', () => {
  it('a growth-fit whose y column does not exist: every check recorded, then exit 2 and one line naming case.json and the check', async () => {
    const dir = pagingCopy('paging-bad-y', [
      { id: 'logbook-fit', kind: 'growth-fit', title: 'fit', params: { ...fit, y: 'additive' } },
      { id: 'typo-fit', kind: 'growth-fit', title: 'fit of a column the table lacks', params: { ...fit, y: 'additve' } },
    ]);
    const r = await cli(['run', dir], dir);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    const bad = lines.filter((l) => l.includes('typo-fit'));
    expect(bad).toHaveLength(1);
    expect(bad[0]).toBe(
      `recheck: ${join(dir, 'case.json')}: check typo-fit (F1, growth-fit): bad input: logbook/sweep-k16.csv: line 1: no column "additve" (columns: k, H_k, ratio, se, additive, ratio_exact, additive_exact, replicates)`,
    );
    // The run is whole: its report is written, with the good check's result and the bad one's cause.
    const runId = /run (\S+)/.exec(r.stdout)?.[1] as string;
    const report = JSON.parse(readFileSync(join(dir, 'runs', runId, 'report.json'), 'utf8')) as CaseRunReport;
    const [good, typo] = report.falsifications[0]?.checks ?? [];
    expect(good?.outcome).not.toBe('error');
    expect(typo).toMatchObject({
      outcome: 'error',
      error: { cause: 'bad-input', message: expect.stringMatching(/^logbook\/sweep-k16\.csv: line 1: no column "additve"/) as unknown },
    });
    expect(r.stdout).toContain('[bad input] typo-fit (growth-fit');
    expect(readFileSync(join(dir, 'audit.jsonl'), 'utf8')).toContain(runId);
  });

  it('with --json: stdout is one JSON document (the report), stderr one line, exit 2', async () => {
    const dir = pagingCopy('paging-bad-json', [
      { id: 'typo-fit', kind: 'growth-fit', title: 'bad y', params: { ...fit, y: 'nope' } },
      { id: 'gone', kind: 'growth-fit', title: 'missing file', params: { ...fit, table: 'logbook/missing.csv', y: 'additive' } },
    ]);
    const r = await cli(['run', dir, '--json', '--no-record'], dir);
    expect(r.code).toBe(2);
    const report = JSON.parse(r.stdout) as CaseRunReport;
    expect(report.falsifications[0]?.checks.map((c) => [c.checkId, c.outcome, c.error?.cause])).toEqual([
      ['typo-fit', 'error', 'bad-input'],
      ['gone', 'error', 'bad-input'],
    ]);
    // One line (the rule of exit 2): the first check's problem, then the others by id.
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^recheck: .*case\.json: check typo-fit \(F1, growth-fit\): bad input: logbook\/sweep-k16\.csv: line 1: no column "nope" .*; and 1 more check with bad input: gone \(F1\)$/,
    );
    expect(existsSync(join(dir, 'runs', report.runId))).toBe(false);
  });

  it('a cell that is not a number is bad input too', async () => {
    const dir = pagingCopy('paging-bad-cell', [{ id: 'fit', kind: 'growth-fit', title: 'fit', params: { ...fit, y: 'additive' } }]);
    const csv = join(dir, 'logbook', 'sweep-k16.csv');
    writeFileSync(csv, readFileSync(csv, 'utf8').replace('1.07142857', 'n/a'));
    const r = await cli(['run', dir, '--no-record'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/check fit \(F1, growth-fit\): bad input: logbook\/sweep-k16\.csv: line 3: .*"n\/a"/);
  });

  it('a run whose checks all ran is exit 0 and prints no such line', async () => {
    const dir = pagingCopy('paging-good', [{ id: 'fit', kind: 'growth-fit', title: 'fit', params: { ...fit, y: 'additive' } }]);
    const r = await cli(['run', dir, '--no-record'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).not.toContain('bad input');
  });

  it('a check that breaks otherwise is an internal error of that check: recorded with that cause, no bad-input line', async () => {
    const registry = createCheckRegistry([fixedKind]);
    const dir = writeMinimalCase(tempDir());
    const file = join(dir, 'case.json');
    const c = JSON.parse(readFileSync(file, 'utf8')) as CaseJson;
    (c.falsifications[0] as CaseJson['falsifications'][number]).checks = [
      { id: 'c1', kind: 'test-fixed', title: 'breaks', params: { outcome: 'throw' } },
    ];
    writeFileSync(file, JSON.stringify(c));
    const report = await runCase(await loadCase(dir, registry), registry, { record: false });
    expect(report.falsifications[0]?.checks[0]).toMatchObject({
      outcome: 'error',
      summary: 'the check broke',
      error: { cause: 'internal', message: 'the check broke' },
    });
    expect(badInputLine(file, report)).toBeNull();
  });
});
