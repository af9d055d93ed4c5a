/**
 * JSON Schema of `<workspace>/settings.json`, format `recheck.settings/1` (docs/slurm.md), and the one-line
 * problem of a document that does not fit it. The sweep block is checked by backend (`local` takes nothing
 * else, `slurm` its sbatch settings), so a problem names the field that is wrong rather than a failed `oneOf`.
 * Further sbatch options (`sbatchArgs`) are read as sbatch reads them and accepted only from Recheck's allow-list
 * (sbatch-options.ts): a settings file must not turn the job into another one, nor choose its files, environment,
 * folder, user or script.
 */
import type { JsonSchema } from '../json/json-schema';
import type { ReplaySettings, SweepSettings } from '../../common/api/contract-settings';
import { createAjv, describeAjvError } from '../json/ajv';
import { sbatchWordsProblem } from '../runs/backends/sbatch-options';

export const SETTINGS_FORMAT = 'recheck.settings/1';

/** The settings file as stored. */
export interface SettingsFile {
  format: typeof SETTINGS_FORMAT;
  sweeps: SweepSettings;
  /** How replays run a logbook's cells (optional): the Python interpreter (checked when a replay uses it). */
  replay?: ReplaySettings;
  savedAt?: string;
}

/**
 * An interpreter's path (`replay.python`): absolute, no control characters. Whether it exists and runs is checked
 * when a replay uses it (app/sandbox/process/interpreter.ts), not here: settings stay readable on a machine
 * where that interpreter is missing.
 */
const INTERPRETER_PATH = '^/[^\\u0000-\\u001f\\u007f]*$';

const outer: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['format', 'sweeps'],
  properties: {
    format: { const: SETTINGS_FORMAT },
    sweeps: { type: 'object', required: ['backend'], properties: { backend: { enum: ['local', 'slurm'] } } },
    replay: {
      type: 'object',
      additionalProperties: false,
      properties: { python: { type: 'string', minLength: 2, maxLength: 4096, pattern: INTERPRETER_PATH } },
    },
    savedAt: { type: 'string', maxLength: 64 },
  },
};

const local: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['backend'],
  properties: { backend: { const: 'local' } },
};

/** One word of an sbatch command line (what it means is sbatch-options.ts's to say): no control characters. */
const SBATCH_ARG = '^[^\\u0000-\\u001f\\u007f]*$';

const slurm: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['backend'],
  properties: {
    backend: { const: 'slurm' },
    partition: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$' },
    arrayMax: { type: 'integer', minimum: 1, maximum: 100000 },
    time: { type: 'string', pattern: '^(?:[0-9]{1,6}(?:-[0-9]{1,2})?(?::[0-9]{1,2}){0,2}|UNLIMITED|INFINITE)$' },
    mem: { type: 'string', pattern: '^[0-9]{1,9}[KMGT]?$' },
    sbatchArgs: { type: 'array', maxItems: 32, items: { type: 'string', minLength: 1, maxLength: 512, pattern: SBATCH_ARG } },
  },
};

/** What a field that does not match its pattern should look like, in words. */
const FORMS: Readonly<Record<string, string>> = {
  partition: 'a partition name (letters, digits, ".", "_" or "-")',
  time: "Slurm's time syntax (minutes, H:MM:SS or D-HH)",
  mem: 'a size such as 2G or 500M',
  sbatchArgs: 'one sbatch option or value each, without control characters',
  python: 'the absolute path of a Python interpreter (e.g. /srv/venv/bin/python), without control characters',
};

const ajv = createAjv();
const validateOuter = ajv.compile(outer);
const validateLocal = ajv.compile(local);
const validateSlurm = ajv.compile(slurm);

function schemaProblem(validate: ReturnType<typeof ajv.compile>, value: unknown, base: string): string | null {
  if (validate(value)) return null;
  const err = validate.errors?.[0];
  const { pointer, problem } = describeAjvError(err, base);
  const field = pointer.split('/')[2];
  const form = err?.keyword === 'pattern' && field !== undefined ? FORMS[field] : undefined;
  return `${pointer}: ${form !== undefined ? `must be ${form}` : problem}`;
}

/**
 * The first problem of a settings document, one line with its JSON pointer, or null when it is valid.
 * Example: `settingsProblem({ format: 'recheck.settings/1', sweeps: { backend: 'slurm', mem: 'lots' } })` is
 * "/sweeps/mem: must be a size such as 2G or 500M".
 */
export function settingsProblem(doc: unknown): string | null {
  const top = schemaProblem(validateOuter, doc, '');
  if (top !== null) return top;
  const sweeps = (doc as SettingsFile).sweeps;
  const own = schemaProblem(sweeps.backend === 'local' ? validateLocal : validateSlurm, sweeps, '/sweeps');
  if (own !== null) return own;
  if (sweeps.backend === 'slurm') {
    const refused = sbatchWordsProblem(sweeps.sbatchArgs ?? []);
    if (refused !== null) return `/sweeps/sbatchArgs/${refused.word}: ${refused.problem}`;
  }
  return null;
}
