// The Slurm batch script is shell text built from paths and names that come from the user (module path, runs
// folder, stop field): every word must reach `recheck` exactly as given, never be run by the shell.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchScript, shellWord, taskEnv } from '../../../app/runs/backends/slurm-script';
import { tempDir } from '../../helpers/temp-case';

describe('Slurm batch script', () => {
  it('passes hostile paths and names through as words, and the shard from SLURM_ARRAY_TASK_ID', () => {
    const dir = tempDir('recheck-slurm-script-');
    const canary = join(dir, 'pwned');
    const hostile = `it's $(touch ${canary}) \`touch ${canary}\` "q" ; touch ${canary} # \\ \n next`;
    const script = join(dir, 'sweep.sh');
    // "recheck" here is a Node one-liner printing the words it was given.
    const recheck = [process.execPath, '-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))'];
    writeFileSync(
      script,
      batchScript({
        recheck,
        modulePath: `/m/${hostile}.ts`,
        gridFile: `/g/${hostile}.json`,
        runsDir: `/r/${hostile}`,
        id: 'sweep-1',
        seed: 7,
        stopOn: hostile,
        timeoutSeconds: 30,
        memoryMb: 512,
        jobs: 2,
        shards: 16,
        allowUnconfined: false,
      }),
    );
    const r = spawnSync('sh', [script], { encoding: 'utf8', env: { PATH: process.env.PATH, SLURM_ARRAY_TASK_ID: '5' } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([
      'sweep',
      `/m/${hostile}.ts`,
      '--grid',
      `/g/${hostile}.json`,
      '--seed',
      '7',
      '--runs',
      `/r/${hostile}`,
      '--id',
      'sweep-1',
      '--timeout',
      '30',
      '--memory',
      '512',
      '--jobs',
      '2',
      '--stop-on',
      hostile,
      '--shard',
      '5/16',
    ]);
    expect(existsSync(canary)).toBe(false);
  });

  it("starts recheck with exactly the task's variables: whatever the batch shell had (NODE_OPTIONS, ENV, ...) does not reach it", () => {
    const dir = tempDir('recheck-slurm-script-env-');
    const canary = join(dir, 'pwned');
    const script = join(dir, 'sweep.sh');
    const recheck = [process.execPath, '-e', 'process.stdout.write(JSON.stringify(process.env))'];
    const hostileValue = `a'b $(touch ${canary}) "c"`;
    const env = taskEnv({
      PATH: process.env.PATH,
      HOME: hostileValue,
      NODE_OPTIONS: '--require=/nonexistent.cjs',
      RECHECK_SANDBOX_NODE: '/opt/node',
      SLURM_CONF: '/etc/slurm.conf',
    });
    expect(env).toEqual({ PATH: process.env.PATH, HOME: hostileValue, RECHECK_SANDBOX_NODE: '/opt/node' });
    writeFileSync(
      script,
      batchScript({
        recheck,
        modulePath: '/m.ts',
        gridFile: '/g.json',
        runsDir: '/r',
        id: 's',
        seed: 1,
        stopOn: null,
        timeoutSeconds: 30,
        memoryMb: 512,
        jobs: 1,
        shards: 2,
        allowUnconfined: false,
        env,
      }),
    );
    const shell = {
      PATH: process.env.PATH,
      SLURM_ARRAY_TASK_ID: '1',
      NODE_OPTIONS: '--require=/nonexistent.cjs',
      ENV: '/nonexistent.sh',
      RECHECK_TEST_LEAK: 'shell',
      TMPDIR: '/scratch/job 7',
    };
    const r = spawnSync('sh', [script], { encoding: 'utf8', env: shell });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({ ...env, TMPDIR: '/scratch/job 7' });
    expect(JSON.parse(spawnSync('sh', [script], { encoding: 'utf8', env: { SLURM_ARRAY_TASK_ID: '0' } }).stdout)).toEqual({
      ...env,
      TMPDIR: '/tmp',
    });
    expect(existsSync(canary)).toBe(false);
    expect(() =>
      batchScript({
        recheck: ['/opt/a=b/node'],
        modulePath: '/m.ts',
        gridFile: '/g.json',
        runsDir: '/r',
        id: 's',
        seed: 1,
        stopOn: null,
        timeoutSeconds: 30,
        memoryMb: 512,
        jobs: 1,
        shards: 2,
        allowUnconfined: false,
      }),
    ).toThrow(/must not contain "="/);
  });

  it('shellWord quotes single quotes the POSIX way', () => {
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('')).toBe(`''`);
  });
});
