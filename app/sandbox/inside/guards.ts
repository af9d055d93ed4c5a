/**
 * First module evaluated inside the sandbox (the bundle imports it before the untrusted code). It is the
 * innermost of four layers (this, Node's permission model, OS limits, bubblewrap) and exists to NAME what
 * untrusted code tried, not to be the boundary: the layers below hold even when this one is bypassed.
 *
 * It captures the protocol channel (stdout) before user code runs, routes `console.*` to log messages,
 * replaces network globals and dangerous `process` members with functions that record the attempt and throw,
 * and exposes the factory the bundler's stub modules (for denied `node:*` imports) call.
 */
import { writeSync } from 'node:fs';
import { format } from 'node:util';
import type { DeniedResource, SandboxMessage } from '../protocol';
import { denier, installDeniedExportFactory } from './denial';
import { installSeededMathRandom } from './seeded-random';

export { deny, deniedAttempt, SandboxDeniedError, type DeniedAttempt } from './denial';

const realProcess = process;
const realExit: (code?: number) => never = process.exit.bind(process);

/** Writes one protocol message as a JSON line on stdout (synchronous, so nothing is lost on exit). */
export function send(message: SandboxMessage): void {
  const line = `${JSON.stringify(message)}\n`;
  let offset = 0;
  const bytes = Buffer.from(line, 'utf8');
  while (offset < bytes.length) {
    try {
      offset += writeSync(1, bytes, offset);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') throw err;
    }
  }
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

// Network globals.
for (const name of ['fetch', 'WebSocket', 'EventSource']) {
  Object.defineProperty(globalThis, name, { value: denier('network', name), writable: false, configurable: false });
}

// process: a view that forwards harmless members and denies the rest.
const DENIED_PROCESS: Record<string, DeniedResource> = {
  kill: 'signal',
  binding: 'native-code',
  _linkedBinding: 'native-code',
  dlopen: 'native-code',
  getBuiltinModule: 'native-code',
  chdir: 'file',
  setuid: 'environment',
  setgid: 'environment',
  seteuid: 'environment',
  setegid: 'environment',
  setgroups: 'environment',
  initgroups: 'environment',
};
const processView = new Proxy(realProcess, {
  get(target, key) {
    if (typeof key === 'string') {
      const resource = DENIED_PROCESS[key];
      if (resource !== undefined) return denier(resource, `process.${key}`);
      if (key === 'exit' || key === 'reallyExit') return exitWithReport;
      if (key === 'abort') return () => exitWithReport(134);
      if (key === 'env') return Object.freeze({});
    }
    const value = Reflect.get(target, key, target) as unknown;
    return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
  },
  set() {
    return false;
  },
});
Object.defineProperty(globalThis, 'process', { value: processView, writable: false, configurable: false });

// console -> log messages.
const levels = { log: 'info', info: 'info', debug: 'info', warn: 'warn', error: 'error' } as const;
for (const [method, level] of Object.entries(levels)) {
  (console as unknown as Record<string, unknown>)[method] = (...args: unknown[]) => send({ type: 'log', level, text: format(...args) });
}
