/**
 * `audit divergence`: which divergence does an untrusted loss module compute? Runs the module in the sandbox
 * on seeded probe pairs and classifies its outputs against high-precision references (checkers/divergence).
 */
import { classifyDivergence, theoryMismatch, DEFAULT_TOLERANCE } from '../../../checkers/divergence/classify';
import type { DivergenceVerdict } from '../../../checkers/divergence/candidates';
import { makeProbes } from '../../../checkers/divergence/probes';
import { loadMpfr } from '../../../checkers/precise/mpfr';
import { createPrecise } from '../../../checkers/precise/precise';
import { BadInputError, CancelledError } from '../../errors';
import { sandboxSourceFile } from '../bundle';
import type { RunEnd } from '../classify';
import type { SandboxRunner } from '../runner';
import type { SandboxMessage } from '../../../common/sandbox/protocol';

/** The trusted driver, from the configured sandbox sources (the checkout, or the package's sandbox-sources). */
const DRIVER = 'app/sandbox/audit/divergence-driver.ts';
/** Digits of the references: far beyond float64, so the references' own error (< 1e-36 relative) never matters. */
const REFERENCE_DIGITS = 40;

export interface DivergenceAuditOptions {
  readonly modulePath: string;
  /** Name shown in messages (default: the path as given). */
  readonly label?: string;
  readonly theory?: DivergenceVerdict;
  readonly seed?: number;
  readonly probes?: number;
  readonly tolerance?: number;
  readonly timeoutMs?: number;
  /** Where the module runs (nodeChildRunner headless, the hidden window in the desktop app). */
  readonly runner: SandboxRunner;
  readonly signal?: AbortSignal;
  readonly onMessage?: (m: SandboxMessage) => void;
}

/** The audit's JSON output (the shape plus how it was obtained). */
export interface DivergenceAudit {
  readonly verdict: DivergenceVerdict;
  readonly theory: DivergenceVerdict | null;
  readonly mismatch: boolean | null;
  readonly candidates: readonly { readonly name: string; readonly maxRelError: number | null }[];
  readonly probes: number;
  readonly seed: number;
  readonly tolerance: number;
  readonly referenceDigits: number;
  readonly moduleHash: string;
  readonly confined: boolean;
}

/** The module misbehaved in the sandbox (touched a resource, threw, ran too long...). Exit 2, one line. */
export class SandboxedModuleError extends BadInputError {
  constructor(
    label: string,
    readonly end: Exclude<RunEnd, { outcome: 'ok' }>,
  ) {
    super(label, `${end.outcome}: ${end.message}`);
    this.name = 'SandboxedModuleError';
  }
}

/**
 * Runs the audit. Rejects with SandboxedModuleError when the module does anything but return numbers, and
 * with SandboxUnavailableError when bubblewrap is missing and unconfined runs were not allowed.
 * Example: a module `export default (p, q) => p.reduce((s, x, i) => s + x * Math.log(x / q[i]), 0)` gives
 * `{ verdict: 'forward-kl', ... }`.
 */
export async function auditDivergence(o: DivergenceAuditOptions): Promise<DivergenceAudit> {
  const label = o.label ?? o.modulePath;
  const seed = o.seed ?? 20261129;
  const probes = makeProbes(seed, o.probes ?? 64);
  // Bundling is held to the same wall clock as the run (--timeout), and cancelled with it.
  const program = await o.runner.prepare({
    modulePath: o.modulePath,
    driverPath: sandboxSourceFile(DRIVER),
    label,
    limits: { timeoutMs: o.timeoutMs ?? 30_000 },
    ...(o.signal ? { signal: o.signal } : {}),
  });
  let end;
  try {
    end = await o.runner.run(program, {
      input: { probes: probes.map(({ p, q }) => ({ p, q })) },
      seed,
      limits: { timeoutMs: o.timeoutMs ?? 30_000, cpuSeconds: Math.ceil((o.timeoutMs ?? 30_000) / 1000) * 2 + 1 },
      ...(o.signal ? { signal: o.signal } : {}),
      ...(o.onMessage ? { onMessage: o.onMessage } : {}),
    });
  } finally {
    await program.dispose();
  }
  if (end.outcome === 'killed' && o.signal?.aborted === true) throw new CancelledError();
  if (end.outcome !== 'ok') throw new SandboxedModuleError(label, end);
  const raw = end.value;
  if (!Array.isArray(raw) || raw.length !== probes.length) throw new BadInputError(label, 'the sandbox returned a malformed output list');
  const outputs = raw.map((y) => (typeof y === 'number' ? y : null));
  const P = createPrecise({ digits: REFERENCE_DIGITS, mpfr: await loadMpfr() });
  const c = classifyDivergence(P, probes, outputs, o.tolerance ?? DEFAULT_TOLERANCE);
  return {
    verdict: c.verdict,
    theory: o.theory ?? null,
    mismatch: theoryMismatch(o.theory, c.verdict),
    candidates: c.candidates.map((f) => ({ name: f.name, maxRelError: Number.isFinite(f.maxRelError) ? f.maxRelError : null })),
    probes: probes.length,
    seed,
    tolerance: c.tolerance,
    referenceDigits: REFERENCE_DIGITS,
    moduleHash: program.moduleHash,
    confined: end.confined,
  };
}
