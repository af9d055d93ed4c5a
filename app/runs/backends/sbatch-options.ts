/**
 * sbatch options from settings and `--sbatch-arg`, parsed the way sbatch parses them (glibc getopt_long with
 * sbatch's table, sbatch-table.ts) and then accepted only when Recheck knows them to be harmless for a sweep
 * job: where and how long it runs, on what hardware, charged to whom. Everything that chooses files, the
 * environment, the working directory, the user, a container or a script, and every option Recheck sets itself,
 * is refused with one line naming the option as sbatch resolves it.
 *
 * Parsing follows getopt_long exactly: a long option matches by its full name or by an unambiguous prefix
 * (`--outp` is `--output`); its value is attached (`--opt=v`) or, when it needs one, the next word whatever it
 * looks like; short options cluster (`-vo=x` is `-v` then `-o` with the value `=x`); the first word that is
 * not an option ends the options (sbatch takes it as the job's script). Accepting is stricter than sbatch, so
 * that the option sbatch reads never depends on its version: allowed options must be written in full, and a
 * value given as its own word must not start with `-`.
 * Example: `sbatchWordsProblem(['--outp=/tmp/x'])` is `{ word: 0, problem: "--outp (sbatch's --output) is set
 * by Recheck for every sweep job and cannot be changed here" }`; `sbatchWordsProblem(['-p', 'debug'])` is null.
 */
import { shown } from '../../text/display';
import { SBATCH_LONG, shortOption, type ArgKind, type LongOption } from './sbatch-table';

/** One option as sbatch reads it. */
export interface SbatchOption {
  /** Index of the word the option is written in. */
  readonly word: number;
  /** How it is written: `--outp`, `-o`. */
  readonly written: string;
  /** The long option sbatch resolves it to (`output`). */
  readonly name: string;
  readonly arg: ArgKind;
  readonly value?: string;
  /** True when the value is the next word. */
  readonly separate?: boolean;
}

/** The options read, and where and why reading stopped early (a word sbatch would take as its script, an error). */
export interface SbatchParse {
  readonly options: readonly SbatchOption[];
  readonly stop: SbatchStop | null;
}

/**
 * Why reading stopped: `script` (a word that is not an option: sbatch takes it as the job's script), `end` (`--`),
 * or getopt_long's errors `unknown`, `ambiguous`, `value-missing`, `value-refused` (a value for an option taking none).
 */
export interface SbatchStop {
  readonly word: number;
  readonly kind: 'script' | 'end' | 'unknown' | 'ambiguous' | 'value-missing' | 'value-refused';
  readonly problem: string;
}

/** A long option by its full name or unambiguous prefix, as getopt_long resolves it. */
export function resolveLong(name: string): { readonly option: LongOption } | { readonly ambiguous: readonly string[] } | null {
  const exact = SBATCH_LONG.find((o) => o.name === name);
  if (exact !== undefined) return { option: exact };
  let first: LongOption | undefined;
  const ambiguous: string[] = [];
  for (const o of SBATCH_LONG) {
    if (!o.name.startsWith(name)) continue;
    if (first === undefined) first = o;
    // glibc: a second match is ambiguous unless it is the same option (an alias) with the same value kind.
    else if (o.arg !== first.arg || o.id !== first.id) {
      if (ambiguous.length === 0) ambiguous.push(first.name);
      ambiguous.push(o.name);
    }
  }
  if (ambiguous.length > 0) return { ambiguous };
  return first !== undefined ? { option: first } : null;
}

/** Reads `words` as sbatch's getopt_long would. Example: `parseSbatchWords(['-vo=x']).options.map((o) => o.name)` is `['verbose', 'output']`. */
export function parseSbatchWords(words: readonly string[]): SbatchParse {
  const options: SbatchOption[] = [];
  const stop = (word: number, kind: SbatchStop['kind'], problem: string): SbatchParse => ({ options, stop: { word, kind, problem } });
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w === '--') return stop(i, 'end', '"--" ends sbatch\'s options (what follows would be the job\'s script)');
    if (!w.startsWith('-') || w === '-')
      return stop(i, 'script', `"${shown(w, 80)}" is not an sbatch option (sbatch would take it as the job's script)`);
    if (w.startsWith('--')) {
      const eq = w.indexOf('=');
      const name = w.slice(2, eq < 0 ? undefined : eq);
      const written = `--${name}`;
      const found = resolveLong(name);
      if (found === null) return stop(i, 'unknown', `${shown(written, 80)} is not an sbatch option`);
      if ('ambiguous' in found)
        return stop(i, 'ambiguous', `${shown(written, 80)} is ambiguous to sbatch (${found.ambiguous.map((n) => `--${n}`).join(', ')})`);
      const o = found.option;
      const base = { word: i, written, name: o.name, arg: o.arg };
      if (o.arg === 0 && eq >= 0) return stop(i, 'value-refused', `${label(base)} takes no value`);
      if (eq >= 0) options.push({ ...base, value: w.slice(eq + 1) });
      else if (o.arg !== 1) options.push(base);
      else if (i + 1 < words.length) options.push({ ...base, value: words[++i] as string, separate: true });
      else return stop(i, 'value-missing', `${label(base)} needs a value`);
      continue;
    }
    for (let j = 1; j < w.length; j++) {
      const letter = w[j] as string;
      const s = shortOption(letter);
      if (s === null) return stop(i, 'unknown', `-${shown(letter)} is not an sbatch option`);
      const base = { word: i, written: `-${letter}`, name: s.name, arg: s.arg };
      const rest = w.slice(j + 1);
      if (s.arg === 0) {
        options.push(base);
        continue;
      }
      if (rest !== '') options.push({ ...base, value: rest });
      else if (s.arg === 2) options.push(base);
      else if (i + 1 < words.length) options.push({ ...base, value: words[++i] as string, separate: true });
      else return stop(i, 'value-missing', `${label(base)} needs a value`);
      break;
    }
  }
  return { options, stop: null };
}

/** `--output`, or `--outp (sbatch's --output)` when written otherwise. */
function label(o: Pick<SbatchOption, 'written' | 'name'>): string {
  return o.written === `--${o.name}` ? o.written : `${shown(o.written, 80)} (sbatch's --${o.name})`;
}

const NAME = '[A-Za-z0-9][A-Za-z0-9._-]{0,63}';
const NAMES = { form: 'names (letters, digits, ".", "_", "-"; comma-separated)', pattern: new RegExp(`^${NAME}(?:,${NAME}){0,31}$`) };
const ONE_NAME = { form: 'a name (letters, digits, ".", "_", "-")', pattern: new RegExp(`^${NAME}$`) };
const COUNT = { form: 'a whole number', pattern: /^[0-9]{1,6}$/ };
const SIZE = { form: 'a size such as 2G or 500M', pattern: /^[0-9]{1,12}[KMGTkmgt]?$/ };
const TIME = {
  form: "Slurm's time syntax (minutes, H:MM:SS or D-HH)",
  pattern: /^(?:[0-9]{1,6}(?:-[0-9]{1,2})?(?::[0-9]{1,2}){0,2}|UNLIMITED|INFINITE)$/,
};
const GPUS = {
  form: 'a GPU count, optionally typed (a100:2)',
  pattern: /^(?:[A-Za-z0-9_.-]{1,64}:)?[0-9]{1,6}(?:,(?:[A-Za-z0-9_.-]{1,64}:)?[0-9]{1,6}){0,15}$/,
};
const WHEN = { form: 'a time such as now+1hour or 2026-12-01T10:00', pattern: /^[A-Za-z0-9:+.-]{1,64}$/ };
const HOSTS = {
  form: 'a node list such as node[01-04],gpu7 (with a "/" sbatch would read a file instead)',
  pattern: /^[A-Za-z0-9._,[\]-]{1,1024}$/,
};

/** The options Recheck allows, by long name (short forms and full aliases too), with the form of their value. */
const ALLOWED: Readonly<Record<string, { readonly form: string; readonly pattern: RegExp }>> = {
  account: ONE_NAME,
  partition: NAMES,
  qos: NAMES,
  reservation: NAMES,
  wckey: ONE_NAME,
  time: TIME,
  'time-min': TIME,
  begin: WHEN,
  deadline: WHEN,
  nice: { form: 'a whole number', pattern: /^-?[0-9]{1,5}$/ },
  mem: SIZE,
  'mem-per-cpu': SIZE,
  'mem-per-gpu': SIZE,
  tmp: SIZE,
  'cpus-per-task': COUNT,
  'cpus-per-gpu': COUNT,
  mincpus: COUNT,
  ntasks: COUNT,
  'ntasks-per-node': COUNT,
  'tasks-per-node': COUNT,
  'sockets-per-node': COUNT,
  'cores-per-socket': COUNT,
  'threads-per-core': COUNT,
  nodes: { form: 'a node count or range such as 1 or 1-2', pattern: /^[0-9]{1,6}(?:-[0-9]{1,6})?$/ },
  constraint: { form: 'a feature expression such as intel&ib', pattern: /^[A-Za-z0-9_.,&|*[\]():!-]{1,512}$/ },
  prefer: { form: 'a feature expression such as intel&ib', pattern: /^[A-Za-z0-9_.,&|*[\]():!-]{1,512}$/ },
  gres: { form: 'generic resources such as gpu:a100:2', pattern: /^[A-Za-z0-9_.:,-]{1,256}$/ },
  'gres-flags': { form: 'enforce-binding or disable-binding', pattern: /^(?:enforce-binding|disable-binding)$/ },
  gpus: GPUS,
  'gpus-per-node': GPUS,
  'gpus-per-task': GPUS,
  exclude: HOSTS,
  nodelist: HOSTS,
  exclusive: { form: 'user or mcs (or nothing)', pattern: /^(?:user|mcs)$/ },
  oversubscribe: { form: 'nothing', pattern: /^$/ },
  contiguous: { form: 'nothing', pattern: /^$/ },
  hint: {
    form: 'compute_bound, memory_bound, multithread or nomultithread',
    pattern: /^(?:compute_bound|memory_bound|multithread|nomultithread)$/,
  },
  licenses: { form: 'licenses such as matlab:1', pattern: /^[A-Za-z0-9_.@:,|-]{1,256}$/ },
  comment: { form: 'text without control characters', pattern: /^[^\u0000-\u001f\u007f]{0,512}$/ },
};

/** The options Recheck allows, for messages and docs. */
export const ALLOWED_SBATCH_OPTIONS: readonly string[] = Object.keys(ALLOWED);

/** Options every sweep job gets from Recheck (the array, its files, its name, script, directory and environment). */
const SET_BY_RECHECK: ReadonlySet<string> = new Set([
  'array',
  'output',
  'error',
  'input',
  'open-mode',
  'job-name',
  'wrap',
  'parsable',
  'test-only',
  'chdir',
  'export',
]);

/** Why some refused options are refused, in a few words. */
const WHY: Readonly<Record<string, string>> = {
  'export-file': "it chooses the task's environment",
  'get-user-env': "it chooses the task's environment",
  uid: 'it chooses the user the job runs as',
  gid: 'it chooses the group the job runs as',
  container: 'it runs the job in a container',
  context: 'it chooses a security context',
  bb: 'it stages files in and out',
  bbf: 'it reads a file',
  nodefile: 'it reads a file',
  propagate: "it passes this process's limits to the task",
  cluster: 'it sends the job to another cluster',
  clusters: 'it sends the job to another cluster',
  'mail-user': 'it sends mail about the job',
  wait: 'it makes sbatch wait for the job',
};

/** The problem of one option Recheck reads, or null when it is allowed. */
function optionProblem(o: SbatchOption): string | null {
  if (SET_BY_RECHECK.has(o.name)) return `${label(o)} is set by Recheck for every sweep job and cannot be changed here`;
  const allowed = ALLOWED[o.name];
  if (allowed === undefined)
    return `${label(o)} is not among the sbatch options Recheck allows for sweep jobs${WHY[o.name] !== undefined ? ` (${WHY[o.name]})` : ''}`;
  if (o.written.startsWith('--') && o.written !== `--${o.name}`) return `${label(o)}: write the option in full, --${o.name}`;
  if (o.value === undefined) return null;
  if (o.separate === true && o.value.startsWith('-'))
    return `--${o.name}: a value starting with "-" must be attached (--${o.name}=${shown(o.value, 40)})`;
  return allowed.pattern.test(o.value) ? null : `--${o.name}: "${shown(o.value, 80)}" is not ${allowed.form}`;
}

/**
 * The first problem of a list of sbatch words, with the index of the word it is in, or null when sbatch would
 * read only options Recheck allows (with values of their form).
 */
export function sbatchWordsProblem(words: readonly string[]): { readonly word: number; readonly problem: string } | null {
  const parsed = parseSbatchWords(words);
  for (const o of parsed.options) {
    const problem = optionProblem(o);
    if (problem !== null) return { word: o.word, problem };
  }
  return parsed.stop;
}
