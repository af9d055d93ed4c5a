/**
 * Finding 3: a case folder is untrusted data. Symlinks in it must not lead a read or a write out of the
 * folder, a fifo must not hang the app, and names from it reach no shell and no log line unescaped. Each
 * hostile folder is built in a temporary workspace; each test asserts the refusal AND that nothing outside
 * the case changed.
 */
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createRecheckService } from '../../app/api/service';
import { createCheckRegistry } from '../../app/checks/registry';
import { fixedKind } from '../helpers/fake-kinds';
import { copyCase, tempDir, writeMinimalCase } from '../helpers/temp-case';
import { BUNDLED_CASES_DIR } from '../../app/paths';
import { cli } from '../helpers/cli';

/**
 * A workspace with one case (a minimal one for the service, or a copy of a bundled case that `recheck run`
 * can run) and a folder outside it holding a file we watch.
 */
function hostile(bundled?: string) {
  const root = tempDir('recheck-hostile-');
  const ws = join(root, 'workspace');
  mkdirSync(ws);
  const dir = bundled !== undefined ? copyCase(join(BUNDLED_CASES_DIR, bundled), ws, 'mini') : writeMinimalCase(ws, 'mini');
  execFileSync('rm', ['-rf', join(dir, 'runs'), join(dir, 'audit.jsonl')]);
  const outside = join(root, 'outside');
  mkdirSync(outside);
  const victim = join(outside, 'bashrc');
  writeFileSync(victim, 'export PS1=ok\n');
  return { ws, dir, outside, victim };
}

const registry = () => createCheckRegistry([fixedKind]);
const mkfifo = (path: string): void => void execFileSync('mkfifo', [path]);

describe('a hostile case folder', () => {
  it('audit.jsonl as a symlink to a file outside: a run refuses to append through it, the file is untouched', async () => {
    const { ws, dir, victim } = hostile('timing-normalization');
    symlinkSync(victim, join(dir, 'audit.jsonl'));
    const r = await cli(['run', dir], ws);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/audit\.jsonl.*symlink/);
    expect(readFileSync(victim, 'utf8')).toBe('export PS1=ok\n');
  });

  it('runs/ as a symlink out of the case: the report is not written there', async () => {
    const { ws, dir, outside } = hostile('timing-normalization');
    symlinkSync(outside, join(dir, 'runs'));
    const r = await cli(['run', dir], ws);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/runs.*symlink that leaves the case folder/);
    expect(execFileSync('ls', [outside], { encoding: 'utf8' }).trim()).toBe('bashrc');
  });

  it('saveSandboxFile through a symlinked folder writes nothing outside', async () => {
    const { ws, dir, outside } = hostile();
    symlinkSync(outside, join(dir, 'sandbox', 'lib'));
    const service = await createRecheckService({ workspaceDir: ws, registry: registry() });
    await expect(service.saveSandboxFile({ caseId: 'mini', path: 'sandbox/lib/evil.ts', text: 'x' })).rejects.toThrow(
      /symlink that leaves the case folder/,
    );
    expect(existsSync(join(outside, 'evil.ts'))).toBe(false);
  });

  it('saveSandboxFile over a symlinked file replaces nothing outside', async () => {
    const { ws, dir, victim } = hostile();
    symlinkSync(victim, join(dir, 'sandbox', 'model.ts.link'));
    const service = await createRecheckService({ workspaceDir: ws, registry: registry() });
    await expect(service.saveSandboxFile({ caseId: 'mini', path: 'sandbox/model.ts.link', text: 'pwned' })).rejects.toThrow(/symlink/);
    expect(readFileSync(victim, 'utf8')).toBe('export PS1=ok\n');
  });

  it('openCase does not return a paper.md or a logbook that points outside', async () => {
    const { ws, dir, victim, outside } = hostile();
    writeFileSync(join(outside, 'writeup.md'), '# host secret\n');
    execFileSync('rm', [join(dir, 'paper.md')]);
    symlinkSync(victim, join(dir, 'paper.md'));
    const service = await createRecheckService({ workspaceDir: ws, registry: registry() });
    await expect(service.openCase('mini')).rejects.toThrow(/paper\.md.*symlink that leaves the case folder/);
    const listed = (await service.listCases()).find((c) => c.id === 'mini');
    expect(listed?.error).toMatch(/paper\.md/);

    const other = hostile();
    execFileSync('rm', ['-r', join(other.dir, 'logbook')]);
    writeFileSync(join(other.outside, 'writeup.md'), '# host secret\n');
    symlinkSync(other.outside, join(other.dir, 'logbook'));
    const s2 = await createRecheckService({ workspaceDir: other.ws, registry: registry() });
    const err = await s2.openCase('mini').catch((e: unknown) => e as Error);
    expect(String(err)).toMatch(/logbook.*symlink that leaves the case folder/);
    expect(String(err)).not.toContain('host secret');
  });

  it('sandbox files: a symlink out and a fifo are left out of the listing, without hanging', async () => {
    const { ws, dir, victim } = hostile();
    symlinkSync(victim, join(dir, 'sandbox', 'leak.ts'));
    mkfifo(join(dir, 'sandbox', 'pipe.ts'));
    const service = await createRecheckService({ workspaceDir: ws, registry: registry() });
    const detail = await service.openCase('mini');
    expect(detail.sandboxFiles.map((f) => f.path)).toEqual(['sandbox/model.ts']);
    expect(JSON.stringify(detail)).not.toContain('PS1=ok');
  });

  it('a logbook file that is a fifo or a symlink out is skipped, not read', async () => {
    const { ws, dir, victim } = hostile();
    symlinkSync(victim, join(dir, 'logbook', 'notes.md'));
    mkfifo(join(dir, 'logbook', 'out.log'));
    const service = await createRecheckService({ workspaceDir: ws, registry: registry() });
    const detail = await service.openCase('mini');
    const files = detail.logbooks[0]?.files.map((f) => f.path) ?? [];
    expect(files).not.toContain('notes.md');
    expect(files).not.toContain('out.log');
    expect(JSON.stringify(detail)).not.toContain('PS1=ok');
  });
});
