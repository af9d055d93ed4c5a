// The backend flags of the sweep-shaped commands are one table read once (app/cli/sweep-flags.ts): `recheck sweep`
// and `recheck replay --grid` accept and refuse the same things, each as one exit-2 line naming its own command.
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../helpers/cli';
import { intFlag, sweepBackendFromFlags } from '../../../app/cli/sweep-flags';

const REFUSED: [string[], RegExp][] = [
  [['--backend', 'pbs'], /--backend must be local or slurm, got "pbs"/],
  [['--partition', 'debug'], /--partition needs --backend slurm/],
  [['--sbatch-arg=--mem=1G'], /--sbatch-arg needs --backend slurm/],
  [['--backend', 'slurm', '--shard', '0/2'], /--shard runs one slice here/],
  [['--backend', 'slurm', '--sbatch-arg=--output=/tmp/x'], /sbatch-arg/],
  [['--backend', 'slurm', '--array-max', '0'], /--array-max must be an integer in \[1, 100000\], got "0"/],
  [['--shard', '3/2'], /shard/],
];

describe('the sweep commands share their backend flags', () => {
  const root = mkdtempSync(join(tmpdir(), 'recheck-sweep-flags-'));
  writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
  cpSync(resolve(import.meta.dirname, '../../../cases/timing-normalization'), join(root, 'case'), { recursive: true });

  for (const [flags, problem] of REFUSED) {
    it(`both refuse ${flags.join(' ')} in one line`, async () => {
      const sweep = await cli(['sweep', 'f.mjs', '--horizon', '3', '--runs', 'runs', ...flags], root);
      // Read before the cell is looked up: a cell that does not exist cannot mask them.
      const replay = await cli(['replay', 'case', '--cell', 'no-such-cell', '--grid', 'K=1,2', ...flags], root);
      for (const [r, command] of [
        [sweep, 'sweep'],
        [replay, 'replay'],
      ] as const) {
        expect(r.code, `${command}: ${r.stderr}`).toBe(2);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
        expect(r.stderr).toMatch(problem);
      }
    });
  }

  it('reads local without a backend and Slurm with its settings', async () => {
    expect(await sweepBackendFromFlags('sweep', {})).toEqual({ backend: undefined, shard: undefined });
    const local = await sweepBackendFromFlags('sweep', { shard: '1/4' });
    expect(local.backend).toBeUndefined();
    expect(local.shard).toMatchObject({ index: 1, count: 4 });
    const slurm = await sweepBackendFromFlags('sweep', { backend: 'slurm', partition: 'debug', 'array-max': '8' });
    expect(slurm.backend?.name).toBe('slurm');
    expect(intFlag('sweep', 'jobs', undefined, 3, 1, 8)).toBe(3);
    expect(() => intFlag('sweep', 'jobs', '2.5', 3, 1, 8)).toThrow(/--jobs must be an integer in \[1, 8\], got "2.5"/);
  });
});
