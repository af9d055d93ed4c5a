/**
 * The workspace settings dialog's fields as text, and the settings they give. The core checks the settings
 * (schema, then sbatch --test-only) and answers one line; here only what a text field cannot say as a number
 * is caught, and which field a problem names, so the dialog can mark it.
 */
import type { SweepSettings } from '../../common/api/contract';

export interface SettingsFields {
  backend: 'local' | 'slurm';
  partition: string;
  arrayMax: string;
  time: string;
  mem: string;
  /** One sbatch option per line. */
  sbatchArgs: string;
}

/** The fields showing saved settings (empty where a setting is unset). */
export function fieldsOf(s: SweepSettings): SettingsFields {
  if (s.backend === 'local') return { backend: 'local', partition: '', arrayMax: '', time: '', mem: '', sbatchArgs: '' };
  return {
    backend: 'slurm',
    partition: s.partition ?? '',
    arrayMax: s.arrayMax !== undefined ? String(s.arrayMax) : '',
    time: s.time ?? '',
    mem: s.mem ?? '',
    sbatchArgs: (s.sbatchArgs ?? []).join('\n'),
  };
}

/**
 * The settings the fields give, or the problem of the one field that cannot be read. Empty fields are unset.
 * Example: `settingsOf({ backend: 'slurm', partition: ' debug ', arrayMax: '4', time: '', mem: '', sbatchArgs: '--qos=low\n' })`
 * is `{ sweeps: { backend: 'slurm', partition: 'debug', arrayMax: 4, sbatchArgs: ['--qos=low'] } }`.
 */
export function settingsOf(f: SettingsFields): { sweeps: SweepSettings } | { problem: string; field: keyof SettingsFields } {
  if (f.backend === 'local') return { sweeps: { backend: 'local' } };
  const arrayMax = f.arrayMax.trim();
  if (arrayMax !== '' && !/^[1-9][0-9]*$/.test(arrayMax))
    return { problem: 'Tasks at once: a whole number from 1, or empty for no limit', field: 'arrayMax' };
  const args = f.sbatchArgs
    .split('\n')
    .map((a) => a.trim())
    .filter((a) => a !== '');
  const partition = f.partition.trim();
  const time = f.time.trim();
  const mem = f.mem.trim();
  return {
    sweeps: {
      backend: 'slurm',
      ...(partition !== '' ? { partition } : {}),
      ...(arrayMax !== '' ? { arrayMax: Number(arrayMax) } : {}),
      ...(time !== '' ? { time } : {}),
      ...(mem !== '' ? { mem } : {}),
      ...(args.length > 0 ? { sbatchArgs: args } : {}),
    },
  };
}

/** The field a problem from the core is about (`/sweeps/mem: ...`, `sbatch: ... partition ...`), if any. */
export function fieldOfProblem(problem: string): keyof SettingsFields | null {
  const pointer = /^\/sweeps\/(partition|arrayMax|time|mem|sbatchArgs)\b/.exec(problem)?.[1];
  if (pointer !== undefined) return pointer as keyof SettingsFields;
  if (/partition/i.test(problem)) return 'partition';
  if (/time limit|--time/i.test(problem)) return 'time';
  if (/memory|--mem/i.test(problem)) return 'mem';
  return null;
}

/** Where sweeps run, short, for the top bar. Example: "Sweeps: Slurm (debug)". */
export function sweepsPlaceShort(s: SweepSettings): string {
  return s.backend === 'local' ? 'Sweeps: this machine' : `Sweeps: Slurm${s.partition !== undefined ? ` (${s.partition})` : ''}`;
}
