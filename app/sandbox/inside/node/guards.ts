/**
 * First module evaluated inside the Node child sandbox (the bundle imports it before the untrusted code). It
 * is the innermost of four layers (this, Node's permission model, OS limits, bubblewrap) and exists to NAME
 * what untrusted code tried, not to be the boundary: the layers below hold even when this one is bypassed.
 *
 * Before any untrusted code runs it reads the host's run request from stdin (so the nonce is known only to
 * the runner: wire.ts), installs the protocol channel on stdout, routes `console.*` and writes to
 * process.stdout / process.stderr to log messages, replaces network globals, code generation (code-guards.ts)
 * and the `process` object with a view that forwards an allow-list of harmless members and denies the
 * dangerous ones, and exposes the factory the bundler's stub modules (for denied `node:*` imports) call.
 */
import * as assertModule from 'node:assert';
import * as assertStrict from 'node:assert/strict';
import * as bufferModule from 'node:buffer';
import * as cryptoModule from 'node:crypto';
import * as eventsModule from 'node:events';
import { readFileSync, writeSync } from 'node:fs';
import { builtinModules } from 'node:module';
import * as pathModule from 'node:path';
import * as perfHooks from 'node:perf_hooks';
import * as stringDecoder from 'node:string_decoder';
import * as timersModule from 'node:timers';
import * as timersPromises from 'node:timers/promises';
import * as urlModule from 'node:url';
import * as utilModule from 'node:util';
import { format } from 'node:util';
import type { DeniedResource, RunRequest, SandboxMessage } from '../../../../common/sandbox/protocol';
import { installCodeGuards } from '../code-guards';
import { denier, installDeniedExportFactory } from '../denial';
import { installSeededMathRandom } from '../seeded-random';
import { installWire, sendMessage, takeRequest } from '../wire';

export { deny, deniedAttempt, SandboxDeniedError, type DeniedAttempt } from '../denial';

const realProcess = process;
const realExit: (code?: number) => never = process.exit.bind(process);
const bufferFrom = Buffer.from.bind(Buffer);

/** Writes one line on stdout, synchronously (nothing is lost on exit), retrying on EAGAIN. */
function writeLine(line: string): void {
  const bytes = bufferFrom(`${line}\n`, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
    }
  }
}

installWire(writeLine);

// The run request, read before the untrusted module is evaluated (the host writes it and closes stdin).
let request: RunRequest | null = null;
let requestProblem = '';
try {
  request = takeRequest(readFileSync(0, 'utf8'));
  if (request === null) requestProblem = 'not a run request';
} catch (err) {
  requestProblem = String(err);
}

/** The host's run request, or a one-line problem when it could not be read. */
export function runRequest(): RunRequest | { problem: string } {
  return request ?? { problem: requestProblem };
}

/** Sends one protocol message to the host (in the run's envelope). */
export function send(message: SandboxMessage): void {
  sendMessage(message);
}

/** Ends the process after reporting `exited` (the program called process.exit). */
export function exitWithReport(code: unknown): never {
  const exitCode = typeof code === 'number' && Number.isInteger(code) ? code : 0;
  send({ type: 'error', reason: 'exited', message: `the program called process.exit(${exitCode})`, exitCode });
  realExit(exitCode);
}

/** Ends the process once the final message is sent (pending timers of the program do not keep it alive). */
export function finish(): never {
  realExit(0);
}

installDeniedExportFactory();
installSeededMathRandom();

// The Node modules a computed `import(x)` may still load: the same harmless ones a static import may.
const SAFE_MODULES = new Map<string, unknown>([
  ['assert', assertModule],
  ['assert/strict', assertStrict],
  ['buffer', bufferModule],
  ['crypto', cryptoModule],
  ['events', eventsModule],
  ['path', pathModule],
  ['path/posix', pathModule.posix],
  ['perf_hooks', perfHooks],
  ['string_decoder', stringDecoder],
  ['timers', timersModule],
  ['timers/promises', timersPromises],
  ['url', urlModule],
  ['util', utilModule],
]);
installCodeGuards(SAFE_MODULES, new Set(builtinModules));

// Network globals.
for (const name of ['fetch', 'WebSocket', 'EventSource']) {
  Object.defineProperty(globalThis, name, { value: denier('network', name), writable: false, configurable: false });
}

/** Text a program writes to stdout or stderr directly: shown as its log, never on the protocol channel. */
function streamView(level: 'info' | 'warn'): object {
  return Object.freeze({
    write(chunk: unknown, encodingOrDone?: unknown, done?: unknown): boolean {
      send({ type: 'log', level, text: typeof chunk === 'string' ? chunk : String(chunk) });
      const callback = typeof encodingOrDone === 'function' ? encodingOrDone : done;
      if (typeof callback === 'function') queueMicrotask(() => (callback as () => void)());
      return true;
    },
    isTTY: false,
    fd: level === 'info' ? 1 : 2,
  });
}

// process: a view that forwards an allow-list of harmless members and denies the dangerous ones by name.
const DENIED_PROCESS: Record<string, DeniedResource> = {
  kill: 'signal',
  binding: 'native-code',
  _linkedBinding: 'native-code',
  dlopen: 'native-code',
  getBuiltinModule: 'native-code',
  report: 'file',
  chdir: 'file',
  openStdin: 'file',
  stdin: 'file',
  setuid: 'environment',
  setgid: 'environment',
  seteuid: 'environment',
  setegid: 'environment',
  setgroups: 'environment',
  initgroups: 'environment',
  mainModule: 'file',
  permission: 'environment',
};
const FORWARDED = new Set([
  'nextTick',
  'hrtime',
  'versions',
  'version',
  'platform',
  'arch',
  'release',
  'memoryUsage',
  'cpuUsage',
  'resourceUsage',
  'uptime',
  'emitWarning',
  'features',
  'on',
  'once',
  'off',
  'addListener',
  'removeListener',
  'removeAllListeners',
  'listeners',
  'listenerCount',
  'emit',
  'exitCode',
  'title',
  'pid',
  'ppid',
  'config',
  'allowedNodeEnvironmentFlags',
  'argv0',
  'execArgv',
  'argv',
]);
const views: Record<string, unknown> = {
  env: Object.freeze({}),
  stdout: streamView('info'),
  stderr: streamView('warn'),
  exit: exitWithReport,
  reallyExit: exitWithReport,
  abort: () => exitWithReport(134),
};
// The proxy's target is an empty object, not the real process: its traps may then answer "no own keys"
// without breaking the invariants a proxy of the real object would have to keep.
const processView = new Proxy({} as typeof process, {
  get(_target, key) {
    const target = realProcess;
    if (typeof key !== 'string') return key === Symbol.toStringTag ? 'process' : undefined;
    const resource = DENIED_PROCESS[key];
    if (resource !== undefined) return denier(resource, `process.${key}`);
    if (Object.hasOwn(views, key)) return views[key];
    if (!FORWARDED.has(key)) return undefined;
    const value = Reflect.get(target, key, target) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
  has(_target, key) {
    return typeof key === 'string' && (FORWARDED.has(key) || Object.hasOwn(views, key));
  },
  set() {
    return false;
  },
  defineProperty() {
    return false;
  },
  getOwnPropertyDescriptor() {
    return undefined;
  },
  ownKeys() {
    return [];
  },
});
Object.defineProperty(globalThis, 'process', { value: processView, writable: false, configurable: false });

// console -> log messages; its raw streams too, so nothing reaches fd 1 but the runner's own envelopes.
for (const [name, level] of [
  ['_stdout', 'info'],
  ['_stderr', 'warn'],
] as const) {
  try {
    Object.defineProperty(console, name, { value: streamView(level), writable: false, configurable: false });
  } catch {
    /* not configurable in this Node: the raw stream stays, and what it writes is shown as program output */
  }
}
const levels = { log: 'info', info: 'info', debug: 'info', warn: 'warn', error: 'error', trace: 'info' } as const;
for (const [method, level] of Object.entries(levels)) {
  (console as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => send({ type: 'log', level, text: format(...args) });
}
