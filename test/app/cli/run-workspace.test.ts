// `recheck run` on a bundled case (a folder of the installation's cases/) runs the workspace copy of it, as
// the UI does: runs and audit entries go to the workspace, never into the installation; it says where.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from '../../helpers/cli';
import { copyCase, tempDir } from '../../helpers/temp-case';
import { BUNDLED_CASES_DIR } from '../../../app/paths';

const CASE = 'timing-normalization';

/** What the installation holds for the case's runs and audit log (to prove nothing was added). */
function installationState(): { runs: string[]; audit: string | null } {
  const dir = join(BUNDLED_CASES_DIR, CASE);
  const audit = join(dir, 'audit.jsonl');
  return {
    runs: existsSync(join(dir, 'runs')) ? readdirSync(join(dir, 'runs')).sort() : [],
    audit: existsSync(audit) ? readFileSync(audit, 'utf8') : null,
  };
}

describe('recheck run on a bundled case', () => {
  it('copies the case into the workspace and records the run there, not in the installation', async () => {
    const ws = join(tempDir(), 'workspace');
    const before = installationState();
    const r = await cli(['run', join(BUNDLED_CASES_DIR, CASE), '--workspace', ws, '--json'], tempDir());
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as { runId: string; caseId: string };
    const copy = join(ws, CASE);
    expect(existsSync(join(copy, 'runs', report.runId, 'report.json'))).toBe(true);
    const audit = readFileSync(join(copy, 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { action: string; runId?: string });
    expect(audit.at(-1)).toMatchObject({ action: 'run' });
    expect(installationState()).toEqual(before);
    expect(r.stderr).toBe(
      `recheck: ${join(BUNDLED_CASES_DIR, CASE)} is a bundled case: running its workspace copy ${copy}\nrecheck: outputs: ${join(copy, 'runs', report.runId)} (and ${join(copy, 'audit.jsonl')})\n`,
    );
  }, 60_000);

  it('a second run uses the same copy; the printed report ends with where the outputs are', async () => {
    const ws = join(tempDir(), 'workspace');
    const cwd = join(BUNDLED_CASES_DIR, '..'); // `recheck run cases/<id>` from the installation folder
    const first = await cli(['run', `cases/${CASE}`, '--workspace', ws], cwd);
    const second = await cli(['run', `cases/${CASE}`, '--workspace', ws], cwd);
    for (const r of [first, second]) expect(r.code).toBe(0);
    const runs = readdirSync(join(ws, CASE, 'runs')).filter((n) => !n.startsWith('.'));
    expect(runs).toHaveLength(2);
    const runId = /run (\S+)/.exec(second.stdout)?.[1] as string;
    expect(second.stdout.trimEnd().split('\n').at(-1)).toBe(
      `outputs: ${join(ws, CASE, 'runs', runId)} (and ${join(ws, CASE, 'audit.jsonl')})`,
    );
  }, 60_000);

  it('a case outside the installation runs where it is, as before', async () => {
    const root = tempDir();
    const dir = copyCase(join(BUNDLED_CASES_DIR, CASE), root, 'mine');
    const r = await cli(['run', dir], root);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const runs = readdirSync(join(dir, 'runs')).filter((n) => !n.startsWith('.'));
    expect(runs).toHaveLength(1);
    expect(r.stdout.trimEnd().split('\n').at(-1)).toBe(
      `outputs: ${join(dir, 'runs', runs[0] as string)} (and ${join(dir, 'audit.jsonl')})`,
    );
  });
});
