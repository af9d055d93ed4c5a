// `recheck report`: exit 2 with one line for bad input; letters and verdicts in the report; a case never run.
import { describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { loadCase } from '../../../app/cases/load';
import { defaultRegistry } from '../../../app/cli/registry';
import { recordVerdict } from '../../../app/verdicts/record';
import { readAudit } from '../../../app/cases/audit';
import type { ReportData } from '../../../app/reports/model';
import { builtReport, CASES, ranCopy, readJson } from './harness';

function oneLine(s: string): void {
  expect(s.trim().split('\n')).toHaveLength(1);
}

describe('recheck report: bad input is exit 2 with one line', () => {
  it('a missing case, --out inside the case, a non-empty --out, no --out, a folder that is not a report', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'recheck-report-cli-'));
    const missing = await cli(['report', join(tmp, 'nope'), '--out', join(tmp, 'r')], tmp);
    expect(missing.code).toBe(2);
    oneLine(missing.stderr);
    expect(missing.stderr).toContain('not a case folder');

    const dir = await ranCopy('timing-normalization', tmp);
    const inside = await cli(['report', dir, '--out', join(dir, 'report')], tmp);
    expect(inside.code).toBe(2);
    oneLine(inside.stderr);
    expect(inside.stderr).toContain('is inside the case folder');

    mkdirSync(join(tmp, 'full'));
    writeFileSync(join(tmp, 'full', 'x'), 'x');
    const full = await cli(['report', dir, '--out', join(tmp, 'full')], tmp);
    expect(full.code).toBe(2);
    oneLine(full.stderr);
    expect(full.stderr).toContain('not an empty folder');

    const noOut = await cli(['report', dir], tmp);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('missing --out');

    const notReport = await cli(['report', '--verify', dir], tmp);
    expect(notReport.code).toBe(2);
    oneLine(notReport.stderr);
    expect(notReport.stderr).toContain('manifest.json: missing or unreadable: not a report folder');
  }, 60_000);

  it("never writes into the installation's cases/: a bundled case is reported from its workspace copy", async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'recheck-report-bundled-'));
    const before = readFileSync(join(CASES, 'timing-normalization', 'case.json'), 'utf8');
    const r = await cli(
      ['report', join(CASES, 'timing-normalization'), '--out', join(tmp, 'r'), '--workspace', join(tmp, 'ws'), '--no-record'],
      tmp,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('is a bundled case: reporting its workspace copy');
    expect(r.stdout).toContain('not run yet, reported without a decision: F1');
    expect(readFileSync(join(CASES, 'timing-normalization', 'case.json'), 'utf8')).toBe(before);
    const data = readJson(join(tmp, 'r', 'report.json')) as ReportData;
    expect(data.falsifications[0]?.decision).toBeNull();
    expect((await cli(['report', '--verify', join(tmp, 'r'), '--rerun'], tmp)).stdout).toContain(
      'F1: never run in the report: nothing to compare',
    );
  }, 60_000);
});

describe('recheck report: verdicts, letters and the audit log', () => {
  it('shows the verdict history with rationales, the letters (latest version, math rendered, letter.json), and logs the root', async () => {
    const dir = await ranCopy('timing-normalization');
    const registry = defaultRegistry();
    const loaded = await loadCase(dir, registry);
    await recordVerdict(loaded, 'timing-normalization', {
      falsificationId: 'F1',
      verdict: 'needs-more-work',
      rationale: 'Waiting for the per-trajectory timings.',
      reviewer: 'Ada Reviewer',
    });
    await recordVerdict(loaded, 'timing-normalization', {
      falsificationId: 'F1',
      verdict: 'refuted',
      rationale: 'A units slip: 3.0 s is per batch of 50.',
      reviewer: 'Ada Reviewer',
    });
    mkdirSync(join(dir, 'letters', 'logbook-1'), { recursive: true });
    writeFileSync(
      join(dir, 'letters', 'logbook-1', 'letter.json'),
      JSON.stringify({ kind: 'logbook', status: { state: 'sent', date: '2026-12-01', to: 'The logbook author' } }),
    );
    writeFileSync(join(dir, 'letters', 'logbook-1', 'v1.md'), '# First draft\n');
    writeFileSync(join(dir, 'letters', 'logbook-1', 'v2.md'), '# Second draft\n\nThe ratio is $\\frac{1.5}{0.06} = 25$.\n');

    const { out, root } = await builtReport(dir);
    const data = readJson(join(out, 'report.json')) as ReportData;
    const f1 = data.falsifications[0];
    expect(f1?.verdicts.map((v) => [v.verdict, v.who, v.rationale])).toEqual([
      ['needs-more-work', 'Ada Reviewer', 'Waiting for the per-trajectory timings.'],
      ['refuted', 'Ada Reviewer', 'A units slip: 3.0 s is per batch of 50.'],
    ]);
    expect(data.letters).toMatchObject([{ id: 'logbook-1', latest: 'letters/logbook-1/v2.md', meta: { status: { state: 'sent' } } }]);
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).toContain('A units slip: 3.0 s is per batch of 50.');
    expect(html).toContain('Second draft');
    expect(html).not.toContain('First draft');
    expect(html).toMatch(/<span class="katex">/);
    expect(html).toContain('&quot;state&quot;: &quot;sent&quot;');

    const entry = (await readAudit(dir)).filter((e) => e.action === 'report').at(-1);
    expect(entry?.details).toMatchObject({ root, decisions: { F1: 'refuted' } });
    expect((await cli(['report', '--verify', out, '--expect', root], dir)).code).toBe(0);
  }, 60_000);
});
