// Finding 9: kill -9 left recheck-sandbox-* folders in the temporary directory. The next process removes the
// folders of owners that no longer exist; a running owner's folder is left alone.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSandboxDir, removeSandboxDir, sweepStaleSandboxDirs } from '../../app/sandbox/temp-dirs';

describe('sandbox program folders', () => {
  it('a folder of a killed process is removed by the next sweep; one of a live process is kept', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'recheck-sweep-'));
    // A dead owner: a process that has exited (its pid is free).
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    mkdirSync(join(tmp, `recheck-sandbox-${dead.stdout}-abc`));
    // A live owner: a process still running.
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    mkdirSync(join(tmp, `recheck-sandbox-${sleeper.pid}-def`));
    // An owner-less folder from an older version: removed only when older than a day.
    mkdirSync(join(tmp, 'recheck-sandbox-old'));
    mkdirSync(join(tmp, 'recheck-sandbox-new'));
    const twoDaysAgo = (Date.now() - 2 * 86_400_000) / 1000;
    utimesSync(join(tmp, 'recheck-sandbox-old'), twoDaysAgo, twoDaysAgo);
    try {
      expect(sweepStaleSandboxDirs(tmp).sort()).toEqual([`recheck-sandbox-${dead.stdout}-abc`, 'recheck-sandbox-old']);
      expect(readdirSync(tmp).sort()).toEqual([`recheck-sandbox-${sleeper.pid}-def`, 'recheck-sandbox-new']);
    } finally {
      sleeper.kill('SIGKILL');
    }
  });

  it('a folder made by this process carries its pid and is removed on dispose', async () => {
    const dir = await makeSandboxDir();
    expect(dir).toMatch(new RegExp(`recheck-sandbox-${process.pid}-`));
    expect(existsSync(dir)).toBe(true);
    await removeSandboxDir(dir);
    expect(existsSync(dir)).toBe(false);
  });

  it('a process that ends with folders still open removes them at exit', () => {
    const r = spawnSync(
      process.execPath,
      [join(import.meta.dirname, '../../bin/run-ts.mjs'), join(import.meta.dirname, 'helpers/leave-sandbox-dir.ts')],
      { encoding: 'utf8', timeout: 30_000 },
    );
    const dir = r.stdout.trim();
    expect(dir).toMatch(/recheck-sandbox-\d+-/);
    expect(existsSync(dir)).toBe(false);
  });
});
