/**
 * The replay sandbox as an ordinary user runs it (no root: bubblewrap binds directly, no staging, no setpriv):
 * when the tests run as root, as-user-child.ts is started as uid 65534 (setpriv); otherwise as the current user.
 * A fork bomb is held and named, many processes filling memory end `memory-limit`, and a scratch folder the
 * program made unreadable (mode 000) and planted with a symlink to a host folder is removed after the run
 * without following the link (before the fix the run rejected with EACCES and the folder stayed).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfinement } from '../../../../app/sandbox/confinement';
import { detectProgramConfinement } from '../../../../app/sandbox/process/program-confinement';
import { executable, PYTHON, required } from '../../../helpers/required';

const pc = await detectProgramConfinement(await defaultConfinement());
const skip = pc.bwrap === null ? required('bubblewrap usable for programs (Debian package bubblewrap)', pc.problem ?? 'missing') : '';
const noPython = executable(PYTHON, 'python3');
const root = process.getuid?.() === 0;
const CHILD = join(import.meta.dirname, 'as-user-child.ts');
/**
 * As root the child runs as uid 65534, which must be able to read this repository: a clone inside a 0700 folder
 * (mkdtemp's) is out of its reach, and the test then cannot run here (said in its title; nothing of the sandbox is
 * skipped: test/security/replay-hostile.test.ts runs the same attacks through the root path).
 */
const unreachable =
  root && spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', '--', 'test', '-r', CHILD]).status !== 0
    ? `uid 65534 cannot read ${CHILD} (a parent folder is closed to others)`
    : '';

describe.skipIf(skip !== '' || noPython !== '' || unreachable !== '')(
  `replay sandbox as an ordinary user${unreachable !== '' ? ` (skipped: ${unreachable})` : ''}`,
  () => {
    it('holds a fork bomb and a many-process memory fill, and cleans a locked scratch folder without following its links', () => {
      const keep = mkdtempSync(join(tmpdir(), 'recheck-keep-'));
      writeFileSync(join(keep, 'file'), 'host data');
      chmodSync(keep, 0o755);
      const child = [process.execPath, join(import.meta.dirname, '../../../../bin/run-ts.mjs'), CHILD, keep];
      const command = root ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', '--', ...child] : child;
      const r = spawnSync(command[0] as string, command.slice(1), {
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, HOME: tmpdir() },
      });
      expect(r.stderr).not.toMatch(/Error/);
      const out = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
      expect(out).toMatchObject({
        setpriv: null, // an ordinary user needs no privilege drop
        bomb: { ended: 'timeout', hostile: ['fork bomb'] },
        memory: { ended: 'memory-limit' },
        locked: 'done\n',
        leftFolders: [],
        keptTarget: true,
      });
      if (root) expect(out.uid).toBe(65534);
      expect(existsSync(join(keep, 'file'))).toBe(true);
      rmSync(keep, { recursive: true, force: true });
    }, 150_000);
  },
);
