/**
 * The single table that maps the RecheckApi to transport names and validates every argument that crosses a
 * process or network boundary, derived from the capabilities' declarations (common/api/capabilities.ts). The
 * Electron preload and main process, the browser-mode server and the renderer's clients all derive from it: no
 * channel-name string exists anywhere else. Example: `API_METHODS.openCase.channel` is `'recheck:openCase'`, and
 * `API_METHODS.openCase.validate(['timing'])` returns `['timing']`.
 */
import { API_CAPABILITIES, type ApiCapabilities, type ApiCapability } from './capabilities';
import type { RecheckApi } from './contract';
import type { Capability, MethodNames } from './method';

export { ApiArgumentError, ARGUMENT_JSON_LIMITS, MAX_UPLOAD_BASE64, MAX_UPLOAD_FILES } from './validate';
export { MIN_OVERRIDE_RATIONALE, verdictDisagrees } from './verdicts';
export { RUN_EVENT_CHANNEL } from './runs';

/** Names of the request/response methods (everything but event subscriptions). */
export type ApiMethod = { [C in ApiCapability]: MethodNames<ApiCapabilities[C]> }[ApiCapability];

/** Validates raw arguments; returns them typed or throws ApiArgumentError. */
type ArgValidator<M extends ApiMethod> = (args: unknown[]) => Parameters<RecheckApi[M]>;

/** A method's transport entry: its IPC channel (`recheck:<name>`) and its argument validator. */
export interface ApiMethodEntry {
  channel: string;
  validate: (args: unknown[]) => unknown[];
}

/**
 * The method table of some capabilities: each method's channel and validator, events left out. Throws when a
 * name is declared by two capabilities (which also fails to compile: capabilities.ts EachMethodDeclaredOnce).
 * Example: `methodTable({ a: { f: m }, b: { f: m } })` throws `API method "f" is declared twice (in a and b)`.
 */
export function methodTable(capabilities: Record<string, Capability>): Record<string, ApiMethodEntry> {
  const table: Record<string, ApiMethodEntry> = {};
  const home: Record<string, string> = {};
  for (const [capability, declared] of Object.entries(capabilities)) {
    for (const [name, spec] of Object.entries(declared)) {
      if (Object.prototype.hasOwnProperty.call(home, name))
        throw new Error(`API method "${name}" is declared twice (in ${home[name]} and ${capability})`);
      home[name] = capability;
      if (spec.kind !== 'method') continue;
      const validate = spec.validate;
      table[name] = { channel: `recheck:${name}`, validate: (args) => validate(args, name) };
    }
  }
  return table;
}

export const API_METHODS = methodTable(API_CAPABILITIES) as unknown as { [M in ApiMethod]: { channel: string; validate: ArgValidator<M> } };

export const API_METHOD_NAMES = Object.keys(API_METHODS) as ApiMethod[];

/** The capability that declares each method (the service's slice of that name implements it). */
export const API_METHOD_CAPABILITY = Object.fromEntries(
  Object.entries(API_CAPABILITIES).flatMap(([capability, declared]) => Object.keys(declared).map((name) => [name, capability])),
) as Record<keyof RecheckApi, ApiCapability>;

/** Type guard for a method name arriving from the outside. */
export function isApiMethod(name: unknown): name is ApiMethod {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(API_METHODS, name);
}
