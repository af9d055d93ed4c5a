// Issue 24 item 5: the report cannot tell `recheck report --verify` to skip a file. Changing report.json's
// version field made verify skip the index.html comparison and say "intact", so a page with every decision badge
// changed (and a manifest rewritten to match) verified without --expect ROOT. Now every file the report needs is
// compared whatever the report says; a report from a Recheck this build cannot re-render is refused with one line
// (exit 2), never called intact; a report missing its page or its audit log is not intact.
import { beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { cli } from '../helpers/cli';
import { manifestOf, scanReportFolder } from '../../app/reports/manifest';
import type { ReportData, ReportManifest } from '../../app/reports/model';
import { currentVersions } from '../../app/runs/record';
import { builtReport, ranCopy, readJson } from '../app/reports/harness';

let original = '';

beforeAll(async () => {
  ({ out: original } = await builtReport(await ranCopy('padding-perplexity')));
}, 120_000);

function copy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'recheck-verify-version-')), 'report');
  cpSync(original, dir, { recursive: true });
  return dir;
}

/** Rewrites manifest.json to match the folder as it is now (a forger who knows the format). */
async function forgeManifest(dir: string): Promise<void> {
  const m = readJson(join(dir, 'manifest.json')) as ReportManifest;
  writeFileSync(
    join(dir, 'manifest.json'),
    `${JSON.stringify(manifestOf(m.reportId, m.createdAt, await scanReportFolder(dir)), null, 2)}\n`,
  );
}

function setVersion(dir: string, recheck: string): void {
  const data = readJson(join(dir, 'report.json')) as ReportData;
  writeFileSync(join(dir, 'report.json'), `${JSON.stringify({ ...data, provenance: { ...data.provenance, recheck } }, null, 2)}\n`);
}

/** Every decision badge on the page turned around. */
function forgeBadges(dir: string): void {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  expect(html).toContain('falsification refuted: the claim stands');
  writeFileSync(
    join(dir, 'index.html'),
    html.replaceAll('falsification refuted: the claim stands', 'falsification confirmed: the claim fails'),
  );
}

const verify = (dir: string, ...more: string[]) => cli(['report', '--verify', dir, ...more], tmpdir());

describe('report --verify cannot be switched off by the report', () => {
  it('a forged page plus a changed version field and a rewritten manifest is never "intact"', async () => {
    const dir = copy();
    forgeBadges(dir);
    setVersion(dir, '0.0.1');
    await forgeManifest(dir);
    const r = await verify(dir);
    expect(r.stdout).not.toMatch(/: intact/);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('report.json');
    expect(r.stderr).toContain('0.0.1');
    expect(r.stderr).toContain(currentVersions().recheck);
  });

  it('the same version field with an intact page is refused the same way (exit 2, not 0), also with --json', async () => {
    const dir = copy();
    setVersion(dir, '99.0.0');
    await forgeManifest(dir);
    const r = await verify(dir, '--json');
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
  });

  it('any version string other than this build is refused; this build is verified (fast-check)', async () => {
    const dir = copy();
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 0, maxLength: 12 }).filter((s) => s !== currentVersions().recheck),
        async (v) => {
          setVersion(dir, v);
          await forgeManifest(dir);
          const r = await verify(dir);
          expect(r.code).toBe(2);
          expect(r.stdout).not.toMatch(/: intact/);
        },
      ),
      { numRuns: 8, seed: 24 },
    );
    setVersion(dir, currentVersions().recheck);
    await forgeManifest(dir);
    const back = await verify(dir);
    expect(back.stdout).toContain('index.html is what report.json renders to');
    expect(back.code).toBe(0);
  }, 60_000);

  it('a gate dropped from report.json cannot switch the decision rule to the pre-gate one', async () => {
    const dir = copy();
    const data = readJson(join(dir, 'report.json')) as ReportData;
    expect(data.falsifications[0]?.decision?.gate).toBeDefined();
    const edited = {
      ...data,
      falsifications: data.falsifications.map((f) => ({ ...f, decision: f.decision === null ? null : { ...f.decision, gate: undefined } })),
    };
    writeFileSync(join(dir, 'report.json'), `${JSON.stringify(edited, null, 2)}\n`);
    await forgeManifest(dir);
    const r = await verify(dir);
    expect(r.stdout).toMatch(/^report\.json: F1: the gate differs from the run's report\.json/m);
    expect(r.code).toBe(1);
  });

  it('a page deleted and dropped from the manifest is not intact', async () => {
    const dir = copy();
    rmSync(join(dir, 'index.html'));
    await forgeManifest(dir);
    const r = await verify(dir);
    expect(r.stdout).toMatch(/^index\.html: missing/m);
    expect(r.stdout).not.toContain('index.html is what report.json renders to');
    expect(r.code).toBe(1);
  });

  it('an audit log deleted and dropped from the manifest is not intact (the verdicts and run hashes come from it)', async () => {
    const dir = copy();
    rmSync(join(dir, 'records', 'audit.jsonl'));
    await forgeManifest(dir);
    const r = await verify(dir);
    expect(r.stdout).toMatch(/^records\/audit\.jsonl: missing/m);
    expect(r.code).toBe(1);
  });
});
