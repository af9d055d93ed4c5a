// Issue 20's first "Done when", with the CLI alone: from an empty workspace, the paired-seeds logbook (a claim
// about a paired comparison over five seeds; a verdict cell that calls it falsified from an unpaired Welch test)
// becomes a case whose run ends `falsification refuted` with the paired test's numbers (t = sqrt 320 on 4 dof,
// p = 5.74e-5, against scipy on the extracted CSV) and the mismatch named, and whose letter is sendable and
// says so in its own words. Every step goes through test/helpers/cli.ts, as a reviewer would type it.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { PYTHON, pythonModules } from '../../helpers/required';
import {
  PAIRED_BASELINE,
  PAIRED_CLAIM,
  PAIRED_METHOD,
  PAIRED_RUN_CELL,
  PAIRED_VENUE,
  PAIRED_VERDICT,
  PAIRED_VERDICT_CELL,
  writePairedSeedsLogbook,
} from '../../helpers/paired-seeds-logbook';

const scipy = pythonModules(['scipy.stats', 'numpy']);
const WHO = ['--who', 'Ada'];
const CHECK = 'paired-seeds';
const CHECK_TITLE = 'paired t on the five seeds';

/** scipy and Python's Fraction on the CSV that `recheck extract` wrote (read by Python's csv module). */
interface Oracle {
  paired: { t: number; p: number; dof: number };
  welch: { t: number; p: number; dof: number };
  rows: string[][];
  diff: string[];
}
function oracleOn(csvPath: string): Oracle {
  const script = `
import csv, json, sys
from fractions import Fraction
from scipy import stats
rows = list(csv.reader(open(sys.argv[1])))
h = rows[0]; body = rows[1:]
col = lambda n: [r[h.index(n)] for r in body]
m = [float(x) for x in col('method')]; b = [float(x) for x in col('baseline')]
pr = stats.ttest_rel(m, b)
w = stats.ttest_ind(m, b, equal_var=False)
va, vb = stats.tvar(m), stats.tvar(b)
wdof = (va / 5 + vb / 5) ** 2 / ((va / 5) ** 2 / 4 + (vb / 5) ** 2 / 4)
diff = [str(Fraction(x) - Fraction(y)) for x, y in zip(col('method'), col('baseline'))]
print(json.dumps({'paired': {'t': float(pr.statistic), 'p': float(pr.pvalue), 'dof': float(pr.df)},
  'welch': {'t': float(w.statistic), 'p': float(w.pvalue), 'dof': float(wdof)}, 'rows': rows, 'diff': diff}))`;
  return JSON.parse(execFileSync(PYTHON, ['-c', script, csvPath], { encoding: 'utf8' })) as Oracle;
}

/** A decimal as an exact fraction's string ("1.125" -> "9/8"), as Python's Fraction prints it. */
function fractionOf(dec: string): string {
  const [i, f = ''] = dec.split('.');
  let num = BigInt(`${i}${f}`);
  let den = 10n ** BigInt(f.length);
  const gcd = (x: bigint, y: bigint): bigint => (y === 0n ? (x < 0n ? -x : x) : gcd(y, x % y));
  const g = gcd(num, den);
  num /= g;
  den /= g;
  return den === 1n ? `${num}` : `${num}/${den}`;
}

/** The printed number is the oracle's value rounded to the digits printed (half a unit in the last place). */
function printedMatches(printed: string, exact: number): boolean {
  const [mant, exp = '0'] = printed.toLowerCase().split('e');
  const decimals = (mant!.split('.')[1] ?? '').length;
  const ulp = 10 ** (Number(exp) - decimals);
  return Math.abs(Number(printed) - exact) <= ulp / 2 + Math.abs(exact) * 1e-12;
}

async function ok(args: string[], cwd: string) {
  const r = await cli(args, cwd);
  expect(r.stderr, args.join(' ')).toBe('');
  expect(r.code, args.join(' ')).toBe(0);
  return r;
}

describe.skipIf(scipy !== '')('paired-seeds logbook to a sendable letter, CLI only (issue 20)', () => {
  const ws = tempDir('recheck-paired-seeds-');
  const logbook = writePairedSeedsLogbook(join(ws, 'logbook-folder'));
  const caseDir = join(ws, 'seeds');
  let oracle: Oracle;

  beforeAll(async () => {
    writeFileSync(join(ws, 'paper.md'), `# Paired seeds paper\n\n${PAIRED_CLAIM}\n`);
    await ok(['new', 'seeds', '--paper', 'paper.md', '--venue-id', PAIRED_VENUE, ...WHO], ws);
    await ok(['import', 'trackio', logbook, '--out', 'seeds', ...WHO], ws);
    await ok(['case', 'add-claim', 'seeds', '--text', PAIRED_CLAIM, ...WHO], ws);
    await ok(
      ['case', 'add-finding', 'seeds', '--claim', 'C1', '--logbook', 'L1', '--says', 'falsified'].concat([
        '--cell',
        PAIRED_VERDICT_CELL,
        '--quote',
        PAIRED_VERDICT,
        ...WHO,
      ]),
      ws,
    );
    await ok(
      ['extract', 'seeds', '--cell', PAIRED_RUN_CELL, '--out', 'seeds/sandbox/seeds.csv', '--derive', 'diff = method - baseline', ...WHO],
      ws,
    );
    oracle = oracleOn(join(caseDir, 'sandbox/seeds.csv'));
  });

  it('the extracted CSV is the printed table, cell for cell, with the exact differences derived', () => {
    expect(oracle.rows[0]).toEqual(['seed', 'baseline', 'method', 'diff']);
    expect(oracle.rows.slice(1).map((r) => r.slice(0, 3))).toEqual(
      PAIRED_BASELINE.map((b, i) => [String(i + 1), String(b), String(PAIRED_METHOD[i])]),
    );
    expect(oracle.rows.slice(1).map((r) => fractionOf(r[3]!))).toEqual(oracle.diff);
    const prov = JSON.parse(readFileSync(join(caseDir, 'sandbox/seeds.csv.provenance.json'), 'utf8')) as {
      source: { cell: string; page: string };
    };
    expect(prov.source).toMatchObject({ cell: PAIRED_RUN_CELL, page: 'seed-comparison' });
  });

  it('the case reads back as built: one claim, one finding that says falsified quoted from the verdict cell', () => {
    const c = JSON.parse(readFileSync(join(caseDir, 'case.json'), 'utf8')) as {
      paper: { venueId: string; claims: { id: string; text: string }[] };
      falsifications: { id: string; claim: string; says?: string; assertion: string; source?: { cell?: string } }[];
    };
    expect(c.paper.venueId).toBe(PAIRED_VENUE);
    expect(c.paper.claims).toEqual([expect.objectContaining({ id: 'C1', text: PAIRED_CLAIM })]);
    expect(c.falsifications).toHaveLength(1);
    expect(c.falsifications[0]).toMatchObject({ id: 'F1', claim: 'C1', assertion: PAIRED_VERDICT, source: { cell: PAIRED_VERDICT_CELL } });
  });

  it('a hypothesis-test check (paired t as the claim’s test, Welch as the finding’s) makes the run say falsification refuted', async () => {
    const params = {
      table: 'sandbox/seeds.csv',
      a: 'method',
      b: 'baseline',
      test: 'paired-t',
      alternative: 'two-sided',
      level: 0.95,
      decideAt: 0.05,
      expect: 'difference',
      findingTest: { test: 'welch', alternative: 'two-sided' },
    };
    const add = ['case', 'add-check', 'seeds', '--falsification', 'F1', '--kind', 'hypothesis-test', '--id', CHECK];
    await ok([...add, '--title', CHECK_TITLE, '--params', JSON.stringify(params), ...WHO], ws);

    const text = await ok(['run', 'seeds', ...WHO], ws);
    expect(text.stdout).toContain('F1 (claim C1): falsification refuted: the claim stands');
    expect(text.stdout).toMatch(/gate passed: /);

    const r = await cli(['run', 'seeds', '--json', '--no-record'], ws);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as {
      falsifications: {
        decision: string;
        checks: {
          checkId: string;
          outcome: string;
          evidence: { mismatch: string[]; tests: { role: string; test: string; result: { statistic: number; dof: number; p: number } }[] };
        }[];
      }[];
    };
    const f = report.falsifications[0]!;
    expect(f.decision).toBe('refuted');
    const check = f.checks.find((c) => c.checkId === CHECK)!;
    expect(check.outcome).toBe('refutes');
    const claim = check.evidence.tests.find((t) => t.role === 'claim')!;
    const finding = check.evidence.tests.find((t) => t.role === 'finding')!;
    expect(claim.test).toBe('paired-t');
    expect(claim.result.dof).toBe(4);
    expect(Math.abs(claim.result.statistic - oracle.paired.t) / oracle.paired.t).toBeLessThan(1e-12);
    expect(Math.abs(claim.result.statistic - Math.sqrt(320))).toBeLessThan(1e-9);
    expect(Math.abs(claim.result.p - oracle.paired.p) / oracle.paired.p).toBeLessThan(1e-9);
    expect(oracle.paired.dof).toBe(4);
    expect(finding.test).toBe('welch');
    expect(Math.abs(finding.result.statistic - oracle.welch.t)).toBeLessThan(1e-12);
    expect(Math.abs(finding.result.p - oracle.welch.p) / oracle.welch.p).toBeLessThan(1e-9);
    expect(Math.abs(finding.result.dof - oracle.welch.dof)).toBeLessThan(1e-9);
    expect(check.evidence.mismatch).toEqual([expect.stringMatching(/unpaired test \(Welch t test.*claim is about paired observations/)]);
  });

  it('before the checklist and the verdict the letter is not ready, and says what is missing', async () => {
    const r = await cli(['letter', 'seeds'], ws);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Not ready to send');
    expect(r.stderr).toMatch(/not ready to send.*no reviewer's verdict/);
  });

  it('the checklist answered and the verdict recorded, the letter is sendable and states the numbers, the mismatch and the check', async () => {
    const q = (question: string, ...rest: string[]) =>
      ok(['case', 'checklist', 'seeds', '--falsification', 'F1', '--question', question, ...rest, ...WHO], ws);
    await q('horizon', '--not-applicable', 'five seeds are the whole design; the paired test needs at least 5 pairs and has them');
    await q('precision', '--check', CHECK, '--note', 'p from the Student t law on 4 dof');
    await q('units', '--not-applicable', 'both columns are the same metric on the same seeds');
    await q('code-vs-theory', '--check', CHECK, '--note', 'the logbook ran an unpaired Welch test where the claim is paired');
    await q('padding', '--not-applicable', 'no sequences');
    await q('independent', '--check', CHECK);
    const list = JSON.parse((await ok(['case', 'checklist', 'seeds', '--falsification', 'F1', '--json'], ws)).stdout) as {
      items: { status: string }[];
    };
    expect(list.items.filter((i) => i.status === 'open')).toEqual([]);

    const rationale = "The claim is about paired seeds: the paired t test on the logbook's own table finds the difference.";
    const v = await ok(['verdict', 'seeds', '--finding', 'F1', '--verdict', 'refuted', '--rationale', rationale, '--reviewer', 'Ada'], ws);
    expect(v.stdout).toContain('recorded refuted on F1 by Ada (computed: refuted)');

    const letter = await ok(['letter', 'seeds'], ws);
    const md = letter.stdout;
    expect(md).not.toMatch(/not ready/i);
    expect(md).toContain('falsification refuted: the claim stands');
    expect(md).toContain(`> ${PAIRED_VERDICT}`);
    expect(md).toContain(CHECK_TITLE);
    expect(md).toMatch(/the finding used an unpaired test \(Welch t test \(two-sided\)\) where the claim is about paired observations/);
    expect(md).toContain(rationale);
    expect(md).toContain('recheck stat seeds/sandbox/seeds.csv --test paired-t --a method --b baseline');
    // The numbers the letter states are scipy's, to the digits it prints.
    const paired = /paired t test \(two-sided\) gives t = ([\d.]+) with (\d+) dof, p = (\d+(?:\.\d+)?(?:e-?\d+)?)/.exec(md);
    expect(paired, 'the paired test in the letter').not.toBeNull();
    expect(printedMatches(paired![1]!, oracle.paired.t)).toBe(true);
    expect(Number(paired![2])).toBe(4);
    expect(printedMatches(paired![3]!, oracle.paired.p)).toBe(true);
    const welch = /Welch t test \(two-sided\) gives t = ([\d.]+) with ([\d.]+) dof, p = (\d+(?:\.\d+)?(?:e-?\d+)?)/.exec(md);
    expect(welch, 'the finding’s test in the letter').not.toBeNull();
    expect(printedMatches(welch![1]!, oracle.welch.t)).toBe(true);
    expect(printedMatches(welch![2]!, oracle.welch.dof)).toBe(true);
    expect(printedMatches(welch![3]!, oracle.welch.p)).toBe(true);
    expect(md).toContain(PAIRED_VENUE);
  });
});
