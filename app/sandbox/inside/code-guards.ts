/**
 * Code loading and code generation inside the sandbox, for both environments. The runtime already refuses
 * them (Node's --disallow-code-generation-from-strings, the sandbox page's CSP), but a program that catches
 * that refusal would carry on unnoticed; here every attempt is recorded and reported (denial.ts), so it
 * decides the run's verdict:
 * - `eval(...)`, `new Function(...)` and the async / generator function constructors;
 * - a computed `import(x)`: the bundler turns it into `require(x)` (esbuild's dynamic-import lowering), and
 *   this `require` answers it: the harmless Node modules the bundle may use anyway are returned, anything else
 *   (a denied Node module, a `data:` or `blob:` URL, a path) is an attempt.
 * Pure: no Node or DOM API; the Node guards pass in the modules they allow.
 */
import type { DeniedResource } from '../../../common/sandbox/protocol';
import { deny, denier, resourceOfBuiltin } from './denial';

const URL_SPECIFIER = /^[A-Za-z][A-Za-z0-9+.-]*:/;

function resourceOfSpecifier(spec: string, builtins: ReadonlySet<string>): DeniedResource {
  const name = spec.startsWith('node:') ? spec.slice(5) : spec;
  if (builtins.has(name)) return resourceOfBuiltin(name);
  if (URL_SPECIFIER.test(spec)) return /^(https?|wss?):/i.test(spec) ? 'network' : 'code-generation';
  return 'file';
}

/** Replaces the constructor of a family of functions by a denier, keeping `instanceof` and the prototype. */
function guardConstructor(prototype: object, label: string): void {
  const guard = denier('code-generation', label);
  Object.defineProperty(guard, 'prototype', { value: prototype, writable: false, configurable: false });
  Object.defineProperty(prototype, 'constructor', { value: guard, writable: false, configurable: false });
}

/**
 * Installs the guards. `allowed` maps the Node module names a computed import may still load (with and
 * without `node:`) to the module; `builtins` lists every Node module name (to name the resource of the rest).
 * Example (worker): `installCodeGuards(new Map(), new Set())`.
 */
export function installCodeGuards(allowed: ReadonlyMap<string, unknown>, builtins: ReadonlySet<string>): void {
  Object.defineProperty(globalThis, 'eval', { value: denier('code-generation', 'eval'), writable: false, configurable: false });

  const functionPrototype = Function.prototype;
  const asyncPrototype = Object.getPrototypeOf(async function () {}) as object;
  const generatorPrototype = Object.getPrototypeOf(function* () {}) as object;
  const asyncGeneratorPrototype = Object.getPrototypeOf(async function* () {}) as object;
  guardConstructor(asyncPrototype, 'new AsyncFunction');
  guardConstructor(generatorPrototype, 'new GeneratorFunction');
  guardConstructor(asyncGeneratorPrototype, 'new AsyncGeneratorFunction');
  guardConstructor(functionPrototype, 'new Function');
  Object.defineProperty(globalThis, 'Function', { value: functionPrototype.constructor, writable: false, configurable: false });

  const load = (spec: unknown): unknown => {
    let text = '';
    try {
      text = typeof spec === 'string' ? spec : `${spec as string}`;
    } catch {
      text = '(unreadable specifier)';
    }
    const name = text.startsWith('node:') ? text.slice(5) : text;
    if (allowed.has(name)) return allowed.get(name);
    return deny(resourceOfSpecifier(text, builtins), `import ${text.slice(0, 200)}`);
  };
  Object.defineProperty(globalThis, 'require', { value: load, writable: false, configurable: false });
}
