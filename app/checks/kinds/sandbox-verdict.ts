/**
 * Check kind `sandbox-verdict`: a case's own module (TypeScript or JavaScript, its default export
 * `(input, api) => verdict`) runs in the sandbox and returns `{ outcome, summary, evidence, guarantee }`; the host
 * never takes the outcome on the module's word (docs/sandbox-verdict.md):
 * - the returned value is read strictly (sandbox-verdict-validate.ts): JSON only, bounded, no extra keys;
 * - `evidence.decides` must carry the decisive comparisons `{ quantity, value, relation, bound, means }`; the
 *   host decides each one exactly (checkers/verdicts) and re-derives the outcome; a module whose stated outcome
 *   its own comparisons do not imply fails the check ("the module says X but its evidence says Y");
 * - the claimed guarantee is capped to what the comparisons bear out (else approximate, which never decides);
 * - with `decides` in the params, case.json pins the comparisons (quantity, relation, bound, meaning) and the
 *   module supplies only their values (sandbox-verdict-declared.ts);
 * - with `seeds`, the module runs once per seed, each run judged alone; the check decides only when all agree,
 *   and states its seeds (the gates want at least 3).
 * A run that times out, throws, is denied, runs out of memory or sends garbage fails the check with the
 * sandbox's own words. Basis: recomputed (the module is the case's re-implementation, run now).
 * Example params: `{ module: 'sandbox/verdict.ts', input: { k: 1024 }, seeds: [1, 2, 3] }`.
 */
import { join } from 'node:path';
import { resolveCasePath, type CheckKind, type CheckResult } from '../kind';
import { BadInputError, CancelledError } from '../../errors';
import { sha256 } from '../../fs/hash';
import { readModuleVerdict } from './sandbox-verdict-validate';
import { combineRuns, judgeRun, type JudgedRun } from './sandbox-verdict-judge';
import type { SandboxRunner } from '../../sandbox/runner';
import {
  declaredSchema,
  readDeclared,
  requireDeclared,
  type DeclaredComparison,
  type DeclaredComparisonParams,
} from './sandbox-verdict-declared';
import { sandboxVerdictWords } from './sandbox-verdict.words';

export interface SandboxVerdictParams {
  module: string;
  input?: unknown;
  seed?: number;
  seeds?: number[];
  timeoutSeconds?: number;
  memoryMb?: number;
  /** The decisive comparisons pinned in case.json (the module supplies only their values). */
  decides?: DeclaredComparisonParams[];
}

const uint32 = { type: 'integer', minimum: 0, maximum: 4294967295 };

export const sandboxVerdictKind: CheckKind<SandboxVerdictParams> = {
  kind: 'sandbox-verdict',
  words: sandboxVerdictWords,
  title: "Run a case's verdict module in the sandbox and re-derive its outcome exactly from its own decisive comparisons",
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['module'],
    properties: {
      module: {
        type: 'string',
        minLength: 1,
        casePath: true,
        description:
          'case-relative module whose default export (input, api) returns { outcome, summary, evidence: { decides }, guarantee }',
      },
      input: { description: "the module's input (JSON, default null)" },
      seed: { ...uint32, description: 'the seed of its one run (default 0): the module is taken as deterministic, no seeds are stated' },
      seeds: {
        type: 'array',
        minItems: 1,
        maxItems: 32,
        uniqueItems: true,
        items: uint32,
        description: 'one run per seed; decides only when every run agrees (the gates want at least 3)',
      },
      timeoutSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 3600, description: 'wall-clock limit per run (default 60)' },
      memoryMb: { type: 'integer', minimum: 32, maximum: 8192, description: 'memory limit per run (default the sandbox default)' },
      decides: declaredSchema,
    },
  },
  example: { module: 'sandbox/verdict.ts', input: { k: 1024 }, seeds: [1, 2, 3] },
  basis: 'recomputed',
  guarantee: { kind: 'approximate', bound: 'a result states its own guarantee once the comparisons bear it out' },
  async run(params, ctx): Promise<CheckResult> {
    if (params.seed !== undefined && params.seeds !== undefined)
      throw new BadInputError(join(ctx.caseDir, 'case.json'), 'give either seed or seeds, not both', `check ${ctx.checkId}: params`);
    const declared = params.decides !== undefined ? readDeclared(params.decides, join(ctx.caseDir, 'case.json'), ctx.checkId) : undefined;
    const ran = await runVerdictModule({
      modulePath: resolveCasePath(ctx, params.module),
      label: params.module,
      input: params.input ?? null,
      seeds: params.seeds ?? [params.seed ?? 0],
      ...(params.timeoutSeconds !== undefined ? { timeoutSeconds: params.timeoutSeconds } : {}),
      ...(params.memoryMb !== undefined ? { memoryMb: params.memoryMb } : {}),
      ...(declared !== undefined ? { declared } : {}),
      runner: await ctx.sandbox(),
      signal: ctx.signal,
      onProgress: (done, total, message) => ctx.progress({ done, total, message }),
      onLog: (line) => ctx.log(line),
      onPoint: (series, x, y) => ctx.point?.({ series, xLabel: 'x', x, y }),
    });
    const result = verdictResult(params.module, ran, params.seeds !== undefined);
    return declared !== undefined ? { ...result, evidence: { ...result.evidence, declared: params.decides } } : result;
  },
};

/** What runVerdictModule needs: the module, its input and seeds, limits, the sandbox, and where to report. */
export interface VerdictRunOptions {
  modulePath: string;
  /** How the module is named in messages and evidence (its case-relative path). */
  label: string;
  input: unknown;
  seeds: readonly number[];
  timeoutSeconds?: number;
  memoryMb?: number;
  /** Comparisons pinned by the case: each run must report exactly these (sandbox-verdict-declared.ts). */
  declared?: readonly DeclaredComparison[];
  runner: SandboxRunner;
  signal: AbortSignal;
  onProgress?(done: number, total: number, message?: string): void;
  onLog?(line: string): void;
  onPoint?(series: string, x: number, y: number): void;
}

/** The judged runs of a module, with what identifies them (module and code hashes, input, sandbox). */
export interface VerdictRuns {
  runs: JudgedRun[];
  moduleSha256: string;
  codeSha256: string;
  input: unknown;
  sandbox: string;
}

/**
 * Prepares the module once and runs it once per seed in the sandbox, reading and judging each verdict as it
 * comes. Throws BadInputError naming the module (and the seed, with several) when a run does not end `ok`
 * (timeout, out-of-memory, threw, exited, killed, denied, invalid-output: the sandbox's own words) or returns
 * a malformed verdict; CancelledError when `signal` aborts. Example: `await runVerdictModule({ modulePath,
 * label: 'sandbox/verdict.ts', input: null, seeds: [0], runner, signal })`.
 */
export async function runVerdictModule(o: VerdictRunOptions): Promise<VerdictRuns> {
  const timeoutS = o.timeoutSeconds ?? 60;
  const limits = {
    timeoutMs: timeoutS * 1000,
    cpuSeconds: Math.ceil(2 * timeoutS) + 1,
    ...(o.memoryMb !== undefined ? { memoryMb: o.memoryMb } : {}),
  };
  const program = await o.runner.prepare({ modulePath: o.modulePath, label: o.label, limits, signal: o.signal });
  const runs: JudgedRun[] = [];
  try {
    for (const [i, seed] of o.seeds.entries()) {
      o.onProgress?.(i, o.seeds.length, `${o.label}: seed ${seed}`);
      const report = await o.runner.run(program, {
        input: o.input,
        seed,
        limits,
        signal: o.signal,
        onMessage: (m) => {
          if (m.type === 'log') o.onLog?.(m.text);
          if (m.type === 'point') o.onPoint?.(`${m.series} (seed ${seed})`, m.x, m.y);
        },
      });
      if (o.signal.aborted) throw new CancelledError();
      if (report.outcome !== 'ok')
        throw new BadInputError(o.label, `${report.outcome}: ${report.message}${o.seeds.length > 1 ? ` (seed ${seed})` : ''}`);
      const verdict = readModuleVerdict(report.value, o.label);
      if (o.declared !== undefined) requireDeclared(o.label, o.declared, verdict.decides, seed);
      runs.push(judgeRun(verdict, seed));
    }
    o.onProgress?.(o.seeds.length, o.seeds.length);
  } finally {
    await program.dispose();
  }
  return { runs, moduleSha256: program.moduleHash, codeSha256: program.codeHash, input: o.input, sandbox: o.runner.description };
}

/**
 * The check's result from judged runs (combineRuns), with what identifies them in the evidence and the data hash
 * (two checks of the same module on the same input are one source, app/checks/gates.ts). Throws
 * VerdictContradictionError when a run's module contradicts its own comparisons.
 */
export function verdictResult(label: string, ran: VerdictRuns, seedsMatter: boolean): CheckResult {
  const inputJson = JSON.stringify(ran.input) ?? 'null';
  return {
    ...combineRuns(label, ran.runs, {
      seedsMatter,
      extra: {
        moduleSha256: ran.moduleSha256,
        codeSha256: ran.codeSha256,
        ...(inputJson.length <= 4096 ? { input: ran.input } : { inputSha256: sha256(inputJson) }),
        sandbox: ran.sandbox,
      },
    }),
    dataSha256: sha256(`${ran.moduleSha256}\n${inputJson}`),
  };
}
