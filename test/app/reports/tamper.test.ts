// Tampering with a report is detected: one flipped byte of an output, a deleted or an added file, a decision
// edited in the HTML or in the JSON, even when the editor also rewrites manifest.json to match.
import { beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { manifestOf, scanReportFolder } from '../../../app/reports/manifest';
import type { ReportData, ReportManifest } from '../../../app/reports/model';
import { builtReport, ranCopy, readJson } from './harness';

let caseDir = '';
let original = '';
let root = '';

beforeAll(async () => {
  caseDir = await ranCopy('padding-perplexity');
  ({ out: original, root } = await builtReport(caseDir));
}, 60_000);

/** A fresh copy of the built report to tamper with. */
function copy(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'recheck-tamper-')), 'report');
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

const verify = (dir: string, ...more: string[]) => cli(['report', '--verify', dir, ...more], tmpdir());

function runReportPath(dir: string): string {
  const runs = readdirSync(join(dir, 'outputs', 'runs'));
  return `outputs/runs/${runs[0]}/report.json`;
}

describe('recheck report --verify', () => {
  it('passes an intact report (exit 0), also against the root the build printed', async () => {
    const r = await verify(original, '--expect', root);
    expect(r.stdout).toContain(`intact`);
    expect(r.stdout).toContain('index.html is what report.json renders to');
    expect(r.code).toBe(0);
    const wrong = await verify(original, '--expect', 'f'.repeat(64));
    expect(wrong.stdout).toContain(`manifest.json: root ${root} is not the expected ${'f'.repeat(64)}`);
    expect(wrong.code).toBe(1);
  });

  it('names an output with one flipped byte', async () => {
    const dir = copy();
    const rel = runReportPath(dir);
    const bytes = readFileSync(join(dir, rel));
    bytes[100] = (bytes[100] as number) ^ 0x01;
    writeFileSync(join(dir, rel), bytes);
    const r = await verify(dir);
    expect(r.stdout).toMatch(new RegExp(`^${rel.replace(/[.]/g, '\\.')}: changed`, 'm'));
    expect(r.code).toBe(1);
  });

  it('names a deleted file and an added one', async () => {
    const dir = copy();
    rmSync(join(dir, 'inputs', 'paper.md'));
    writeFileSync(join(dir, 'inputs', 'extra.txt'), 'slipped in\n');
    const r = await verify(dir);
    expect(r.stdout).toMatch(/^inputs\/paper\.md: deleted$/m);
    expect(r.stdout).toMatch(/^inputs\/extra\.txt: added/m);
    expect(r.code).toBe(1);
  });

  it('catches a decision edited in the HTML, even with a forged manifest (and then the root differs)', async () => {
    const dir = copy();
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(html).toContain('falsification refuted: the claim stands');
    writeFileSync(
      join(dir, 'index.html'),
      html.replaceAll('falsification refuted: the claim stands', 'falsification confirmed: the claim fails'),
    );
    const plain = await verify(dir);
    expect(plain.stdout).toMatch(/^index\.html: changed/m);
    expect(plain.code).toBe(1);
    await forgeManifest(dir);
    const forged = await verify(dir);
    expect(forged.stdout).toMatch(/^index\.html: is not what report\.json renders to/m);
    expect(forged.code).toBe(1);
    expect((await verify(dir, '--expect', root)).stdout).toMatch(/^manifest\.json: root [0-9a-f]{64} is not the expected/m);
  });

  it('catches a decision edited in the JSON, even with a forged manifest', async () => {
    const dir = copy();
    const data = readJson(join(dir, 'report.json')) as ReportData;
    const edited = {
      ...data,
      falsifications: data.falsifications.map((f) => ({
        ...f,
        decision: f.decision === null ? null : { ...f.decision, decision: 'confirmed' },
      })),
    };
    writeFileSync(join(dir, 'report.json'), `${JSON.stringify(edited, null, 2)}\n`);
    const plain = await verify(dir);
    expect(plain.stdout).toMatch(/^report\.json: changed/m);
    expect(plain.code).toBe(1);
    await forgeManifest(dir);
    const forged = await verify(dir);
    expect(forged.stdout).toContain(
      `report.json: F1: the decision "confirmed" does not follow from its checks' outcomes (they give "refuted")`,
    );
    expect(forged.stdout).toMatch(/^index\.html: is not what report\.json renders to/m);
    expect(forged.code).toBe(1);
  });

  it('catches a run report changed together with its copy in report.json (the audit log recorded its hash)', async () => {
    const dir = copy();
    const rel = runReportPath(dir);
    writeFileSync(join(dir, rel), readFileSync(join(dir, rel), 'utf8').replace('"durationMs": ', '"durationMs": 1'));
    await forgeManifest(dir);
    const r = await verify(dir);
    expect(r.stdout).toContain(`${rel}: differs from the hash records/audit.jsonl recorded when the run finished`);
    expect(r.code).toBe(1);
  });

  it('skips --rerun when the report is not intact', async () => {
    const dir = copy();
    appendFileSync(join(dir, 'records', 'audit.jsonl'), '{"at":"x","action":"decision"}\n');
    const r = await verify(dir, '--rerun');
    expect(r.stdout).toMatch(/^records\/audit\.jsonl: changed/m);
    expect(r.stdout).toContain('rerun skipped: the report is not intact');
    expect(r.code).toBe(1);
  });
});
