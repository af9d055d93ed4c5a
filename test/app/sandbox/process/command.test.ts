/**
 * The sandbox's command line (command.ts) and the limits it carries (limits.ts), the paths a replay may give
 * (run-folder.ts; fast-check: an accepted path never leaves the scratch folder), interpreterFor, and the
 * scratch watch (watch.ts) on a real folder.
 */
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { programCommand, type CommandPlan, type ProgramConfinement } from '../../../../app/sandbox/process/command';
import { addressSpaceMb, PROCESS_LIMIT, prlimitArgs, programLimits } from '../../../../app/sandbox/process/limits';
import { mountDestination, relativePathProblem } from '../../../../app/sandbox/process/run-folder';
import { interpreterFor } from '../../../../app/sandbox/process/run-program';
import { folderUsage, watchScratch } from '../../../../app/sandbox/process/watch';

const c: ProgramConfinement = {
  bwrap: '/fake/bwrap',
  prlimit: '/fake/prlimit',
  setpriv: null,
  modern: true,
  node: '/fake/node',
  nodeBinds: [],
};
const plan = (over: Partial<CommandPlan> = {}): CommandPlan => ({
  confinement: c,
  interpreter: { kind: 'python', path: '/fake/python3.11', binds: [], pathDirs: [] },
  argv: ['bench.py', '--k', '16'],
  mounts: [
    { source: '/tmp/run/scratch', dest: '/scratch', writable: true },
    { source: '/tmp/run/boot', dest: '/recheck' },
    { source: '/home/ada/case/logbook', dest: '/scratch/logbook' },
  ],
  env: { HOME: '/scratch' },
  limits: programLimits('python', { memoryMb: 256, cpuSeconds: 5 }),
  stage: '/tmp/run/stage',
  ...over,
});

describe('programCommand', () => {
  it('as a user: bubblewrap with every namespace, the scratch folder the only writable bind, prlimit inside', () => {
    const { command, args } = programCommand(plan());
    expect(command).toBe('/fake/bwrap');
    expect(args.slice(0, 3)).toEqual(['--unshare-all', '--unshare-user', '--disable-userns']);
    for (const flag of ['--die-with-parent', '--new-session', '--clearenv']) expect(args).toContain(flag);
    expect(args.filter((a) => a === '--bind' || a === '--dev-bind' || a === '--bind-try')).toEqual(['--bind']);
    expect(args[args.indexOf('--bind') + 1]).toBe('/tmp/run/scratch');
    expect(args).not.toContain('--share-net');
    const inner = args.slice(args.indexOf('--') + 1);
    expect(inner).toEqual(['/fake/prlimit', ...prlimitArgs('python', plan().limits), '--', '/fake/python3.11', 'bench.py', '--k', '16']);
  });

  it('as root: a staging bubblewrap binds the read-only folders, then setpriv drops to 65534 before the sandbox', () => {
    const { command, args } = programCommand(plan({ confinement: { ...c, setpriv: '/fake/setpriv' } }));
    expect(command).toBe('/fake/bwrap');
    const drop = args.indexOf('/fake/setpriv');
    const outer = args.slice(0, drop);
    expect(outer).toEqual([
      '--dev-bind',
      '/',
      '/',
      '--die-with-parent',
      '--tmpfs',
      '/tmp/run/stage',
      '--ro-bind',
      '/tmp/run/boot',
      '/tmp/run/stage/1',
      '--ro-bind',
      '/home/ada/case/logbook',
      '/tmp/run/stage/2',
      '--',
    ]);
    expect(args.slice(drop + 1, drop + 7)).toEqual([
      '--reuid=65534',
      '--regid=65534',
      '--clear-groups',
      '--inh-caps=-all',
      '--bounding-set=-all',
      '--',
    ]);
    const inner = args.slice(drop + 8);
    expect(inner.join(' ')).toContain('--ro-bind /tmp/run/stage/2 /scratch/logbook');
    expect(inner.join(' ')).not.toContain('/home/ada');
    expect(() => programCommand(plan({ confinement: { ...c, setpriv: '/fake/setpriv' }, stage: undefined }))).toThrow(/staging/);
  });

  it('without bubblewrap (opted in): prlimit and the interpreter alone', () => {
    expect(programCommand(plan({ confinement: { ...c, bwrap: null } }))).toEqual({
      command: '/fake/prlimit',
      args: [...prlimitArgs('python', plan().limits), '--', '/fake/python3.11', 'bench.py', '--k', '16'],
    });
  });
});

describe('limits', () => {
  it('python and shell get a fixed base above the program’s memory; node its heap twice and its reservation', () => {
    expect(addressSpaceMb('python', 256)).toBe(640);
    expect(addressSpaceMb('node', 256)).toBe(1612);
    const args = prlimitArgs('python', programLimits('python', { memoryMb: 256, cpuSeconds: 2.5 }));
    expect(args).toEqual([
      `--as=${640 * 1024 * 1024}`,
      '--cpu=3:4',
      `--nproc=${PROCESS_LIMIT}`,
      '--nofile=1024',
      `--fsize=${64 * 1024 * 1024}`,
      '--core=0',
    ]);
  });
  it('refuses limits that are not positive finite numbers', () => {
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => programLimits('python', { timeoutMs: bad })).toThrow(RangeError);
  });
});

describe('paths a replay gives', () => {
  it.each([
    ['bench.py', null],
    ['src/util/io.py', null],
    ['../x', 'must stay inside the scratch folder (no "..")'],
    ['a/../../x', 'must stay inside the scratch folder (no "..")'],
    ['/etc/passwd', 'must be relative to the scratch folder'],
    ['a//b', 'must be a normal path (no empty or "." segments)'],
    ['./a', 'must be a normal path (no empty or "." segments)'],
    ['a/', 'must be a normal path (no empty or "." segments)'],
    ['a\nb', 'must not contain control characters or backslashes'],
    ['a\\..\\b', 'must not contain control characters or backslashes'],
    ['', 'must be 1 to 1024 characters'],
  ])('%j: %s', (p, problem) => {
    expect(relativePathProblem(p)).toBe(problem);
  });

  it('an accepted path always lands strictly inside the scratch folder (fast-check)', () => {
    const segment = fc.constantFrom('a', 'b', '.', '..', '', 'x.py', '.hidden', '...');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (parts) => {
        const p = parts.join('/');
        if (relativePathProblem(p) !== null) return;
        const joined = posix.normalize(posix.join('/scratch', p));
        expect(joined.startsWith('/scratch/')).toBe(true);
        expect(joined).toBe(`/scratch/${p}`);
      }),
      { seed: 3, numRuns: 1000 },
    );
  });

  it('mount targets: relative under the scratch folder, absolute only under /case', () => {
    expect(mountDestination('logbook', '/scratch')).toBe('/scratch/logbook');
    expect(mountDestination('/case', '/scratch')).toBe('/case');
    expect(mountDestination('/case/runs', '/scratch')).toBe('/case/runs');
    for (const bad of ['/etc', '/case/../etc', '/casex', '../up', '/case//x'])
      expect(() => mountDestination(bad, '/scratch')).toThrow(/target/);
  });
});

describe('interpreterFor', () => {
  it.each([
    [['python3', 'bench.py'], 'python'],
    [['python', '-u', 'x.py'], 'python'],
    [['/fake/python3.11', 'x.py'], 'python'],
    [['env', 'OMP_NUM_THREADS=1', 'python3', 'x.py'], 'python'],
    [['/usr/bin/env', '-i', 'python3', 'x.py'], 'python'],
    [['bash', 'x.sh'], 'shell'],
    [['sh', '-c', 'echo'], 'shell'],
    [['node', 'a.js'], 'node'],
    [['./a.out'], null],
    [['julia', 'x.jl'], null],
    [['python3-config'], null],
    [[], null],
  ] as const)('%j -> %s', (cmd, kind) => {
    expect(interpreterFor([...cmd])).toBe(kind);
  });
});

describe('scratch watch', () => {
  it('counts allocated bytes without following symlinks, and calls the flood once past the budget', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-watch-'));
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'a'), Buffer.alloc(64 * 1024, 1));
    const u = await folderUsage(dir);
    expect(u.entries).toBe(2);
    expect(u.bytes).toBeGreaterThanOrEqual(64 * 1024);
    let floods = 0;
    const stop = watchScratch(dir, () => floods++, 32 * 1024);
    await expect.poll(() => floods, { timeout: 3000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 700));
    stop();
    expect(floods).toBe(1);
  });
});
