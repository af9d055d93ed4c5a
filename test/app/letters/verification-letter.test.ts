// The hidden-style paging case end to end, built only through CLI commands, as an organizer would: a Trackio
// logbook that printed a 4-row table for k = 2..16, "fitted b = 0.41 +- 0.07", and concluded "Verified at this
// scale". import trackio, case add-claim, case add-finding --says verified quoting the verdict cell, extract
// the printed table, add a growth-fit on it and a printed-consistency on the printed fit, run: the
// verification is premature and the printed fit inconsistent; the letter to the logbook's author says both, in
// words drawn from the evidence, naming the checks. The control logbook (its printed fit consistent) runs the
// same way. The refit is recomputed by an independent oracle (Debian's Python, its own OLS).
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { PYTHON } from '../../helpers/required';
import { loadCase } from '../../../app/cases/load';
import { defaultRegistry } from '../../../app/cli/registry';
import { latestReports } from '../../../app/checks/latest';
import { num } from '../../../app/text/prose-numbers';
import type { LatestFalsificationReport } from '../../../common/api/contract';
import { claimProblems } from './claim-check';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures/printed-fit');
const CLAIM = 'Follow-then-mark is (H_k + O(1))-competitive.';
const GROWTH_TITLE = "Fit bounded and growing laws to the logbook's printed table (k = 2..16)";
const PRINTED_TITLE = 'Refit the printed table: does the printed fitted b follow from it?';

interface Built {
  dir: string;
  beforeRun: { stdout: string; stderr: string };
  run: { code: number; stdout: string };
  letter: { code: number; stdout: string; stderr: string };
  reports: LatestFalsificationReport[];
  ids: string[];
}

async function step(args: string[], cwd: string) {
  const r = await cli(args, cwd);
  if (r.code !== 0) throw new Error(`recheck ${args.join(' ')}: exit ${r.code}: ${r.stderr}`);
  return r;
}

/** The case built from a fixture's logbook through the CLI only. `statistic` finds the printed fit in its cell. */
async function build(fixture: string, statistic: Record<string, string>, finding: string[]): Promise<Built> {
  const work = mkdtempSync(join(tmpdir(), 'recheck-hidden-paging-'));
  cpSync(join(FIXTURES, fixture, 'logbook'), join(work, 'logbook'), { recursive: true });
  await step(['import', 'trackio', 'logbook', '--out', 'case', '--paper', join(FIXTURES, fixture, 'paper.md'), '--who', 'Organizer'], work);
  await step(['case', 'add-claim', 'case', '--text', CLAIM, '--who', 'Organizer'], work);
  // The logbook's verdict, quoted from its cell as printed.
  await step(
    ['case', 'add-finding', 'case', '--claim', 'C1', '--logbook', 'L1', '--says', 'verified', ...finding, '--who', 'Organizer'],
    work,
  );
  await step(['extract', 'case', '--cell', 'cell_table', '--out', 'case/sandbox/table.csv', '--who', 'Organizer'], work);
  await step(
    [
      'case',
      'add-check',
      'case',
      '--falsification',
      'F1',
      '--kind',
      'growth-fit',
      '--id',
      'table-fit',
      '--title',
      GROWTH_TITLE,
      '--param',
      'table=sandbox/table.csv',
      '--param',
      'x=k',
      '--param',
      'y=y',
      '--param',
      'asserts=noGrowth',
      '--who',
      'Organizer',
    ],
    work,
  );
  await step(
    [
      'case',
      'add-check',
      'case',
      '--falsification',
      'F1',
      '--kind',
      'printed-consistency',
      '--id',
      'printed-fit',
      '--title',
      PRINTED_TITLE,
      '--params',
      JSON.stringify({ statistic: { cell: 'cell_table', ...statistic }, method: { method: 'fit-slope', law: 'log', x: 'k', y: 'y' } }),
      '--who',
      'Organizer',
    ],
    work,
  );
  const beforeRun = await cli(['letter', 'case', '--to', 'logbook'], work);
  const run = await cli(['run', 'case', '--json', '--who', 'Organizer'], work);
  const letter = await cli(['letter', 'case', '--to', 'logbook'], work);
  const dir = join(work, 'case');
  const file = (await loadCase(dir, defaultRegistry())).file;
  const { reports } = await latestReports(
    dir,
    file.falsifications.map((f) => f.id),
  );
  return { dir, beforeRun, run, letter, reports, ids: file.falsifications.flatMap((f) => f.checks.map((c) => c.id)) };
}

/** OLS of y on ln k by Debian's Python (its own sums, not Recheck's code): slope and its standard error. */
function oracleFit(csv: string): { b: number; se: number } {
  const code = `
import math, sys, csv
rows = list(csv.DictReader(sys.stdin))
x = [math.log(float(r['k'])) for r in rows]; y = [float(r['y']) for r in rows]
n = len(x); mx = sum(x) / n; my = sum(y) / n
sxx = sum((a - mx) ** 2 for a in x); sxy = sum((a - mx) * (b - my) for a, b in zip(x, y))
b = sxy / sxx; a = my - b * mx
rss = sum((yy - a - b * xx) ** 2 for xx, yy in zip(x, y))
print(repr(b), repr(math.sqrt(rss / (n - 2) / sxx)))`;
  const r = spawnSync(PYTHON, ['-c', code], { input: csv, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`oracle: ${r.stderr}`);
  const [b, se] = r.stdout.trim().split(' ').map(Number);
  return { b: b!, se: se! };
}

let hidden: Built;
let control: Built;
let hiddenFit: { b: number; se: number };
let controlFit: { b: number; se: number };

beforeAll(async () => {
  // The hidden logbook's verdict cell, whole; the control prints no verdict cell: its fit line is the finding.
  hidden = await build('paging-verified', { after: 'fitted b' }, ['--cell', 'cell_verdict']);
  control = await build('paging-verified-control', { field: 'fitted b' }, [
    '--cell',
    'cell_table',
    '--quote',
    'fitted b = 0.0945 +- 0.018',
  ]);
  hiddenFit = oracleFit(readFileSync(join(hidden.dir, 'sandbox/table.csv'), 'utf8'));
  controlFit = oracleFit(readFileSync(join(control.dir, 'sandbox/table.csv'), 'utf8'));
}, 120_000);

const section = (md: string, heading: string) => md.split(`### ${heading}`)[1]?.split('\n### ')[0] ?? '';

describe('the hidden-style paging logbook, built through the CLI', () => {
  it('is decided premature, with the printed fit flagged inconsistent against the oracle refit', () => {
    expect(hidden.run.code).toBe(0);
    const report = hidden.reports[0]!;
    expect(report.says).toBe('verified');
    expect(report.assertion).toContain('Verified at this scale.');
    expect(report.decision).toBe('premature');
    const printed = report.checks.find((c) => c.checkId === 'printed-fit')!;
    expect(printed.evidence.verdict).toBe('inconsistent');
    const recomputed = printed.evidence.recomputed as { value: number; se: number };
    expect(Math.abs(recomputed.value - hiddenFit.b)).toBeLessThan(1e-9);
    expect(Math.abs(recomputed.se - hiddenFit.se)).toBeLessThan(1e-9);
    expect(hiddenFit.b).toBeCloseTo(0.0945, 4);
    const growth = report.checks.find((c) => c.checkId === 'table-fit')!;
    expect((growth.evidence.conclusion as { value: string }).value).toBe('cannot-tell');
  });

  it("its letter to the logbook's author says both, in words from the evidence, naming the checks", () => {
    const md = hidden.letter.stdout;
    expect(md).toMatch(/^# Your reported verification of /);
    // The opening follows the polarity: a verification, premature; never a falsification's thanks.
    expect(md).toContain(
      `Your logbook reports that the claim “${CLAIM}” holds at this scale; we re-checked it, and the evidence cannot yet carry that (verification premature: the evidence cannot carry it).`,
    );
    expect(md).not.toMatch(/failure you reported|we believe|too small a scale|claimed falsification|falsification (confirmed|refuted)/i);
    const why = section(md, 'Why the evidence cannot carry it yet');
    // Both diagnoses, each naming its check, with the oracle's numbers as the letter prints them.
    expect(why).toContain(
      `- **${PRINTED_TITLE}** The printed b = 0.41 ± 0.07 does not follow from the table printed beside it: recomputing it from its 4 rows (log law, OLS) gives b = ${num(hiddenFit.b, 2)} ± ${num(hiddenFit.se, 2)}, ${num((0.41 - hiddenFit.b) / 0.07, 2)} printed SE (${num((0.41 - hiddenFit.b) / hiddenFit.se, 2)} recomputed SE) away`,
    );
    expect(num(hiddenFit.b, 2)).toBe('0.094');
    expect(why).toContain(
      `- **${GROWTH_TITLE}.** The 4 rows of the logbook's own table (\`k\` = 2..16) are below the minimums (6 distinct \`k\` over a decade): they cannot tell growth from a bound.`,
    );
    expect(md).toContain('Re-check result: **verification premature: the evidence cannot carry it**.');
    expect(md).toContain(`Contradicting the verification: “${PRINTED_TITLE}”. Deciding nothing on its own: “${GROWTH_TITLE}”.`);
    expect(claimProblems(md, hidden.reports, hidden.ids)).toEqual([]);
  });

  it('is not ready to send: no verdict yet, and every open checklist question named', () => {
    expect(hidden.letter.stderr).toMatch(/not ready to send/);
    expect(hidden.letter.stdout).toContain("> - F1: no reviewer's verdict has been recorded");
    expect(hidden.letter.stdout).not.toContain('the checks must decide it first');
  });

  it('before any run, its letter says only that nothing has been computed yet', () => {
    const md = hidden.beforeRun.stdout;
    expect(md).toContain('Nothing has been computed yet: the checks of this case have not been run, so this draft states no finding.');
    expect(md).toContain('Dear author of the logbook “Paging bound verified on a 4-row table”,');
    expect(md).not.toMatch(/we re-checked|Re-check result|we believe|stand/);
    expect(hidden.beforeRun.stderr).toMatch(/not ready to send/);
  });

  it('the control logbook (its printed fit consistent) is premature on the minimums alone, and its letter says the fit follows', () => {
    const report = control.reports[0]!;
    expect(report.decision).toBe('premature');
    const printed = report.checks.find((c) => c.checkId === 'printed-fit')!;
    expect(printed.evidence.verdict).toBe('consistent');
    expect(printed.outcome).toBe('neutral');
    const md = control.letter.stdout;
    expect(md).toContain(
      `The printed fitted b = 0.0945 ± 0.018 follows from the table printed beside it: recomputing it from its 4 rows (log law, OLS) gives fitted b = ${num(controlFit.b, 2)} ± ${num(controlFit.se, 2)}, within the rounding of the printed cells.`,
    );
    const why = section(md, 'Why the evidence cannot carry it yet');
    expect(why).toContain('below the minimums');
    expect(why).not.toContain(PRINTED_TITLE); // a consistent fit is no diagnosis
    expect(claimProblems(md, control.reports, control.ids)).toEqual([]);
  });

  it('the sentence check catches a number, an outcome or a conclusion the evidence does not hold', () => {
    const md = hidden.letter.stdout;
    const tampered = [
      md.replace(`b = ${num(hiddenFit.b, 2)} ±`, 'b = 0.0994 ±'),
      md.replace('Deciding nothing on its own:', 'Supporting the verification:'),
      md.replace('they cannot tell growth from a bound', 'the `y` grows'),
      md.replace(`**${PRINTED_TITLE}**`, '**printed-fit.**'),
    ];
    for (const t of tampered) {
      expect(t).not.toBe(md);
      expect(claimProblems(t, hidden.reports, hidden.ids).length).toBeGreaterThan(0);
    }
  });
});
