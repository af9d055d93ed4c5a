// `recheck sandbox-verdict` (exit codes 0, 1, 5, 2 and --json) and the kind inside a real case run: a module that
// contradicts its evidence fails its check, so the finding's decision is inconclusive, never the module's outcome.
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCase } from '../../../../app/cases/load';
import { runCase } from '../../../../app/checks/run-case';
import { defaultRegistry } from '../../../../app/cli/registry';
import { cli } from '../../../helpers/cli';
import { checkCommand } from '../../../../app/letters/evidence';
import { tempDir, writeMinimalCase } from '../../../helpers/temp-case';
import { confinementOrSkip } from '../../sandbox/harness';

const c = await confinementOrSkip();
const fixtures = resolve(import.meta.dirname, '../../../fixtures/sandbox-verdict');
const root = tempDir();
mkdirSync(join(root, 'm'));
for (const f of ['exact-refutes.ts', 'echo.ts', 'seeded.ts', 'reads-files.ts']) cpSync(join(fixtures, f), join(root, 'm', f));

const lie = {
  outcome: 'supports',
  summary: 'trust me',
  evidence: { decides: [{ quantity: 'ratio at k=1024', value: '1.73', relation: '<', bound: '2', means: 'refutes' }] },
  guarantee: { kind: 'exact' },
};

describe.skipIf(c === null)('recheck sandbox-verdict', () => {
  it('exit 0 with the re-derived outcome; --json carries outcome, guarantee and evidence', async () => {
    const r = await cli(['sandbox-verdict', 'm/exact-refutes.ts', '--input', '{"k":20,"bound":"0.999999"}'], root);
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain('refutes      exact\n');
    expect(r.stdout).toContain('  holds     share at k=20: 0.99999904632568359375 > 0.999999 (exact; stands for refutes)');
    const j = await cli(['sandbox-verdict', 'm/exact-refutes.ts', '--input', '{"k":20,"bound":"0.999999"}', '--json'], root);
    const doc = JSON.parse(j.stdout) as { outcome: string; guarantee: unknown; evidence: { seeds: number[] } };
    expect([j.code, doc.outcome, doc.guarantee, doc.evidence.seeds]).toEqual([0, 'refutes', { kind: 'exact' }, [0]]);
  });

  it('exit 1 when the module contradicts its evidence; 5 when the runs split; 2 for bad input or a denied run', async () => {
    const liar = await cli(['sandbox-verdict', 'm/echo.ts', '--input', JSON.stringify({ verdict: lie }), '--json'], root);
    expect(liar.code).toBe(1);
    expect(JSON.parse(liar.stdout)).toEqual({
      module: 'm/echo.ts',
      outcome: 'contradicted',
      problem: 'the module says supports but its evidence says refutes (ratio at k=1024 = 1.73, < 2) (seed 0)',
    });
    const split = await cli(['sandbox-verdict', 'm/seeded.ts', '--input', '{"cut":0.5}', '--seeds', '1,2,3,4,5,6'], root);
    expect(split.code).toBe(5);
    expect(split.stdout).toMatch(/^neutral/);
    const notJson = await cli(['sandbox-verdict', 'm/echo.ts', '--input', '{oops'], root);
    expect(notJson.code).toBe(2);
    expect(notJson.stderr).toMatch(/--input: not JSON/);
    const bothSeeds = await cli(['sandbox-verdict', 'm/echo.ts', '--seed', '1', '--seeds', '1,2'], root);
    expect(bothSeeds.code).toBe(2);
    const denied = await cli(['sandbox-verdict', 'm/reads-files.ts'], root);
    expect(denied.code).toBe(2);
    expect(denied.stderr).toMatch(/m\/reads-files\.ts: denied: tried file access/);
    expect(denied.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe.skipIf(c === null)("a letter's rerun command", () => {
  it('runs as printed from the folder holding the case, and gives the same outcome', async () => {
    const params = { module: 'exact-refutes.ts', input: { k: 20, bound: '0.999999' }, seeds: [1, 2, 3] };
    const command = checkCommand('m', 'sandbox-verdict', params, 'F1');
    expect(command).toBe(`npx recheck sandbox-verdict m/exact-refutes.ts --input '{"k":20,"bound":"0.999999"}' --seeds 1,2,3`);
    // The shell's reading of the command: words, single quotes removed.
    const argv = [...command.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '').slice(2);
    const r = await cli([...argv, '--json'], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ outcome: 'refutes', guarantee: { kind: 'exact' }, seeds: 3 });
  });
});

describe.skipIf(c === null)('sandbox-verdict in a case run', () => {
  it('a lying module makes its check fail and the decision inconclusive; an honest one refutes', async () => {
    const dir = writeMinimalCase(tempDir());
    cpSync(join(fixtures, 'echo.ts'), join(dir, 'sandbox', 'echo.ts'));
    cpSync(join(fixtures, 'exact-refutes.ts'), join(dir, 'sandbox', 'exact-refutes.ts'));
    const caseJson = JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(join(dir, 'case.json'), 'utf8'))) as {
      falsifications: { checks: unknown[] }[];
    };
    const f = caseJson.falsifications[0] as { checks: unknown[] };
    f.checks = [
      { id: 'liar', kind: 'sandbox-verdict', title: 'a lying module', params: { module: 'sandbox/echo.ts', input: { verdict: lie } } },
    ];
    const second = {
      ...f,
      id: 'F2',
      checks: [
        {
          id: 'honest',
          kind: 'sandbox-verdict',
          title: 'exact',
          params: { module: 'sandbox/exact-refutes.ts', input: { k: 20, bound: '0.999999' } },
        },
      ],
    };
    caseJson.falsifications.push(second);
    writeFileSync(join(dir, 'case.json'), JSON.stringify(caseJson, null, 2));
    const registry = defaultRegistry();
    const report = await runCase(await loadCase(dir, registry), registry, { record: false });
    const [liar, honest] = report.falsifications;
    expect(liar?.checks[0]?.outcome).toBe('error');
    expect(liar?.checks[0]?.summary).toBe(
      'sandbox/echo.ts: the module says supports but its evidence says refutes (ratio at k=1024 = 1.73, < 2) (seed 0)',
    );
    expect([liar?.decision, liar?.reason]).toEqual(['inconclusive', 'check(s) failed to run: liar']);
    expect(honest?.decision).toBe('refuted');
    expect(honest?.checks[0]).toMatchObject({ outcome: 'refutes', guarantee: { kind: 'exact' }, basis: 'recomputed' });
  });

  it('case.json refuses params the schema does not allow, with one line', async () => {
    const fs = await import('node:fs');
    const withParams = (name: string, params: Record<string, unknown>) => {
      const dir = writeMinimalCase(tempDir(), name);
      const caseJson = JSON.parse(fs.readFileSync(join(dir, 'case.json'), 'utf8')) as { falsifications: { checks: unknown[] }[] };
      (caseJson.falsifications[0] as { checks: unknown[] }).checks = [{ id: 'v', kind: 'sandbox-verdict', title: 'v', params }];
      fs.writeFileSync(join(dir, 'case.json'), JSON.stringify(caseJson));
      return loadCase(dir, defaultRegistry());
    };
    await expect(withParams('out', { module: '../outside.ts' })).rejects.toThrow(
      /params\/module: path "\.\.\/outside\.ts" leaves the case folder/,
    );
    await expect(withParams('dup', { module: 'sandbox/v.ts', seeds: [1, 1] })).rejects.toThrow(/params\/seeds: .*duplicate/);
    await expect(withParams('extra', { module: 'sandbox/v.ts', runs: 3 })).rejects.toThrow(/params.*"runs"/);
  });
});
