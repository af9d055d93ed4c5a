/**
 * The runner's side of the protocol channel, shared by the Node child and the Web Worker. Evaluated before the
 * untrusted module (the guards import it first), it captures what the channel needs while those are still the
 * engine's own (JSON.stringify, Object.create, Object.keys), so a program that later patches globals or adds
 * `toJSON` to Object.prototype can neither read the run's nonce nor reshape the runner's own messages.
 * Every message is copied into null-prototype objects and wrapped in the nonce envelope by concatenation.
 * Pure: no Node or DOM API; the transport's raw write is installed by the guards.
 */
import { envelopeText, type RunRequest, type SandboxMessage } from '../../../common/sandbox/protocol';

const stringify = JSON.stringify;
const parse = JSON.parse;
const create = Object.create as (proto: null) => Record<string, unknown>;
const keys = Object.keys;
const isArray = Array.isArray;

let nonce = '';
let write: ((line: string) => void) | null = null;
/** Messages sent before the request arrived (the worker evaluates the module first): flushed with the nonce. */
const early: string[] = [];
const MAX_EARLY = 200;

/** A null-prototype copy of a runner-built message (plain objects below it copied too; `value` kept as is). */
function plain(message: SandboxMessage): Record<string, unknown> {
  const out = create(null);
  const source = message as unknown as Record<string, unknown>;
  for (const k of keys(source)) {
    const v = source[k];
    if (k !== 'value' && typeof v === 'object' && v !== null && !isArray(v)) {
      const inner = create(null);
      for (const j of keys(v)) inner[j] = (v as Record<string, unknown>)[j];
      out[k] = inner;
    } else out[k] = v;
  }
  return out;
}

/** Installs the transport's raw write (called once by the guards). */
export function installWire(rawWrite: (line: string) => void): void {
  write ??= rawWrite;
}

/**
 * Parses the host's run request (JSON text) and keeps its nonce; null when it is not a run request.
 * Example: `takeRequest('{"type":"run","input":1,"seed":2,"nonce":"ab"}')`.
 */
export function takeRequest(text: string): RunRequest | null {
  let v: unknown;
  try {
    v = parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const r = v as Record<string, unknown>;
  if (
    r.type !== 'run' ||
    typeof r.seed !== 'number' ||
    !Number.isInteger(r.seed) ||
    typeof r.nonce !== 'string' ||
    !/^[0-9a-f]{16,64}$/.test(r.nonce)
  )
    return null;
  if (nonce === '') {
    nonce = r.nonce;
    for (const json of early.splice(0)) write?.(envelopeText(nonce, json));
  }
  return { type: 'run', input: r.input ?? null, seed: r.seed >>> 0, nonce: r.nonce };
}

/** Sends one message in the run's envelope; before the request arrived (no nonce yet) it is kept for then. */
export function sendMessage(message: SandboxMessage): void {
  if (write === null) return;
  let json: string | undefined;
  let why = 'a BigInt, a cycle, a function or a throwing toJSON';
  try {
    json = stringify(plain(message));
  } catch (err) {
    json = undefined;
    if (err instanceof RangeError) why = 'nested too deep for the runtime';
  }
  // A result that does not serialise (BigInt, a cycle, a throwing toJSON) is reported as such, not lost.
  if (typeof json !== 'string')
    json = stringify(plain({ type: 'error', reason: 'threw', message: `the result cannot be sent as JSON: ${why}` }));
  if (nonce === '') {
    if (early.length < MAX_EARLY) early.push(json);
    return;
  }
  write(envelopeText(nonce, json));
}
