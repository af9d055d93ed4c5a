/**
 * How an API method is declared once (common/api/<capability>.ts): its argument validator, whose typed tuple is
 * the method's parameters, and a phantom carrying its result type. The RecheckApi type, the method table
 * (API_METHODS), the IPC channels and the HTTP routes are all derived from these declarations.
 * Example:
 *   export const CASES = {
 *     // One case with its paper summary, logbooks, sandbox files, audit log and last run.
 *     openCase: method({ validate: (a, m): [caseId: string] => (arity(m, a, 1), [id(m, 'caseId', a[0])]), result: returns<CaseDetail>() }),
 *   };
 *   // MethodsOf<typeof CASES> is { openCase(caseId: string): Promise<CaseDetail> }
 */

/** A result type carried by the type system only (no value at run time). */
export interface Returns<R> {
  readonly result?: R;
}

/** The phantom of a method's result type. Example: `returns<AuditEntry>()`. */
export function returns<R>(): Returns<R> {
  return {};
}

/** A request/response method: `validate(args, methodName)` returns the arguments typed or throws ApiArgumentError. */
export interface MethodSpec<A extends unknown[], R> {
  readonly kind: 'method';
  readonly validate: (args: unknown[], method: string) => A;
  readonly result: Returns<R>;
}

/** Declares a method; the validator's tuple type (labelled, for hover) gives the parameters. */
export function method<A extends unknown[], R>(spec: {
  validate: (args: unknown[], method: string) => A;
  result: Returns<R>;
}): MethodSpec<A, R> {
  return { kind: 'method', ...spec };
}

/** An event subscription: `onX(listener)` returns its unsubscribe. Events do not cross as calls. */
export interface EventSpec<E> {
  readonly kind: 'event';
  readonly event?: E;
}

/** Declares an event subscription carrying `E`. Example: `onRunEvent: event<RunEvent>()`. */
export function event<E>(): EventSpec<E> {
  return { kind: 'event' };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any tuple and any result: the widest spec
export type AnySpec = MethodSpec<any, any> | EventSpec<any>;

/** One capability's declarations, by method name. */
export type Capability = Record<string, AnySpec>;

/** Removes a subscription. */
export type Unsubscribe = () => void;

/** The API a capability's declarations describe (homomorphic, so each method keeps its doc comment). */
export type MethodsOf<C> = {
  [K in keyof C]: C[K] extends MethodSpec<infer A, infer R>
    ? (...args: A) => Promise<R>
    : C[K] extends EventSpec<infer E>
      ? (listener: (event: E) => void) => Unsubscribe
      : never;
};

/** The names of a capability's request/response methods (not its events). */
export type MethodNames<C> = { [K in keyof C]: C[K] extends MethodSpec<unknown[], unknown> ? K : never }[keyof C] & string;

/** Names declared in more than one capability of `T` (never when each name is declared once). */
export type DeclaredTwice<T> = { [C in keyof T]: { [D in Exclude<keyof T, C>]: keyof T[C] & keyof T[D] }[Exclude<keyof T, C>] }[keyof T];
