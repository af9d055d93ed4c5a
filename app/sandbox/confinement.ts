/**
 * How the headless sandbox confines a Node child: which tools this machine has (bubblewrap, prlimit), which
 * permission flag this Node understands, and the exact command line for one run.
 *
 * Layers, outermost first:
 * 1. prlimit: address space (RLIMIT_AS), CPU seconds (SIGXCPU, then SIGKILL one second later), no file
 *    creation (RLIMIT_FSIZE 0), no core dumps, a few file descriptors;
 * 2. bubblewrap: new user/PID/network/IPC/UTS namespaces (no network, loopback included; host processes
 *    invisible), uid 65534 with every capability dropped, a read-only view of the node binary, its shared
 *    libraries and the one program file, dies with its parent;
 * 3. Node: permission model with read access to the program file only, no addons, no code generation from
 *    strings, a heap limit, an empty environment.
 */
import { execFile } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** What this machine offers for confinement. */
export interface Confinement {
  /** Path of a working bubblewrap, or null. */
  readonly bwrap: string | null;
  /** Path of util-linux prlimit, or null. */
  readonly prlimit: string | null;
  /** Node binary run inside the sandbox (the host's own, resolved). */
  readonly node: string;
  /** `--permission` (Node 22.13+/23.5+) or `--experimental-permission` (Node 20). */
  readonly permissionFlag: string;
  /** Files bwrap binds read-only for node to start: [source, destination]. */
  readonly binds: readonly (readonly [string, string])[];
  /** Whether bwrap maps the sandbox to uid/gid 65534 (needs user namespaces); without, it still drops every capability. */
  readonly bwrapNobody?: boolean;
}

/** Resource limits of one run. */
export interface SandboxLimits {
  /** Wall-clock limit in milliseconds (the host kills the run). */
  readonly timeoutMs: number;
  /** CPU-time limit in seconds (the kernel stops the run). */
  readonly cpuSeconds: number;
  /** Memory budget in MiB: the JS heap limit, and as much again for ArrayBuffers (address-space limit). */
  readonly memoryMb: number;
}

/** Default limits: 30 s wall, 61 s CPU (V8's GC threads add CPU time), 512 MiB. */
export const DEFAULT_LIMITS: SandboxLimits = { timeoutMs: 30_000, cpuSeconds: 61, memoryMb: 512 };

/**
 * The budget of one bundling (esbuild over the module and the libraries it may import), apart from the run's
 * limits: a program limited to one second must not fail because bundling on a loaded machine took longer. The
 * bundle of a module with mathjs takes about 0.8 s and 300 MiB here; the budget leaves room for a slow machine
 * and still ends a hostile module's bundling (huge sources, deep import graphs).
 */
export const BUNDLE_LIMITS: SandboxLimits = { timeoutMs: 120_000, cpuSeconds: 121, memoryMb: 1024 };

/** Address space node needs before the program allocates anything (measured about 950 MiB on Node 20). */
const BASE_ADDRESS_SPACE_MB = 1100;

/** The one-paragraph statement shown (once) when bubblewrap is missing. */
export const UNCONFINED_NOTICE =
  'sandbox: bubblewrap (bwrap) is not available here, so sandboxed code would keep network access (loopback included) ' +
  'and could signal processes of this user; untrusted code is refused unless you opt in (--allow-unconfined). ' +
  'Install it with: apt-get install bubblewrap';

async function which(name: string): Promise<string | null> {
  for (const dir of ['/usr/bin', '/bin', '/usr/local/bin', '/usr/sbin']) {
    try {
      return realpathSync(`${dir}/${name}`);
    } catch {
      /* not here */
    }
  }
  return null;
}

/** Shared libraries of `binary` as [source, destination] binds, from `ldd`; null when ldd is unavailable. */
async function libraryBinds(binary: string): Promise<[string, string][] | null> {
  try {
    const { stdout } = await run('ldd', [binary], { env: {} });
    const binds: [string, string][] = [];
    for (const line of stdout.split('\n')) {
      const m = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line);
      if (m?.[1]) binds.push([realpathSync(m[1]), m[1]]);
    }
    return binds.length > 0 ? binds : null;
  } catch {
    return null;
  }
}

function bwrapArgs(c: Pick<Confinement, 'binds' | 'bwrapNobody'>, programFile: string): string[] {
  const args = [
    '--unshare-all',
    ...(c.bwrapNobody === false ? [] : ['--uid', '65534', '--gid', '65534']),
    '--cap-drop',
    'ALL',
    '--die-with-parent',
    '--new-session',
  ];
  args.push('--clearenv', '--proc', '/proc', '--dev', '/dev');
  for (const [src, dest] of c.binds) args.push('--ro-bind', src, dest);
  args.push('--ro-bind', programFile, programFile, '--chdir', '/');
  return args;
}

/**
 * Detects bubblewrap (and checks that it really starts node here: it can be installed yet unusable, e.g.
 * without user namespaces), prlimit and the permission flag. About 50 ms; call once and pass the result on.
 */
export async function detectConfinement(): Promise<Confinement> {
  const node = await sandboxNode();
  const permissionFlag = process.allowedNodeEnvironmentFlags.has('--permission') ? '--permission' : '--experimental-permission';
  const prlimit = await which('prlimit');
  const libs = (await libraryBinds(node)) ?? [
    ['/usr', '/usr'],
    ['/lib', '/lib'],
    ['/lib64', '/lib64'],
  ];
  const binds: [string, string][] = [[node, node], ...libs];
  const found = await which('bwrap');
  // Prefer uid 65534 in a user namespace; some containers forbid user namespaces but let root use the others.
  for (const bwrapNobody of [true, false]) {
    if (found !== null && (await bwrapWorks(found, { binds, bwrapNobody }, node)))
      return { bwrap: found, prlimit, node, permissionFlag, binds, bwrapNobody };
  }
  return { bwrap: null, prlimit, node, permissionFlag, binds };
}

/**
 * The Node binary that runs sandboxed programs in the Node child sandbox. Under the CLI and browser mode it is
 * the running node. The desktop app runs untrusted code in hidden sandboxed windows instead
 * (main/window-runner.ts); should the Node child sandbox be used inside Electron, process.execPath is the app
 * itself (it would start another window, and the packaged app's fuses forbid running it as Node), so it takes
 * $RECHECK_SANDBOX_NODE or a Node 20.10+ found on PATH.
 */
export async function sandboxNode(
  env: NodeJS.ProcessEnv = process.env,
  isElectron = Boolean(process.versions.electron),
  searchDirs: readonly string[] = [...(env.PATH ?? '').split(':').filter((d) => d.startsWith('/')), '/usr/local/bin', '/usr/bin'],
): Promise<string> {
  if (env.RECHECK_SANDBOX_NODE) return realpathSync(env.RECHECK_SANDBOX_NODE);
  if (!isElectron) return realpathSync(process.execPath);
  for (const dir of searchDirs) {
    let found: string;
    try {
      found = realpathSync(`${dir}/node`);
    } catch {
      continue;
    }
    try {
      const { stdout } = await run(found, ['-p', 'process.versions.node'], { env: {}, timeout: 10_000 });
      const [major = 0, minor = 0] = stdout.trim().split('.').map(Number);
      if (major > 20 || (major === 20 && minor >= 10)) return found;
    } catch {
      /* not a usable node */
    }
  }
  throw new SandboxNodeMissingError();
}

/** No Node binary for the Node child sandbox inside Electron (no system Node 20.10+). */
export class SandboxNodeMissingError extends Error {
  constructor() {
    super(
      'sandbox: the Node child sandbox needs a separate Node.js 20.10+ binary inside the desktop app and found none on PATH; ' +
        'install Node.js or set RECHECK_SANDBOX_NODE, or run this check with `npx recheck run` or in browser mode',
    );
    this.name = 'SandboxNodeMissingError';
  }
}

async function bwrapWorks(bwrap: string, c: Pick<Confinement, 'binds' | 'bwrapNobody'>, node: string): Promise<boolean> {
  try {
    const { stdout } = await run(bwrap, [...bwrapArgs(c, node), node, '-p', '1+1'], { env: {}, timeout: 10_000 });
    return stdout.trim() === '2';
  } catch {
    return false;
  }
}

let detected: Promise<Confinement> | undefined;

/** `detectConfinement()` once per process (the machine does not change while we run). */
export function defaultConfinement(): Promise<Confinement> {
  detected ??= detectConfinement();
  return detected;
}

/** Command and arguments that run `programFile` under every available layer. */
export function sandboxCommand(c: Confinement, programFile: string, limits: SandboxLimits): { command: string; args: string[] } {
  const nodeArgs = [
    c.permissionFlag,
    `--allow-fs-read=${programFile}`,
    '--no-addons',
    '--disallow-code-generation-from-strings',
    `--max-old-space-size=${Math.max(16, Math.round(limits.memoryMb))}`,
    '--disable-wasm-trap-handler', // wasm bounds checks inline, so wasm works under an address-space limit
    '--no-warnings',
    programFile,
  ];
  const inner = c.bwrap !== null ? [c.bwrap, ...bwrapArgs(c, programFile), c.node, ...nodeArgs] : [c.node, ...nodeArgs];
  if (c.prlimit === null) return { command: inner[0] as string, args: inner.slice(1) };
  const asBytes = (BASE_ADDRESS_SPACE_MB + 2 * limits.memoryMb) * 1024 * 1024;
  const cpu = Math.max(1, Math.ceil(limits.cpuSeconds));
  const limitArgs = [`--as=${asBytes}`, `--cpu=${cpu}:${cpu + 1}`, '--fsize=0', '--core=0', '--nofile=256'];
  return { command: c.prlimit, args: [...limitArgs, '--', ...inner] };
}
