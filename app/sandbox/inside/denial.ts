/**
 * Denied attempts, shared by both sandbox environments (the Node child's `guards.ts` and the Web Worker's
 * `worker-guards.ts`): the first attempt of a run is remembered (also when the program catches the error), and
 * the error it throws names the resource and what exactly was tried. Pure: no Node or DOM API.
 */
import type { DeniedResource } from '../protocol';

/** A denied attempt: the resource kind and what exactly was tried. */
export interface DeniedAttempt {
  readonly resource: DeniedResource;
  readonly what: string;
}

let firstDenied: DeniedAttempt | undefined;

/** The first denied attempt of this run (also when the program caught the error), or undefined. */
export function deniedAttempt(): DeniedAttempt | undefined {
  return firstDenied;
}

/** The error a denied attempt throws; the runner reports it as reason `denied`. */
export class SandboxDeniedError extends Error {
  constructor(readonly attempt: DeniedAttempt) {
    super(`sandbox: ${attempt.resource} access denied (${attempt.what})`);
    this.name = 'SandboxDeniedError';
  }
}

/** Records the attempt and throws. Example: `deny('network', 'fetch http://x')` throws SandboxDeniedError. */
export function deny(resource: DeniedResource, what: string): never {
  const attempt = { resource, what };
  firstDenied ??= attempt;
  throw new SandboxDeniedError(attempt);
}

function describeArg(arg: unknown): string {
  if (typeof arg === 'string') return arg.slice(0, 200);
  if (arg instanceof URL) return arg.href;
  if (typeof arg === 'number') return String(arg);
  if (typeof arg === 'object' && arg !== null) {
    const o = arg as Record<string, unknown>;
    if (typeof o.url === 'string') return o.url;
    if (o.port !== undefined || o.host !== undefined) return `${String(o.host ?? 'localhost')}:${String(o.port ?? '')}`;
  }
  return '';
}

/**
 * A function that records `<label> <first argument>` as a denied attempt on `resource` and throws.
 * Example: `denier('network', 'fetch')('/api')` records `{ resource: 'network', what: 'fetch /api' }`.
 */
export function denier(resource: DeniedResource, label: string): (...args: unknown[]) => never {
  return (...args: unknown[]) => deny(resource, `${label}${args.length > 0 ? ` ${describeArg(args[0])}` : ''}`.trim());
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
