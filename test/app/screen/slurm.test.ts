// `recheck screen` as a Slurm job array on the real single-node Slurm (scripts/slurm/cluster.mjs; `npm test`
// starts it): array task i screens `--shard i/3` into a shared cache, and the run after the array, reading
// every logbook from that cache, prints the same bytes as the screen on this machine.
import { spawnSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { tempDir } from '../../helpers/temp-case';
import { generateChallenge } from '../../support/challenge/generate';
import { slurmOrSkip } from '../runs/slurm-harness';

const cluster = slurmOrSkip();
const REPO = resolve(import.meta.dirname, '../../..');

describe.skipIf('skip' in cluster)(`recheck screen on Slurm ${'skip' in cluster ? `(skipped: ${cluster.skip})` : ''}`, () => {
  const dir = tempDir();
  beforeAll(async () => {
    await generateChallenge(dir, { count: 60, seed: 11 });
  }, 60_000);

  it('an array of 3 shards into one cache gives the same output as one machine', async () => {
    const local = await cli(['screen', '.', '--json', '--jobs', '2'], dir);
    expect(local.code).toBe(0);
    const script = join(dir, 'screen.sh');
    writeFileSync(
      script,
      `#!/bin/sh\nexec "${process.execPath}" "${join(REPO, 'bin/recheck.mjs')}" screen "${dir}" --shard "$SLURM_ARRAY_TASK_ID/3" --cache "${join(dir, 'cache')}" --jobs 1\n`,
    );
    chmodSync(script, 0o755);
    const partition = 'skip' in cluster ? '' : cluster.partition;
    const r = spawnSync('sbatch', ['--wait', '--array=0-2', `--partition=${partition}`, `--output=${join(dir, 'task-%a.out')}`, script], {
      encoding: 'utf8',
      env: process.env,
      timeout: 110_000,
    });
    expect([r.status, r.stderr]).toEqual([0, '']);
    for (const i of [0, 1, 2])
      expect(readFileSync(join(dir, `task-${i}.out`), 'utf8')).toMatch(new RegExp(`^screened shard ${i}/3: 20 logbooks`));
    const entries = readdirSync(join(dir, 'cache')).length;
    const merged = await cli(['screen', '.', '--json', '--jobs', '1', '--cache', 'cache'], dir);
    expect(readdirSync(join(dir, 'cache')).length).toBe(entries);
    expect(merged.stdout).toBe(local.stdout);
  }, 120_000);

  it('--backend slurm submits the array itself, waits for it, and prints the same bytes as one machine', async () => {
    const local = await cli(['screen', '.', '--json', '--jobs', '2'], dir);
    const partition = 'skip' in cluster ? '' : cluster.partition;
    const r = await cli(
      ['screen', '.', '--json', '--jobs', '1', '--backend', 'slurm', '--tasks', '4', '--partition', partition, '--cache', 'cache-slurm'],
      dir,
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^submitted Slurm job \d+: 4 array tasks/);
    expect(r.stdout).toBe(local.stdout);
    // The array filled the cache: one entry per distinct logbook, written by the tasks (their logs beside them).
    const files = readdirSync(join(dir, 'cache-slurm'));
    expect(files.filter((f) => /^slurm-\d+-[0-3]\.out$/.test(f))).toHaveLength(4);
    expect(files.filter((f) => f.endsWith('.json')).length).toBeGreaterThan(0);
    expect((await cli(['screen', '.', '--backend', 'slurm'], dir)).stderr).toMatch(/give --cache DIR/);
    expect((await cli(['screen', '.', '--tasks', '3'], dir)).stderr).toMatch(/--tasks goes with --backend slurm/);
  }, 180_000);
});
