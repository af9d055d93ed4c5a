/**
 * The command line that runs one replayed program confined. Outermost first:
 * 1. (host is root) a first bubblewrap, still root, in a private mount namespace only: it binds the read-only host
 *    folders (case files, interpreter) into a staging folder that uid 65534 can reach (a case under /root could not
 *    be bound otherwise), then setpriv: uid/gid 65534 with no capabilities, so that the process limit binds (the
 *    kernel never applies RLIMIT_NPROC to uid 0, whatever the namespace says);
 * 2. bubblewrap: new user/PID/network/IPC/UTS namespaces (no network, loopback included), uid 65534, no
 *    capabilities, no further user namespaces, its own session, killed with its parent; a read-only view of the
 *    system folders (/usr, /bin, /lib*, a few files of /etc), the interpreter's own folders and the case files;
 *    /proc, a minimal /dev, a small private /tmp and /dev/shm; the scratch folder at /scratch as the only
 *    writable host folder, and the cwd;
 * 3. prlimit, inside the sandbox: address space, CPU seconds, processes, open files, file size, no core dumps
 *    (limits.ts). Inside, RLIMIT_NPROC counts the sandbox's own user namespace only.
 *
 * Example: `programCommand(plan)` gives `{ command: '/usr/bin/bwrap', args: ['--unshare-all', ...] }` (as root: the staging bwrap first).
 */
import { lstatSync, readlinkSync } from 'node:fs';
import type { SandboxLimits } from '../confinement';
import { SYSTEM_ROOTS, type ResolvedInterpreter } from './interpreter';
import { prlimitArgs } from './limits';

/** What this machine offers for running programs confined (program-confinement.ts detects it). */
export interface ProgramConfinement {
  /** Path of a working bubblewrap, or null (then `problem` says why). */
  readonly bwrap: string | null;
  /** Path of util-linux prlimit, or null (no kernel limits: only the wall clock and the host's watch). */
  readonly prlimit: string | null;
  /** setpriv that drops to uid 65534 before bubblewrap, when the host runs as root; else null. */
  readonly setpriv: string | null;
  /** bubblewrap understands `--disable-userns` and `--size`. */
  readonly modern: boolean;
  /** The host's node binary and the files it needs (confinement.ts). */
  readonly node: string;
  readonly nodeBinds: readonly string[];
  /** Why programs cannot be confined here (one line), when `bwrap` is null. */
  readonly problem?: string;
}

/** A host folder or file shown inside the sandbox. */
export interface Mount {
  readonly source: string;
  readonly dest: string;
  readonly writable?: boolean;
}

export interface CommandPlan {
  readonly confinement: ProgramConfinement;
  readonly interpreter: ResolvedInterpreter;
  /** Arguments after the interpreter's path. */
  readonly argv: readonly string[];
  /** Scratch folder, run folder, case files and interpreter folders, in mount order (parents first). */
  readonly mounts: readonly Mount[];
  readonly env: Readonly<Record<string, string>>;
  readonly limits: SandboxLimits;
  /** An empty host folder (root's, reachable by uid 65534) where read-only mounts are staged when dropping root. */
  readonly stage?: string;
  /** The program's working directory, a folder under SCRATCH (default SCRATCH itself). */
  readonly chdir?: string;
}

/** The scratch folder inside the sandbox (cwd and HOME). */
export const SCRATCH = '/scratch';
/** The run's own read-only folder inside the sandbox (the Python hook, passwd). */
export const RUN_DIR = '/recheck';
/** Size of the private /tmp and /dev/shm. */
const TMP_BYTES = 128 * 1024 * 1024;
const SHM_BYTES = 64 * 1024 * 1024;
/** Files of /etc the interpreters need (dynamic linker, BLAS alternatives, time zone, Debian's matplotlibrc and Python config). */
export const ETC_FILES: readonly string[] = [
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/python3',
];

/** The system folders: bound read-only, or recreated as the symlinks they are (merged /usr). */
function systemArgs(): string[] {
  const args: string[] = [];
  for (const root of SYSTEM_ROOTS) {
    let link: string | null = null;
    try {
      const st = lstatSync(root);
      if (st.isSymbolicLink()) link = readlinkSync(root);
      else if (!st.isDirectory()) continue;
    } catch {
      continue;
    }
    args.push(...(link !== null ? ['--symlink', link, root] : ['--ro-bind', root, root]));
  }
  for (const f of ETC_FILES) args.push('--ro-bind-try', f, f);
  return args;
}

/**
 * The command and its arguments. Descriptor 3 of the program is the attempts pipe (python-hook.ts).
 * Example: `programCommand(plan).args` holds `--unshare-all` and ends with `-- <prlimit> ... -- /usr/bin/python3.11 bench.py`.
 */
export function programCommand(plan: CommandPlan): { command: string; args: string[] } {
  const c = plan.confinement;
  const inner = [
    ...(c.prlimit !== null ? [c.prlimit, ...prlimitArgs(plan.interpreter.kind, plan.limits), '--'] : []),
    plan.interpreter.path,
  ];
  if (c.bwrap === null) return { command: inner[0] as string, args: [...inner.slice(1), ...plan.argv] };
  const staging = c.setpriv !== null;
  if (staging && plan.stage === undefined) throw new Error('programCommand: dropping root needs a staging folder');
  const args = ['--unshare-all', '--unshare-user', ...(c.modern ? ['--disable-userns'] : [])];
  args.push('--uid', '65534', '--gid', '65534', '--cap-drop', 'ALL', '--die-with-parent', '--new-session', '--clearenv');
  args.push(...systemArgs(), '--proc', '/proc', '--dev', '/dev');
  args.push(...(c.modern ? ['--size', String(TMP_BYTES)] : []), '--tmpfs', '/tmp');
  args.push(...(c.modern ? ['--size', String(SHM_BYTES)] : []), '--tmpfs', '/dev/shm');
  const outer: string[] = [];
  plan.mounts.forEach((m, i) => {
    if (m.writable === true) args.push('--bind', m.source, m.dest);
    else if (!staging) args.push('--ro-bind', m.source, m.dest);
    else {
      const staged = `${plan.stage}/${i}`;
      outer.push('--ro-bind', m.source, staged);
      args.push('--ro-bind', staged, m.dest);
    }
  });
  args.push('--symlink', `${RUN_DIR}/passwd`, '/etc/passwd', '--symlink', `${RUN_DIR}/group`, '/etc/group');
  args.push('--chdir', plan.chdir ?? SCRATCH);
  for (const [k, v] of Object.entries(plan.env)) args.push('--setenv', k, v);
  args.push('--', ...inner, ...plan.argv);
  if (c.setpriv === null) return { command: c.bwrap, args };
  const drop = ['--reuid=65534', '--regid=65534', '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--'];
  const stageArgs = ['--dev-bind', '/', '/', '--die-with-parent', '--tmpfs', plan.stage as string, ...outer, '--'];
  return { command: c.bwrap, args: [...stageArgs, c.setpriv, ...drop, c.bwrap, ...args] };
}
