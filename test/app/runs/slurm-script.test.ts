// The Slurm batch script is shell text built from paths and names that come from the user (module path, runs
// folder, stop field): every word must reach `recheck` exactly as given, never be run by the shell.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchScript, shellWord } from '../../../app/runs/backends/slurm-script';
import { tempDir } from '../../helpers/temp-case';

describe('Slurm batch script', () => {
  it('passes hostile paths and names through as words, and the shard from SLURM_ARRAY_TASK_ID', () => {
    const dir = tempDir('recheck-slurm-script-');
    const canary = join(dir, 'pwned');
    const hostile = `it's $(touch ${canary}) \`touch ${canary}\` "q" ; touch ${canary} # \\ \n next`;
    const script = join(dir, 'sweep.sh');
    // "recheck" here is a Node one-liner printing the words it was given.
    const recheck = [process.execPath, '-e', 'process.stdout.write(JSON.stringify(process.argv.slice(1)))'];
    writeFileSync(script, batchScript({ recheck, modulePath: `/m/${hostile}.ts`, gridFile: `/g/${hostile}.json`, runsDir: `/r/${hostile}`, id: 'sweep-1', seed: 7, stopOn: hostile, timeoutSeconds: 30, memoryMb: 512, jobs: 2, shards: 16, allowUnconfined: false }));
    const r = spawnSync('sh', [script], { encoding: 'utf8', env: { PATH: process.env.PATH, SLURM_ARRAY_TASK_ID: '5' } });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual(['sweep', `/m/${hostile}.ts`, '--grid', `/g/${hostile}.json`, '--seed', '7', '--runs', `/r/${hostile}`, '--id', 'sweep-1', '--timeout', '30', '--memory', '512', '--jobs', '2', '--stop-on', hostile, '--shard', '5/16']);
    expect(existsSync(canary)).toBe(false);
  });

  it('shellWord quotes single quotes the POSIX way', () => {
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('')).toBe(`''`);
  });
});
