/**
 * Denied attempts, shared by both sandbox environments (the Node child's `guards.ts` and the Web Worker's
 * `worker-guards.ts`). Every attempt is reported to the host the moment it happens (an `attempt` message,
 * through wire.ts), so the host knows of it whatever the program does next; the error it throws names the
 * resource and what exactly was tried. Pure: no Node or DOM API. Evaluated before the untrusted module.
 */
import type { DeniedResource } from '../../../common/sandbox/protocol';
import { sendMessage } from './wire';

/** A denied attempt: the resource kind and what exactly was tried. */
export interface DeniedAttempt {
  readonly resource: DeniedResource;
  readonly what: string;
}

let firstDenied: DeniedAttempt | undefined;
let reported = 0;
const MAX_REPORTED = 50;
const sliceString = Function.prototype.call.bind(String.prototype.slice) as (s: string, a: number, b: number) => string;

/** The first denied attempt of this run (also when the program caught the error), or undefined. */
export function deniedAttempt(): DeniedAttempt | undefined {
  return firstDenied;
}

/** The error a denied attempt throws. */
export class SandboxDeniedError extends Error {
  constructor(readonly attempt: DeniedAttempt) {
    super(`sandbox: ${attempt.resource} access denied (${attempt.what})`);
    this.name = 'SandboxDeniedError';
  }
}

/** Records and reports the attempt, then throws. Example: `deny('network', 'fetch http://x')` throws SandboxDeniedError. */
export function deny(resource: DeniedResource, what: string): never {
  const attempt = { resource, what };
  firstDenied ??= attempt;
  if (reported < MAX_REPORTED) {
    reported++;
    sendMessage({ type: 'attempt', resource, what });
  }
  throw new SandboxDeniedError(attempt);
}

function describeArg(arg: unknown): string {
  if (typeof arg === 'string') return sliceString(arg, 0, 200);
  if (typeof arg === 'number') return `${arg}`;
  if (typeof arg === 'object' && arg !== null) {
    const o = arg as Record<string, unknown>;
    if (typeof o.href === 'string') return sliceString(o.href, 0, 200);
    if (typeof o.url === 'string') return sliceString(o.url, 0, 200);
    if (o.port !== undefined || o.host !== undefined) return `${String(o.host ?? 'localhost')}:${String(o.port ?? '')}`;
  }
  return '';
}

/**
 * A function that records `<label> <first argument>` as a denied attempt on `resource` and throws. The label
 * is a constant; the argument is described defensively (a program that patched globals cannot stop the report).
 * Example: `denier('network', 'fetch')('/api')` records `{ resource: 'network', what: 'fetch /api' }`.
 */
export function denier(resource: DeniedResource, label: string): (...args: unknown[]) => never {
  // A plain function, not an arrow: `new WebSocket(...)`, `new XMLHttpRequest()` and `new Function(...)` must
  // reach it (an arrow would fail with "is not a constructor" before anything is recorded).
  return function denied(...args: unknown[]): never {
    let detail = '';
    try {
      detail = args.length > 0 ? describeArg(args[0]) : '';
    } catch {
      detail = '(unreadable argument)';
    }
    return deny(resource, detail === '' ? label : `${label} ${detail}`);
  };
}

/** The resource a Node module gives access to (for the stub of a denied `node:*` import). */
export function resourceOfBuiltin(builtin: string): DeniedResource {
  if (/^(fs|fs\/promises)$/.test(builtin)) return 'file';
  if (/^(net|http|https|http2|dgram|dns|dns\/promises|tls|_http_|_tls_)/.test(builtin)) return 'network';
  if (/^(child_process|cluster)$/.test(builtin)) return 'child-process';
  if (builtin === 'worker_threads') return 'worker';
  if (builtin === 'vm') return 'code-generation';
  if (/^(process|os|tty|readline|repl|sys)/.test(builtin)) return 'environment';
  return 'native-code';
}

/**
 * Installs the factory the bundler's stub modules (for denied `node:*` imports) call to build each export:
 * `globalThis[Symbol.for('recheck.sandbox.deniedExport')](resource, module, name)` returns a denier.
 */
export function installDeniedExportFactory(): void {
  Object.defineProperty(globalThis, Symbol.for('recheck.sandbox.deniedExport'), {
    value: (resource: DeniedResource, moduleName: string, exportName: string) => denier(resource, `${moduleName}.${exportName}`),
    writable: false,
    configurable: false,
  });
}
