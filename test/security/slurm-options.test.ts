// Attacks through the sbatch options a sweep job is submitted with (issue 24, item 1). The old filter compared
// exact names against a deny-list; sbatch also takes unambiguous prefixes (`--outp=`), clusters (`-vo=x`) and
// options nobody had listed (`--export`, `--chdir`, `--uid`), and `--outp=<path>` plus
// `--export=ALL,NODE_OPTIONS=--require=<file>` ran an attacker's module outside the sandbox. Now one parser
// reads the words as sbatch's getopt_long does and only an allow-list passes, in the settings, for
// `--sbatch-arg` and in the backend itself; the task's environment is the script's, not the submitter's.
// Oracles: glibc's own getopt_long (through Python's ctypes) on generated words, and the installed sbatch's
// resolution of every prefix of every option (with a running cluster).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { BadInputError } from '../../app/errors';
import { slurmBackend } from '../../app/runs/backends/slurm';
import { runSweep } from '../../app/runs/sweep';
import { nodeChildRunner } from '../../app/sandbox/runner';
import { ALLOWED_SBATCH_OPTIONS, parseSbatchWords, resolveLong, sbatchWordsProblem } from '../../app/runs/backends/sbatch-options';
import { SBATCH_LONG, SBATCH_SHORT, shortOption } from '../../app/runs/backends/sbatch-table';
import { settingsProblem } from '../../app/settings/schema';
import { readWorkspaceSettings, saveWorkspaceSettings } from '../../app/settings/store';
import { sweepBackendOf } from '../../app/settings/sweep-backend';
import { cli } from '../helpers/cli';
import { tempDir } from '../helpers/temp-case';
import { fakeRunner } from '../app/runs/fake-runner';
import { confinementOrSkip } from '../app/sandbox/harness';
import { slurmOrSkip } from '../app/runs/slurm-harness';

const c = await confinementOrSkip();
const cluster = slurmOrSkip();
const noSlurm = 'skip' in cluster ? cluster.skip : null;
const skip = noSlurm ?? (c === null ? 'no bubblewrap' : null);
if (skip !== null) console.warn(`Slurm option attacks on a real cluster SKIPPED: ${skip}`);
const PY = '/usr/bin/python3';

const doc = (sbatchArgs: string[]) => ({ format: 'recheck.settings/1', sweeps: { backend: 'slurm', sbatchArgs } });

/** Attack words (one settings list each) and what the one line must name. */
const ATTACKS: readonly (readonly [readonly string[], RegExp])[] = [
  [['--outp=/tmp/x'], /--outp \(sbatch's --output\) is set by Recheck/],
  [['--err=/tmp/x'], /--err \(sbatch's --error\) is set by Recheck/],
  [['--arr=0-99'], /--arr \(sbatch's --array\) is set by Recheck/],
  [['--inp=/etc/passwd'], /--inp \(sbatch's --input\) is set by Recheck/],
  [['--job-n=x'], /--job-n \(sbatch's --job-name\) is set by Recheck/],
  [['--wr=id'], /--wr \(sbatch's --wrap\) is set by Recheck/],
  [['--wrap=id'], /^--wrap is set by Recheck/],
  [['-vo=x'], /-v \(sbatch's --verbose\) is not among the sbatch options Recheck allows/],
  [['-so=/tmp/x'], /-o \(sbatch's --output\) is set by Recheck/], // -s is allowed: the -o behind it is not
  [['--export=ALL,NODE_OPTIONS=--require=/tmp/e.cjs'], /^--export is set by Recheck/],
  [['--exp=ALL'], /--exp is ambiguous to sbatch \(--export, --export-file\)/], // sbatch itself would refuse it
  [['--export-file=/tmp/env'], /--export-file is not among .* \(it chooses the task's environment\)/],
  [['--get-user-env'], /--get-user-env is not among .*environment/],
  [['--chdir=/tmp'], /^--chdir is set by Recheck/],
  [['--ch=/tmp'], /--ch \(sbatch's --chdir\) is set by Recheck/],
  [['-D', '/tmp'], /-D \(sbatch's --chdir\) is set by Recheck/],
  [['-D/tmp'], /-D \(sbatch's --chdir\)/],
  [['--uid=0'], /--uid is not among .* \(it chooses the user the job runs as\)/],
  [['--gid=0'], /--gid is not among/],
  [['--open-mode=append'], /^--open-mode is set by Recheck/],
  [['--open-m=append'], /--open-m \(sbatch's --open-mode\) is set by Recheck/],
  [['--container=/tmp/bundle'], /--container is not among .* \(it runs the job in a container\)/],
  [['--cont=/tmp/bundle'], /--cont is ambiguous to sbatch \(--container, --context, --contiguous\)/],
  [['-o', '/tmp/x'], /-o \(sbatch's --output\) is set by Recheck/],
  [['-o/tmp/x'], /-o \(sbatch's --output\)/],
  [['-e/tmp/x'], /-e \(sbatch's --error\)/],
  [['-i/etc/passwd'], /-i \(sbatch's --input\)/],
  [['-a0-3'], /-a \(sbatch's --array\)/],
  [['-Jx'], /-J \(sbatch's --job-name\)/],
  [['-sJx'], /-J \(sbatch's --job-name\)/],
  [['--nodefile=/tmp/n'], /--nodefile is not among .*reads a file/],
  [['-F/tmp/n'], /-F \(sbatch's --nodefile\)/],
  [['--bbf=/tmp/f'], /--bbf is not among/],
  [['--nodelist=/etc/hosts'], /--nodelist: "\/etc\/hosts" is not a node list .*read a file/],
  [['--exclude=./x'], /--exclude: ".\/x" is not a node list/],
  [['--clusters=elsewhere'], /--clusters is not among .*another cluster/],
  [['--test-only'], /^--test-only is set by Recheck/],
  [['--parsable'], /^--parsable is set by Recheck/],
  [['-W'], /-W \(sbatch's --wait\) is not among/],
  [['--hold'], /^--hold is not among/],
  [['--mail-user=x@example.org'], /--mail-user is not among/],
  [['--part=debug'], /--part \(sbatch's --partition\): write the option in full, --partition/],
  [['--ex=1'], /--ex is ambiguous to sbatch \(--exclude, --exclusive, --export, --export-file, --extra-node-info\)/],
  [['--no-such-option'], /--no-such-option is not an sbatch option/],
  [['-Z'], /-Z is not an sbatch option/],
  [['--'], /"--" ends sbatch's options/],
  [['/tmp/other-job.sh'], /"\/tmp\/other-job.sh" is not an sbatch option \(sbatch would take it as the job's script\)/],
  [[':'], /":" is not an sbatch option/], // a heterogeneous job's separator
  [['--partition'], /^--partition needs a value/], // it would eat Recheck's next word
  [['--nice', '5'], /"5" is not an sbatch option/], // an optional value must be attached: 5 would be the script
  [['--comment', '--output=/tmp/x'], /--comment: a value starting with "-" must be attached/],
  [['-p=debug'], /--partition: "=debug" is not names/], // an attached short value keeps its "="
  [['--contiguous=yes'], /^--contiguous takes no value/],
];

/** Settings a cluster user writes, all accepted. */
const NORMAL: readonly string[][] = [
  ['--qos=normal', '--exclusive', '-N1'],
  ['--account=proj42', '--constraint=intel&ib', '--gres=gpu:a100:2', '--cpus-per-task=4', '--mem-per-cpu=2G'],
  ['--nodes=1', '--exclude=node[01-03]', '--nodelist=node07', '--reservation=maint', '--comment=recheck sweep of case 3'],
  ['-p', 'debug', '--time', '1:00:00', '-t10', '-c2', '-A', 'proj42', '-q', 'low'],
  ['--partition=debug,long', '--ntasks=1', '--hint=nomultithread', '--licenses=matlab:1', '--tmp=10G', '--nice=10'],
  ['--gpus=1', '-G', 'a100:1', '--gpus-per-task=1', '--oversubscribe', '-s', '--begin=now+1hour', '--time-min=30', '--exclusive=user'],
  ['-sN1', '--mem=500M', '--tasks-per-node=1', '--threads-per-core=1', '--prefer=fast', '--wckey=w1', '--contiguous'],
];

describe('sbatch words are read the way sbatch reads them', () => {
  it('resolves prefixes, attached and separate values and short clusters as getopt_long does', () => {
    const read = (words: string[]) => parseSbatchWords(words).options.map((o) => [o.written, o.name, o.value ?? null]);
    expect(read(['--outp=/x'])).toEqual([['--outp', 'output', '/x']]);
    expect(read(['-vo=x'])).toEqual([
      ['-v', 'verbose', null],
      ['-o', 'output', '=x'],
    ]);
    expect(read(['--job-n', 'x', '-D', '/tmp'])).toEqual([
      ['--job-n', 'job-name', 'x'],
      ['-D', 'chdir', '/tmp'],
    ]);
    expect(read(['--tasks=2', '--cluster=a', '-kx', '--nice', '-Hw', 'n1'])).toEqual([
      ['--tasks', 'tasks-per-node', '2'],
      ['--cluster', 'cluster', 'a'],
      ['-k', 'no-kill', 'x'],
      ['--nice', 'nice', null],
      ['-H', 'hold', null],
      ['-w', 'nodelist', 'n1'],
    ]);
    expect(resolveLong('clu')).toEqual({ ambiguous: ['cluster-constraint', 'cluster', 'clusters'] });
    expect(resolveLong('mem')).toMatchObject({ option: { name: 'mem' } }); // an exact name wins over longer ones
    expect(parseSbatchWords(['--qos=a', 'x.sh', '--output=/x']).stop).toMatchObject({ word: 1, kind: 'script' });
    expect(shortOption('k')).toEqual({ arg: 2, name: 'no-kill' });
    expect(SBATCH_LONG).toHaveLength(106);
  });

  it.each(ATTACKS.map(([words, re]) => [words.join(' '), words, re] as const))(
    'settings refuse %s with one line naming the option',
    (_, words, re) => {
      const problem = settingsProblem(doc([...words]));
      expect(problem).toMatch(/^\/sweeps\/sbatchArgs\/\d+: /);
      expect(problem?.replace(/^\/sweeps\/sbatchArgs\/\d+: /, '')).toMatch(re);
      expect(problem).not.toContain('\n');
    },
  );

  it('settings accept the options a cluster user writes', () => {
    for (const words of NORMAL) expect([words, settingsProblem(doc(words))]).toEqual([words, null]);
  });

  it('`recheck sweep --sbatch-arg` gets the same rule, before any Slurm command runs (exit 2, one line)', async () => {
    const root = tempDir('recheck-sbatch-arg-');
    writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
    const saved = process.env.PATH;
    process.env.PATH = join(root, 'empty-bin'); // were sbatch run, this would say "not found on PATH"
    try {
      const base = ['sweep', 'f.mjs', '--horizon', '2', '--runs', 'runs', '--backend', 'slurm'];
      const r = await cli([...base, '--sbatch-arg=--outp=/tmp/x'], root);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/--sbatch-arg: --outp \(sbatch's --output\) is set by Recheck for every sweep job/);
      const r2 = await cli([...base, '--sbatch-arg=-p', '--sbatch-arg=debug', '--sbatch-arg=-vo=x'], root);
      expect(r2.stderr).toMatch(/--sbatch-arg: -v \(sbatch's --verbose\) is not among/);
      const r3 = await cli([...base, '--partition=-o/tmp/x'], root);
      expect(r3.code).toBe(2);
      expect(r3.stderr).toMatch(/--partition: "-o\/tmp\/x" is not names/);
      expect(existsSync(join(root, 'runs'))).toBe(false);
    } finally {
      process.env.PATH = saved;
    }
  });

  it('the Slurm backend refuses the options itself, whoever calls it, before Slurm is asked', async () => {
    const root = tempDir('recheck-sbatch-backend-');
    writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
    const backend = slurmBackend({ sbatchArgs: ['--ch=/tmp'], env: { PATH: join(root, 'empty-bin') } });
    const err = await backend
      .check?.({ modulePath: join(root, 'f.mjs'), spec: { horizon: 1 }, seed: 1, runsDir: root, runner: fakeRunner(() => 0) })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toBe(
      "sbatch options: --ch (sbatch's --chdir) is set by Recheck for every sweep job and cannot be changed here",
    );
  });
});

/** What glibc's getopt_long makes of each argv with sbatch's table (run by Python's ctypes). */
const GLIBC_ORACLE = String.raw`
import ctypes, json, os, sys, tempfile
req = json.load(sys.stdin)
libc = ctypes.CDLL('libc.so.6')
class Option(ctypes.Structure):
    _fields_ = [('name', ctypes.c_char_p), ('has_arg', ctypes.c_int), ('flag', ctypes.c_void_p), ('val', ctypes.c_int)]
table = req['long']
ids = {}
opts = (Option * (len(table) + 1))()
for k, (name, arg, oid) in enumerate(table):
    opts[k] = Option(name.encode(), arg, None, ids.setdefault(oid, 1000 + len(ids)))
getopt_long = libc.getopt_long
getopt_long.argtypes = [ctypes.c_int, ctypes.POINTER(ctypes.c_char_p), ctypes.c_char_p, ctypes.POINTER(Option), ctypes.POINTER(ctypes.c_int)]
optind = ctypes.c_int.in_dll(libc, 'optind')
optarg = ctypes.c_char_p.in_dll(libc, 'optarg')
short = req['short'].encode()
err_file = tempfile.TemporaryFile()
saved = os.dup(2)
out = []
for argv in req['cases']:
    words = [b'sbatch'] + [w.encode() for w in argv]
    arr = (ctypes.c_char_p * (len(words) + 1))(*words, None)
    optind.value = 0
    options, stop = [], None
    os.dup2(err_file.fileno(), 2); err_file.seek(0); err_file.truncate()
    while True:
        before = optind.value if optind.value > 0 else 1
        index = ctypes.c_int(-1)
        c = getopt_long(len(words), arr, short, opts, ctypes.byref(index))
        if c == -1:
            if before < len(words) and words[before] == b'--' and optind.value == before + 1: stop = 'end'
            elif optind.value < len(words): stop = 'script'
            break
        if c == ord('?'):
            stop = 'error'
            break
        name = table[index.value][0] if index.value >= 0 else chr(c)
        options.append([name, optarg.value.decode() if optarg.value is not None else None])
    os.dup2(saved, 2)
    err_file.seek(0)
    message = err_file.read().decode()
    if stop == 'error':
        stop = 'ambiguous' if 'ambiguous' in message else 'value-refused' if "doesn't allow" in message else 'value-missing' if 'requires an argument' in message else 'unknown'
    out.append({'options': options, 'stop': stop})
print(json.dumps(out))
`;

describe.skipIf(!existsSync(PY))('the parser against glibc getopt_long (ctypes)', () => {
  const names = SBATCH_LONG.map((o) => o.name);
  const value = fc.constantFrom('debug', '1', '/tmp/x', '-o', '--output=/x', '=x', '', 'a,b', '--', '-', 'x.sh');
  const long = fc
    .tuple(fc.constantFrom(...names), fc.nat(), fc.option(value, { nil: undefined }))
    .map(([n, k, v]) => `--${n.slice(0, 1 + (k % n.length))}${v !== undefined ? `=${v}` : ''}`);
  const short = fc
    .tuple(
      fc.array(fc.constantFrom(...'AaDoevVkpNsWHhJZ:+=1'.split('')), { minLength: 1, maxLength: 4 }),
      fc.option(value, { nil: undefined }),
    )
    .map(([ls, v]) => `-${ls.join('')}${v ?? ''}`);
  const word = fc.oneof(long, short, value, fc.constantFrom('--', '-', '--=x', '--ex', '--mem', '--cluster'));
  // Words near the allow-list (allowed options in full and short, hostile values, values as their own words).
  const near = fc.oneof(
    fc
      .tuple(
        fc.constantFrom(...ALLOWED_SBATCH_OPTIONS),
        fc.constantFrom('debug', '1', '2G', '1:00:00', 'a100:1', 'node[1-2]', '', '-o/x', '--output=/x', 'x,y'),
      )
      .map(([n, v]) => `--${n}=${v}`),
    fc.constantFrom(...ALLOWED_SBATCH_OPTIONS).map((n) => `--${n}`),
    fc
      .tuple(fc.constantFrom(...'ptcNnAqCGxwLsbv'.split('')), fc.constantFrom('', 'debug', '1', 'o/x', 'J=x', 's', 'sN1'))
      .map(([l, v]) => `-${l}${v}`),
    value,
  );
  let cases: string[][] = [];
  let nearCases: string[][] = [];
  let glibc: { options: [string, string | null][]; stop: string | null }[] = [];
  beforeAll(() => {
    cases = fc.sample(fc.array(word, { minLength: 1, maxLength: 5 }), { numRuns: 3000, seed: 24 });
    nearCases = fc.sample(fc.array(near, { minLength: 1, maxLength: 5 }), { numRuns: 3000, seed: 25 });
    const input = JSON.stringify({
      long: SBATCH_LONG.map((o) => [o.name, o.arg, o.id]),
      short: SBATCH_SHORT,
      cases: [...cases, ...nearCases],
    });
    const r = spawnSync(PY, ['-c', GLIBC_ORACLE], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`glibc oracle failed: ${r.stderr}`);
    glibc = JSON.parse(r.stdout) as typeof glibc;
  });

  it('reads 3000 generated word lists to the same options, values and stop as glibc', () => {
    expect(glibc).toHaveLength(cases.length + nearCases.length);
    const letterName = (n: string) => (n.length === 1 ? (shortOption(n)?.name ?? n) : n);
    let stops = 0;
    cases.forEach((words, k) => {
      const ours = parseSbatchWords(words);
      const theirs = glibc[k]!;
      if (theirs.stop !== null) stops++;
      expect([words, ours.options.map((o) => [o.name, o.value ?? null]), ours.stop?.kind ?? null]).toEqual([
        words,
        theirs.options.map(([n, v]) => [letterName(n), v]),
        theirs.stop,
      ]);
    });
    expect(stops).toBeGreaterThan(300); // the generator reaches every way of stopping, not only clean reads
  });

  it('accepts a word list only when glibc reads it to the end and every option it reads is on the allow-list', () => {
    const letterName = (n: string) => (n.length === 1 ? (shortOption(n)?.name ?? n) : n);
    let accepted = 0;
    nearCases.forEach((words, k) => {
      if (sbatchWordsProblem(words) !== null) return;
      accepted++;
      const theirs = glibc[cases.length + k]!;
      expect([words, theirs.stop]).toEqual([words, null]);
      for (const [name] of theirs.options) expect([words, ALLOWED_SBATCH_OPTIONS.includes(letterName(name))]).toEqual([words, true]);
    });
    expect(accepted).toBeGreaterThan(100); // not vacuous (149 of 3000 with this seed)
  });
});

describe.skipIf(noSlurm !== null)(
  `the option table against the installed sbatch${noSlurm !== null ? ` (SKIPPED: ${noSlurm})` : ''}`,
  () => {
    // Every prefix of every name, and every letter (an option sbatch has and the table lacks shows up as a difference).
    const prefixes = [
      ...new Set([
        ...'abcdefghijklmnopqrstuvwxyz',
        ...SBATCH_LONG.flatMap((o) => Array.from({ length: o.name.length }, (_, k) => o.name.slice(0, k + 1))),
      ]),
    ];
    const letters = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'];
    const said = new Map<string, string>();
    const sbatch = (words: string[]) =>
      spawnSync('sbatch', words, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000 }).stderr.split('\n')[0] ?? '';
    beforeAll(() => {
      for (const p of prefixes) {
        said.set(`--${p}`, sbatch([`--${p}`]));
        const r = resolveLong(p);
        if (r !== null && 'option' in r && r.option.arg === 0) said.set(`--${p}=x`, sbatch([`--${p}=x`]));
      }
      for (const l of letters) said.set(`-${l}`, sbatch([`-${l}`]));
    }, 120_000);

    it('resolves every prefix of every long option as sbatch does (ambiguous, unknown, or the option it names)', () => {
      for (const p of prefixes) {
        const r = resolveLong(p);
        const line = said.get(`--${p}`) ?? '';
        if (r === null) expect([p, line]).toEqual([p, expect.stringContaining(`unrecognized option '--${p}'`)]);
        else if ('ambiguous' in r)
          expect([p, line]).toEqual([
            p,
            expect.stringContaining(`option '--${p}' is ambiguous; possibilities: ${r.ambiguous.map((n) => `'--${n}'`).join(' ')}`),
          ]);
        else if (r.option.arg === 1)
          expect([p, line]).toEqual([p, expect.stringContaining(`option '--${r.option.name}' requires an argument`)]);
        else {
          expect([p, line]).toEqual([p, expect.not.stringMatching(/ambiguous|unrecognized|requires an argument/)]);
          if (r.option.arg === 0)
            expect([p, said.get(`--${p}=x`)]).toEqual([
              p,
              expect.stringContaining(`option '--${r.option.name}' doesn't allow an argument`),
            ]);
        }
      }
    });

    it('knows which letters sbatch takes, and which need a value', () => {
      for (const l of letters) {
        const s = shortOption(l);
        const line = said.get(`-${l}`) ?? '';
        if (s === null) expect([l, line]).toEqual([l, expect.stringContaining(`invalid option -- '${l}'`)]);
        else if (s.arg === 1) expect([l, line]).toEqual([l, expect.stringContaining(`option requires an argument -- '${l}'`)]);
        else expect([l, line]).toEqual([l, expect.not.stringMatching(/invalid option|requires an argument/)]);
      }
    });
  },
);

describe.skipIf(skip !== null)(`the attacks on a real Slurm${skip !== null ? ` (SKIPPED: ${skip})` : ''}`, () => {
  const partition = 'partition' in cluster ? cluster.partition : 'debug';
  /** A module that, once loaded by a Node outside the sandbox, leaves a canary file. */
  function evilIn(root: string): { evil: string; canary: string } {
    const canary = join(root, 'ran-outside-the-sandbox');
    const evil = join(root, 'evil.cjs');
    writeFileSync(evil, `require('node:fs').writeFileSync(${JSON.stringify(canary)}, String(process.pid));`);
    writeFileSync(join(root, 'f.mjs'), 'export default ({ t }) => t;');
    return { evil, canary };
  }

  it(
    "the issue's attack through the settings (--outp plus --export=ALL,NODE_OPTIONS=--require) is refused at save, at read and by the backend; nothing runs",
    { timeout: 120_000 },
    async () => {
      const root = tempDir('recheck-slurm-attack-');
      const { evil, canary } = evilIn(root);
      const sweeps = {
        backend: 'slurm' as const,
        partition,
        sbatchArgs: [`--outp=${join(root, 'chosen-%a.out')}`, `--export=ALL,NODE_OPTIONS=--require=${evil}`],
      };
      const ws = join(root, 'ws');
      mkdirSync(ws);
      const saved = await saveWorkspaceSettings(ws, sweeps, { who: 'mallory' });
      writeFileSync(join(ws, 'settings.json'), JSON.stringify({ format: 'recheck.settings/1', sweeps })); // written by hand
      const read = await readWorkspaceSettings(ws).catch((e: unknown) => e);
      const run = await runSweep({
        modulePath: join(root, 'f.mjs'),
        spec: { horizon: 2 },
        seed: 1,
        jobs: 1,
        runsDir: join(root, 'runs'),
        runner: nodeChildRunner(c!),
        backend: sweepBackendOf(sweeps)!,
      }).catch((e: unknown) => e);
      const line = "/sweeps/sbatchArgs/0: --outp (sbatch's --output) is set by Recheck for every sweep job and cannot be changed here";
      expect(saved).toEqual({ saved: false, problem: line });
      expect((read as Error).message).toBe(`${join(ws, 'settings.json')}: ${line}`);
      expect(run).toBeInstanceOf(BadInputError);
      expect((run as Error).message).toMatch(/^sbatch options: --outp \(sbatch's --output\)/);
      expect(existsSync(canary)).toBe(false);
      expect(readdirSync(root).filter((n) => n.startsWith('chosen-'))).toEqual([]);
    },
  );

  it('the same attack through `recheck sweep --sbatch-arg`: exit 2, one line, no job, nothing written', { timeout: 120_000 }, async () => {
    const root = tempDir('recheck-slurm-attack-cli-');
    const { evil, canary } = evilIn(root);
    const r = await cli(
      [
        'sweep',
        'f.mjs',
        '--horizon',
        '2',
        '--runs',
        'runs',
        '--backend',
        'slurm',
        '--partition',
        partition,
        `--sbatch-arg=--export=ALL,NODE_OPTIONS=--require=${evil}`,
      ],
      root,
    );
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/--sbatch-arg: --export is set by Recheck for every sweep job/);
    expect(existsSync(canary)).toBe(false);
    expect(existsSync(join(root, 'runs'))).toBe(false);
  });

  it(
    "a task's environment is the script's (PATH, HOME, TMPDIR), not the submitter's, and it runs in the sweep's folder",
    { timeout: 120_000 },
    async () => {
      const root = tempDir('recheck-slurm-env-');
      const { evil, canary } = evilIn(root);
      const dump = join(root, 'task-env.json');
      // The command a task runs, standing in for recheck: it records its environment and folder.
      const recheck = [
        process.execPath,
        '-e',
        `require('node:fs').writeFileSync(${JSON.stringify(dump)}, JSON.stringify({ env: process.env, cwd: process.cwd() }))`,
      ];
      const env = {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        HOME: root,
        SLURM_CONF: process.env.SLURM_CONF,
        NODE_OPTIONS: `--require=${evil}`,
        RECHECK_TEST_LEAK: 'submitter',
      };
      const s = await runSweep({
        modulePath: join(root, 'f.mjs'),
        spec: { horizon: 1 },
        seed: 1,
        jobs: 1,
        runsDir: join(root, 'runs'),
        id: 'env',
        runner: nodeChildRunner(c!),
        backend: slurmBackend({ partition, env, recheck, pollMs: 100 }),
      });
      expect(s.status).toBe('cancelled'); // the stand-in computes no point
      expect(existsSync(canary)).toBe(false);
      const seen = JSON.parse(readFileSync(dump, 'utf8')) as { env: Record<string, string>; cwd: string };
      expect(Object.keys(seen.env).sort()).toEqual(['HOME', 'PATH', 'TMPDIR']);
      expect(seen.env).toMatchObject({ PATH: env.PATH, HOME: root });
      expect(seen.cwd).toBe(join(root, 'runs', 'env'));
    },
  );
});
