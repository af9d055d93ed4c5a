// A report for every bundled case (from a temporary copy): built by the CLI, intact under --verify, and
// --rerun recomputes every check from the report's own inputs and reproduces every decision.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { confinementOrSkip } from '../sandbox/harness';
import { builtReport, ranCopy, readJson } from './harness';
import type { ReportData } from '../../../app/reports/model';

const EXPECTED: Record<string, Record<string, string>> = {
  'timing-normalization': { F1: 'refuted' },
  'padding-perplexity': { F1: 'refuted' },
  'fw-attention-collapse': { F1: 'confirmed', F2: 'refuted' },
  'kl-direction': { F1: 'confirmed' },
  'paging-robustness': { F1: 'confirmed' },
};
// kl-direction and paging-robustness run untrusted code: they need the sandbox's confinement.
const SANDBOXED = new Set(['kl-direction', 'paging-robustness']);
const confinement = await confinementOrSkip();

describe.each(Object.keys(EXPECTED))('report of the bundled case %s', (name) => {
  it.skipIf(SANDBOXED.has(name) && confinement === null)('is built, intact, and reproduced by --rerun', { timeout: 120_000 }, async () => {
    const dir = await ranCopy(name);
    const { out, root } = await builtReport(dir);
    const data = readJson(join(out, 'report.json')) as ReportData;
    expect(Object.fromEntries(data.falsifications.map((f) => [f.id, f.decision?.decision]))).toEqual(EXPECTED[name]);
    // Every check of every falsification has its result, the inputs it read are hashed, the provenance is there.
    for (const f of data.falsifications) for (const c of f.checks) expect(c.result?.evidenceSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(data.provenance.inputs.some((i) => i.path === 'case.json')).toBe(true);
    expect(data.provenance.node).toBe(process.versions.node);
    expect(data.provenance.chromium).not.toBe('');

    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
    expect(html).toContain("default-src 'none'");
    expect(html).toContain('class="katex"');

    const verified = await cli(['report', '--verify', out, '--expect', root, '--rerun'], dir);
    expect(verified.stdout).toContain('intact');
    expect(verified.stdout).toContain('rerun: every decision and every check reproduced');
    for (const [id, decision] of Object.entries(EXPECTED[name] ?? {}))
      expect(verified.stdout).toContain(`${id}: decision ${decision} recorded, ${decision} now (same)`);
    expect(verified.code).toBe(0);
  });
});
