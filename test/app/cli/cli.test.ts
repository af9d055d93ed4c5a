// The CLI through its real entry (bin/recheck.mjs) as a user runs it: exit codes, one-line errors, pure JSON.
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir, writeMinimalCase } from '../../helpers/temp-case';

const ROOT = resolve(import.meta.dirname, '../../..');

function recheck(args: string[], cwd = ROOT) {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin/recheck.mjs'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, RECHECK_DEBUG: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('recheck CLI', () => {
  it('prints help listing the foundation commands', () => {
    const r = recheck(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['cases', 'validate', 'run', 'serve']) expect(r.stdout).toMatch(new RegExp(`^  ${c} `, 'm'));
  });

  it('exits 2 with one line for an unknown command or option', () => {
    const a = recheck(['frobnicate']);
    expect(a.code).toBe(2);
    expect(a.stderr.trim().split('\n')).toHaveLength(1);
    const b = recheck(['validate', '--bogus', 'x']);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^recheck: validate: Unknown option '--bogus'/);
  });

  it('lists the bundled cases as pure JSON', () => {
    const r = recheck(['cases', '--json']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout);
    expect(Array.isArray(doc.cases)).toBe(true);
    expect(doc.cases.length).toBeGreaterThan(0);
  });

  it('validates every bundled case', () => {
    const ids = readdirSync(join(ROOT, 'cases'), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => `cases/${d.name}`);
    expect(ids.length).toBeGreaterThan(0);
    const r = recheck(['validate', ...ids]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('rejects a broken case with exit 2 and one line naming file, pointer and problem, no stack', () => {
    const dir = writeMinimalCase(tempDir());
    const j = JSON.parse(readFileSync(join(dir, 'case.json'), 'utf8'));
    j.falsifications[0].claim = 'C404';
    writeFileSync(join(dir, 'case.json'), JSON.stringify(j));
    const r = recheck(['validate', dir]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`recheck: ${join(dir, 'case.json')}: /falsifications/0/claim: unknown claim "C404"\n`);
  });

  it('rejects a folder that is not a case', () => {
    const r = recheck(['run', tempDir()]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a case folder \(no case\.json\)\n$/);
  });
});
