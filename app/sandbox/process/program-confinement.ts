/**
 * Whether this machine can confine a replayed program (command.ts's command line), found by trying it: the
 * machine's bubblewrap and prlimit (confinement.ts detects them for the Node child sandbox), the privilege drop
 * when Recheck runs as root, and a real `/bin/sh -c '... exit 7'` in the full sandbox with every limit and a staged
 * read-only mount.
 * bubblewrap can be installed yet unusable for this (no unprivileged user namespaces for uid 65534, an old
 * version); then `bwrap` is null and `problem` says why, and runs are refused unless the reviewer opts in.
 *
 * Example: `(await defaultProgramConfinement()).bwrap` is '/usr/bin/bwrap' on Debian 12 with bubblewrap installed.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { defaultConfinement, type Confinement } from '../confinement';
import { RUN_DIR, SCRATCH, programCommand, type ProgramConfinement } from './command';
import { isUnder, SYSTEM_ROOTS } from './interpreter';
import { PROGRAM_DEFAULT_LIMITS } from './limits';

const run = promisify(execFile);

function which(name: string): string | null {
  for (const dir of ['/usr/bin', '/bin', '/usr/sbin', '/sbin']) {
    try {
      return realpathSync(`${dir}/${name}`);
    } catch {
      /* not here */
    }
  }
  return null;
}

async function bwrapHelp(bwrap: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(bwrap, ['--help'], { env: {}, timeout: 10_000 });
    return stdout + stderr;
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? '');
  }
}

/** Runs `sh -c 'exit 7'` in the candidate sandbox; null when it works, else why not (one line). */
async function trial(c: ProgramConfinement): Promise<string | null> {
  const dir = await mkdtemp(join(tmpdir(), 'recheck-probe-'));
  try {
    await writeFile(join(dir, 'passwd'), 'nobody:x:65534:65534:nobody:/scratch:/usr/sbin/nologin\n');
    await writeFile(join(dir, 'group'), 'nogroup:x:65534:\n');
    await mkdir(join(dir, 'stage'));
    await chmod(dir, 0o755);
    const { command, args } = programCommand({
      confinement: c,
      stage: join(dir, 'stage'),
      interpreter: { kind: 'shell', path: '/bin/sh', binds: [], pathDirs: [] },
      argv: ['-c', `test -d ${SCRATCH} && test -r ${RUN_DIR}/passwd && exit 7`],
      mounts: [
        { source: dir, dest: SCRATCH },
        { source: dir, dest: RUN_DIR },
      ],
      env: { PATH: '/usr/bin:/bin' },
      limits: { ...PROGRAM_DEFAULT_LIMITS, timeoutMs: 10_000 },
    });
    try {
      await run(command, args, { env: {}, timeout: 10_000 });
      return 'the trial run did not report back';
    } catch (err) {
      const e = err as { code?: unknown; stderr?: string };
      if (e.code === 7) return null;
      return (e.stderr ?? String(err)).trim().split('\n').at(-1)?.slice(0, 200) ?? 'failed';
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Detects how programs are confined here, given the Node child sandbox's confinement `base`. About 50 ms; call
 * once (defaultProgramConfinement) and pass the result on.
 */
export async function detectProgramConfinement(base: Confinement): Promise<ProgramConfinement> {
  const root = process.getuid?.() === 0;
  const setpriv = root ? which('setpriv') : null;
  const nodeBinds = base.binds.map(([src]) => src).filter((p) => !isUnder(p, SYSTEM_ROOTS));
  const common = { prlimit: base.prlimit, node: base.node, nodeBinds, setpriv, modern: false };
  if (base.bwrap === null) return { ...common, bwrap: null, problem: 'bubblewrap (bwrap) is missing or unusable here' };
  if (root && setpriv === null)
    return { ...common, bwrap: null, problem: 'running as root without setpriv (util-linux): the process limit would not hold' };
  if (base.prlimit === null)
    return { ...common, bwrap: null, problem: 'prlimit (util-linux) is missing: no memory, CPU or process limits' };
  const help = await bwrapHelp(base.bwrap);
  const candidate: ProgramConfinement = {
    ...common,
    bwrap: base.bwrap,
    modern: help.includes('--disable-userns') && help.includes('--size'),
  };
  const why = await trial(candidate);
  if (why === null) return candidate;
  return { ...common, bwrap: null, problem: `bubblewrap cannot confine programs here as uid 65534 (${why})` };
}

let detected: Promise<ProgramConfinement> | undefined;

/** `detectProgramConfinement(await defaultConfinement())` once per process. */
export function defaultProgramConfinement(): Promise<ProgramConfinement> {
  detected ??= defaultConfinement().then(detectProgramConfinement);
  return detected;
}
