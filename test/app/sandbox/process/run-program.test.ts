/**
 * runProgram for real (bubblewrap, prlimit; Debian's /usr/bin/python3, bash, dash, node): arguments, files and
 * the minimal environment reach the program; the case's folders are readable and not writable; a virtual
 * environment in a folder only root can reach runs with its own packages; each way a run ends (output flood,
 * cancel, CPU limit, file-size limit) is named; bad input is refused in one line before anything runs.
 * PYTHONHASHSEED=0 is checked against the host interpreter given the same seed (the oracle).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BadInputError, BusyError } from '../../../../app/errors';
import { SandboxQueue } from '../../../../app/sandbox/queue';
import { defaultConfinement } from '../../../../app/sandbox/confinement';
import { InterpreterUnavailableError } from '../../../../app/sandbox/process/interpreter';
import { detectProgramConfinement } from '../../../../app/sandbox/process/program-confinement';
import { runProgram, type ProgramSpec } from '../../../../app/sandbox/process/run-program';
import { PYTHON, executable, required } from '../../../helpers/required';

const pc = await detectProgramConfinement(await defaultConfinement());
const skip = pc.bwrap === null ? required('bubblewrap usable for programs (Debian package bubblewrap)', pc.problem ?? 'missing') : '';
const noPython = executable(PYTHON, 'python3');

const py = (source: string, o: Partial<ProgramSpec> = {}): ProgramSpec => ({
  interpreter: 'python',
  python: PYTHON,
  ...o,
  files: [{ path: 'cell.py', content: source }, ...(o.files ?? [])],
  args: ['cell.py', ...(o.args ?? [])],
});

describe('runProgram: bad input is refused in one line before anything runs', () => {
  it.each([
    [{ files: [{ path: '../escape.py', content: '' }] }, /^\.\.\/escape\.py: replay file path must stay inside the scratch folder/],
    [{ files: [{ path: '/etc/x', content: '' }] }, /^\/etc\/x: replay file path must be relative/],
    [{ env: { 'A-B': '1' } }, /^A-B: not an environment variable name$/],
    [{ args: ['a\0b'] }, /^replay command: an argument is not text$/],
    [{ readOnly: [{ source: '/nonexistent-recheck', target: 'data' }] }, /^\/nonexistent-recheck: read-only source does not exist$/],
    [{ readOnly: [{ source: tmpdir(), target: '/etc' }] }, /^\/etc: an absolute read-only target must be \/case/],
    [{ readOnly: [{ source: 'relative/dir', target: 'data' }] }, /^relative\/dir: read-only source must be an absolute path/],
    [
      { readOnly: [{ source: '/dev/null', target: 'data' }] },
      /^\/dev\/null: read-only source must be an absolute path of a folder or file \(not a symlink\)$/,
    ],
  ] as [Partial<ProgramSpec>, RegExp][])('%j', async (over, message) => {
    const err = await runProgram({ ...py('print(1)'), ...over, confinement: pc, allowUnconfined: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });

  it('an interpreter that does not exist, is not absolute, or is a script, is named (and never run)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recheck-shim-'));
    const marker = join(dir, 'ran');
    const shim = join(dir, 'python3');
    writeFileSync(shim, `#!/bin/sh\ntouch ${marker}\nexec /usr/bin/python3 "$@"\n`, { mode: 0o755 });
    const linked = join(dir, 'link');
    symlinkSync('/tmp', linked);
    for (const [python, problem] of [
      [
        shim,
        `${shim}: replay interpreter is a script, not a Python binary: configure the interpreter it runs (python -c 'import sys; print(sys.executable)')`,
      ],
      ['/nonexistent/venv/bin/python', '/nonexistent/venv/bin/python: replay interpreter does not exist'],
      ['python3', 'python3: replay interpreter must be an absolute path'],
      [tmpdir(), `${tmpdir()}: replay interpreter is not a file`],
    ]) {
      const err = await runProgram({ ...py('print(1)'), python, confinement: pc, allowUnconfined: true }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(InterpreterUnavailableError);
      expect((err as Error).message).toBe(problem);
    }
    expect(existsSync(marker)).toBe(false);
    const err = await runProgram({
      ...py('print(1)'),
      readOnly: [{ source: linked, target: 'data' }],
      confinement: pc,
      allowUnconfined: true,
    }).catch((e: unknown) => e);
    expect((err as Error).message).toBe(`${linked}: read-only source must be an absolute path of a folder or file (not a symlink)`);
    rmSync(dir, { recursive: true, force: true });
  });
});

describe.skipIf(skip !== '' || noPython !== '')('runProgram: what reaches the program', () => {
  let hostHash = '';
  beforeAll(() => {
    const r = spawnSync(PYTHON, ['-c', 'print(hash("recheck"))'], { env: { PYTHONHASHSEED: '0' }, encoding: 'utf8' });
    hostHash = r.stdout.trim();
  });

  it('arguments, files in folders, the cwd, uid 65534 and the minimal environment', async () => {
    const r = await runProgram(
      py(
        `import os, sys, json
print(json.dumps({'argv': sys.argv[1:], 'cwd': os.getcwd(), 'uid': os.getuid(), 'data': open('src/data.txt').read(),
  'env': sorted(os.environ), 'home': os.environ['HOME'], 'extra': os.environ['EXTRA'], 'hash': str(hash('recheck')),
  'path': sys.path[1]}))`,
        {
          args: ['--k', '16', 'a b'],
          files: [{ path: 'src/data.txt', content: 'héllo' }],
          env: { EXTRA: 'yes', PYTHONPATH: '/scratch/src' },
        },
      ),
    );
    expect(r).toMatchObject({ ended: 'exited', exitCode: 0, confined: true, hostile: [], stderr: '' });
    const out = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(out).toMatchObject({ argv: ['--k', '16', 'a b'], cwd: '/scratch', uid: 65534, data: 'héllo', home: '/scratch', extra: 'yes' });
    expect(out.env).toEqual(
      expect.arrayContaining(['PATH', 'HOME', 'LANG', 'PYTHONHASHSEED', 'PYTHONDONTWRITEBYTECODE', 'OMP_NUM_THREADS', 'MKL_NUM_THREADS']),
    );
    expect((out.env as string[]).filter((k) => /TOKEN|SECRET|KEY|AWS|SSH|PYENV/.test(k))).toEqual([]);
    expect(String(out.hash)).toBe(hostHash);
    expect(out.path).toBe('/recheck/python'); // the hook first, then the program's own PYTHONPATH
  });

  it('the case folders are readable where the replay puts them and not writable', async () => {
    const caseDir = mkdtempSync(join(tmpdir(), 'recheck-case-'));
    mkdirSync(join(caseDir, 'runs'), { mode: 0o755 });
    writeFileSync(join(caseDir, 'runs', 'seed1.csv'), 'k,v\n1,2\n', { mode: 0o644 });
    writeFileSync(join(caseDir, 'bench.py'), 'print("from the case")\n', { mode: 0o644 });
    const r = await runProgram(
      py(
        `import subprocess, sys
print(open('runs/seed1.csv').read().splitlines()[1], open('/case/runs/seed1.csv').read().splitlines()[1])
exec(open('bench.py').read())
try:
    open('runs/new.csv', 'w')
except OSError as e:
    print('denied', e.errno)`,
        {
          readOnly: [
            { source: join(caseDir, 'runs'), target: 'runs' },
            { source: join(caseDir, 'runs'), target: '/case/runs' },
            { source: join(caseDir, 'bench.py'), target: 'bench.py' },
          ],
        },
      ),
    );
    expect(r.stdout).toBe('1,2 1,2\nfrom the case\ndenied 30\n');
    expect(r.hostile).toEqual(['writes outside']);
    rmSync(caseDir, { recursive: true, force: true });
  });

  it('a virtual environment in a folder only root can reach runs with its own packages', async () => {
    const root = mkdtempSync(join(tmpdir(), 'recheck-venv-')); // mode 0700
    // A virtual environment as `python3 -m venv --without-pip` lays it out (no python3-venv package needed).
    const env = join(root, 'env');
    const version = spawnSync(PYTHON, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])'], { encoding: 'utf8' }).stdout.trim();
    const site = join(env, 'lib', `python${version}`, 'site-packages');
    mkdirSync(site, { recursive: true });
    mkdirSync(join(env, 'bin'));
    symlinkSync(PYTHON, join(env, 'bin', 'python'));
    writeFileSync(join(env, 'pyvenv.cfg'), `home = /usr/bin\ninclude-system-site-packages = false\nversion = ${version}\n`);
    writeFileSync(join(site, 'recheck_marker.py'), 'X = 6 * 7\n');
    const r = await runProgram({
      ...py('import sys, recheck_marker; print(sys.prefix, recheck_marker.X, "numpy" in sys.modules)'),
      python: join(env, 'bin', 'python'),
    });
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(`${env} 42 False\n`);
    expect(r.interpreter).toBe(join(env, 'bin', 'python'));
    rmSync(root, { recursive: true, force: true });
  });

  it('shell: bash by default, /bin/sh when asked; node: the host’s, with the heap limit', async () => {
    const bash = await runProgram({ interpreter: 'shell', args: ['-c', 'echo "$BASH_VERSION" | cut -c1'], files: [] });
    expect(bash.interpreter).toMatch(/bash$/);
    expect(bash.stdout).toMatch(/^\d\n$/);
    const sh = await runProgram({ interpreter: 'shell', shell: 'sh', args: ['-c', 'echo "${BASH_VERSION:-none}"'], files: [] });
    expect(sh.stdout).toBe('none\n');
    const node = await runProgram({
      interpreter: 'node',
      args: ['a.js'],
      files: [{ path: 'a.js', content: 'console.log(process.execArgv.join(" "))' }],
      limits: { memoryMb: 200 },
    });
    expect(node.stdout).toBe('--max-old-space-size=200\n');
  });
});

describe.skipIf(skip !== '' || noPython !== '')('runProgram: how a run ends', () => {
  it('an output flood ends at the cap, marked truncated', async () => {
    const r = await runProgram({ ...py('while True:\n    print("x" * 1000)'), maxOutputBytes: 100_000 });
    expect(r).toMatchObject({ ended: 'output-limit', stdoutTruncated: true, stderrTruncated: false });
    expect(Buffer.byteLength(r.stdout)).toBe(100_000);
  });

  it('a cancel ends the run at once', async () => {
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 300);
    const r = await runProgram({ ...py('import time\ntime.sleep(60)'), signal: ac.signal });
    expect(r.ended).toBe('aborted');
    expect(r.durationMs).toBeLessThan(10_000);
  });

  it('waits in the sandbox queue: a cancel while waiting never starts; a full queue is refused at once', async () => {
    const queue = new SandboxQueue({ slots: 1, memoryBudgetMb: 1 << 20, maxWaiting: 1 });
    const first = runProgram({ ...py('import time\ntime.sleep(1.5)\nprint("first")'), queue });
    const ac = new AbortController();
    const second = runProgram({ ...py('print("second")'), queue, signal: ac.signal });
    await expect(runProgram({ ...py('print("third")'), queue })).rejects.toBeInstanceOf(BusyError);
    ac.abort();
    expect(await second).toMatchObject({ ended: 'aborted', stdout: '', durationMs: 0 });
    expect(await first).toMatchObject({ ended: 'exited', stdout: 'first\n' });
    expect(queue.stats).toEqual({ running: 0, waiting: 0, reservedMb: 0 });
  });

  it('the CPU limit ends a busy loop (SIGXCPU), also one that ignores SIGXCPU (SIGKILL a second later)', async () => {
    const busy = await runProgram({ ...py('while True:\n    pass'), limits: { cpuSeconds: 1, timeoutMs: 30_000 } });
    expect(busy).toMatchObject({ ended: 'cpu-limit', signal: 'SIGXCPU', exitCode: null });
    const stubborn = await runProgram({
      ...py('import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)\nwhile True:\n    pass'),
      limits: { cpuSeconds: 1, timeoutMs: 30_000 },
    });
    expect(stubborn).toMatchObject({ ended: 'cpu-limit', signal: 'SIGKILL' });
  });

  it('a file past the file-size limit: Python gets EFBIG, a shell SIGXFSZ; both reported as a disk flood', async () => {
    const r = await runProgram(py("with open('big', 'wb') as f:\n    f.write(b'0' * (65 * 1024 * 1024))"));
    expect(r).toMatchObject({ ended: 'exited', exitCode: 1, hostile: ['disk flood'] });
    expect(r.stderr).toMatch(/OSError: \[Errno 27\] File too large/);
    const sh = await runProgram({ interpreter: 'shell', args: ['-c', 'head -c 70000000 /dev/zero > big'], files: [] });
    expect(sh).toMatchObject({ ended: 'exited', signal: 'SIGXFSZ', exitCode: null, hostile: ['disk flood'] });
  });
});
