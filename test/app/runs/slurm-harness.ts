/**
 * The real single-node Slurm for the Slurm sweep tests, started by scripts/slurm/cluster.mjs (`npm test` starts
 * and stops it around the unit tests and sets RECHECK_REQUIRE_SLURM=1). Found through SLURM_CONF, or else the
 * script's state file; this test process then points SLURM_CONF at it (the sweeps' Slurm commands and, through
 * sbatch, their tasks inherit it). Without a cluster the tests skip with the reason in their title, unless
 * RECHECK_REQUIRE_SLURM=1, where a missing cluster fails the suite.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
// @ts-expect-error a plain ES module script without types
import { clusterState, DEFAULT_DIR } from '../../../scripts/slurm/cluster.mjs';

export interface SlurmCluster {
  readonly conf: string;
  readonly partition: string;
}

/** The running cluster, or `{ skip: reason }`. Throws under RECHECK_REQUIRE_SLURM=1 when there is none. */
export function slurmOrSkip(): SlurmCluster | { skip: string } {
  const state = clusterState(DEFAULT_DIR) as { conf: string; partition: string } | null;
  const conf = process.env.SLURM_CONF ?? state?.conf;
  let reason: string | null = null;
  if (conf === undefined || !existsSync(conf)) reason = 'no Slurm running (start one as root: node scripts/slurm/cluster.mjs start)';
  else {
    const r = spawnSync('sinfo', ['-h', '-o', '%P %a'], { encoding: 'utf8', env: { ...process.env, SLURM_CONF: conf } });
    if (r.error !== undefined || r.status !== 0) reason = `sinfo fails (${(r.stderr ?? String(r.error)).trim().split('\n')[0]})`;
  }
  if (reason !== null) {
    if (process.env.RECHECK_REQUIRE_SLURM === '1') throw new Error(`RECHECK_REQUIRE_SLURM=1 but ${reason}`);
    return { skip: reason };
  }
  process.env.SLURM_CONF = conf as string;
  return { conf: conf as string, partition: state?.partition ?? 'debug' };
}

/** Runs a Slurm client command against the cluster (for the tests' own observations: squeue, scancel, scontrol). */
export function slurm(command: string, args: string[]): string {
  const r = spawnSync(command, args, { encoding: 'utf8', env: process.env });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}
