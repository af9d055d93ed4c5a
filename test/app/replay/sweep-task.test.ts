// What a Slurm array task of a replay sweep runs: the batch script names `recheck replay` with the arguments that
// rebuild the parent's sweep (the fixed overrides, the expanded grid), then the seed, folder, limits and --shard;
// a module sweep's script is unchanged. The words are read back by sh itself (the oracle of the quoting).
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { batchScript, type TaskCommand } from '../../../app/runs/backends/slurm-script';
import { replaySweepTask } from '../../../app/replay/sweep-task';
import { parseReplayGrid } from '../../../app/replay/sweep-grid';

const base: TaskCommand = {
  recheck: ['/usr/bin/node', '/opt/recheck/bin/recheck.mjs'],
  modulePath: '/c/sandbox/p.ts',
  gridFile: '/c/runs/s/grid.json',
  runsDir: '/c/runs',
  id: 's',
  seed: 7,
  stopOn: null,
  timeoutSeconds: 60,
  memoryMb: 1024,
  jobs: 1,
  shards: 10,
  allowUnconfined: false,
};

/** The words sh reads from the script's exec line (printf in place of the command), for task 3. */
function wordsOf(script: string): string[] {
  const line = script.split('\n').find((l) => l.startsWith('exec '))!;
  const printed = line.replace(/^exec \/usr\/bin\/env -i (?:.*? )?TMPDIR="\$\{TMPDIR:-\/tmp\}" /, 'printf "%s\\n" ');
  const r = spawnSync('/bin/sh', ['-c', printed], { encoding: 'utf8', env: { SLURM_ARRAY_TASK_ID: '3' } });
  expect(r.status).toBe(0);
  return r.stdout.trimEnd().split('\n');
}

describe('the batch script of a replay sweep', () => {
  it("runs `recheck replay` with the parent's overrides and grid, then the sweep's own options and --shard", () => {
    const spec = parseReplayGrid(['KS=2,4,8,...,64', '--k=1,2']);
    const task = replaySweepTask(
      {
        caseDir: "/cases/it's here",
        cell: 'cell_1',
        set: [{ name: 'DELAY', value: '[0.5, 1]', shape: 'list' }],
        args: ['--fast'],
        env: { MODE: 'a b' },
      },
      spec,
    );
    expect(wordsOf(batchScript({ ...base, task }))).toEqual([
      '/usr/bin/node',
      '/opt/recheck/bin/recheck.mjs',
      'replay',
      "/cases/it's here",
      '--cell',
      'cell_1',
      '--set',
      'DELAY=[0.5, 1]',
      '--arg=--fast',
      '--env',
      'MODE=a b',
      '--grid=KS=2,4,8,16,32,64',
      '--grid=--k=1,2',
      '--seed',
      '7',
      '--runs',
      '/c/runs',
      '--id',
      's',
      '--timeout',
      '60',
      '--memory',
      '1024',
      '--jobs',
      '1',
      '--shard',
      '3/10',
    ]);
  });
  it('a module sweep still runs `recheck sweep <module> --grid <file>`', () => {
    expect(wordsOf(batchScript(base)).slice(2, 6)).toEqual(['sweep', '/c/sandbox/p.ts', '--grid', '/c/runs/s/grid.json']);
  });
});
