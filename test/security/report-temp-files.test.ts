// Issue 24, finding 10: a process killed (kill -9) during an atomic write leaves its temporary file beside the
// target (`.<name>.<hex>.tmp`, app/fs/atomic.ts); a report built afterwards copied such half-written files into
// its inputs and outputs and hashed them into its manifest as if they were records. Temporary names are now
// left out of every report (listed under provenance.leftOut with the reason), wherever they lie in the case.
import { readdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtReport, ranCopy, readJson } from '../app/reports/harness';
import { readAudit } from '../../app/cases/audit';

function allFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else out.push(relative(dir, join(d, e.name)).split('\\').join('/'));
    }
  };
  walk(dir);
  return out;
}

describe('reports copy no temporary files (issue 24, finding 10)', () => {
  it('temp files of interrupted writes in the sandbox and in a run folder are left out and listed', async () => {
    const dir = await ranCopy('timing-normalization');
    const runId = (await readAudit(dir)).filter((e) => e.action === 'run').at(-1)?.runId as string;
    const planted = [
      `runs/${runId}/.report.json.0123456789ab.tmp`,
      'sandbox/.quantities.json.a1b2c3d4e5f6.tmp',
      'sandbox/half-written.tmp',
    ];
    for (const p of planted) writeFileSync(join(dir, p), '{"half": ');
    const { out } = await builtReport(dir);
    const files = allFiles(out);
    expect(files.filter((f) => /\.tmp$/.test(f))).toEqual([]);
    expect(files.some((f) => f.startsWith('outputs/runs/'))).toBe(true); // the run folder itself is still copied
    const data = readJson(join(out, 'report.json')) as {
      provenance: { leftOut: { path: string; why: string }[]; inputs: { path: string }[]; outputs: { path: string }[] };
    };
    for (const p of planted) {
      expect(data.provenance.leftOut.find((l) => l.path === p)?.why, p).toMatch(/temporary file/);
    }
    const hashedPaths = [...data.provenance.inputs, ...data.provenance.outputs].map((f) => f.path);
    for (const p of planted) expect(hashedPaths).not.toContain(p);
  });
});
