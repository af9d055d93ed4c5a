/**
 * Check kind `replay`: does a logbook's run cell print what the logbook says it printed? The cell's program is
 * rebuilt from what the logbook recorded (its command, the sources embedded in the page, the case's files) and
 * run in the sandbox; its stdout is compared line by line with the printed output (app/replay/replay.ts,
 * checkers/replay/compare-output.ts: numbers within the printed rounding, or a stated abs/rel tolerance, exactly).
 *
 * Outcome (docs/decisions.md, "Replays"): always `neutral`. A replay that reproduces shows the logbook's evidence
 * is the genuine output of its code; that neither proves nor refutes the claim. A replay that differs shows the
 * finding's printed evidence is not what its code prints: the result says so in `insufficient`, so a verified
 * finding resting on it is `premature` and a falsification resting on it alone stays inconclusive ("the
 * finding's evidence cannot carry it"), whatever the finding says. Cannot-run and overridden runs (`set`,
 * `args`, `env`: output and printed tables as CSV artifacts for other checks, never compared) are neutral.
 * Guarantee: exact for the comparison (every number decided in exact decimal arithmetic); approximate for a
 * result that compares nothing. Basis: recomputed (Recheck ran the code).
 * The interpreter: `python` (a path), else the workspace setting `replay.python` (the folder holding the case),
 * else the system python3 (app/replay/python.ts), as for `recheck replay`.
 * Example params: `{ cell: 'cell_cad14a3ec345' }` on the timing-normalization case reproduces bench.py's 3 lines.
 */
import { join, relative } from 'node:path';
import type { CheckKind, CheckResult } from '../kind';
import { BadInputError } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { parseTolerance, type Tolerance } from '../../../checkers/replay/tolerance';
import { parseSetting, type Setting } from '../../../checkers/replay/override';
import { replayCell } from '../../replay/replay';
import type { ReplayOutcome } from '../../replay/outcome';
import { replayWords } from './replay.words';

export interface ReplayParams {
  cell: string;
  logbook?: string;
  /** `printed` (default), `abs:T` or `rel:T`. */
  tolerance?: string;
  ignore?: string[];
  /** `NAME=VALUE` overrides of the script's top-level constants. */
  set?: string[];
  args?: string[];
  env?: Record<string, string>;
  timeoutSeconds?: number;
  cpuSeconds?: number;
  memoryMb?: number;
  python?: string;
}

const SHORT = { type: 'string', minLength: 1, maxLength: 500 } as const;

export const replayKind: CheckKind<ReplayParams> = {
  kind: 'replay',
  words: replayWords,
  title: "Replay a logbook's run cell in the sandbox and compare its output with the printed output",
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['cell'],
    properties: {
      cell: { type: 'string', minLength: 1, maxLength: 200, description: 'id of the run cell (cell_...)' },
      logbook: { type: 'string', minLength: 1, maxLength: 200, description: 'id of the logbook holding it (when the id is not unique)' },
      tolerance: {
        type: 'string',
        pattern: '^(printed|(abs|rel):[0-9.eE+-]{1,40})$',
        description: 'printed (the printed rounding), abs:T or rel:T',
      },
      ignore: { type: 'array', maxItems: 32, items: SHORT, description: 'regular expressions of lines to ignore (timings)' },
      set: {
        type: 'array',
        maxItems: 32,
        items: { type: 'string', minLength: 3, maxLength: 100000 },
        description: 'NAME=VALUE: override a top-level constant (a number or a list of numbers); the run is not compared',
      },
      args: {
        type: 'array',
        maxItems: 64,
        items: { type: 'string', maxLength: 1000 },
        description: 'arguments appended to the command; the run is not compared',
      },
      env: {
        type: 'object',
        maxProperties: 32,
        additionalProperties: { type: 'string', maxLength: 1000 },
        description: 'environment variables; the run is not compared',
      },
      timeoutSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 86400, description: 'wall-time limit of the replay (default 60)' },
      cpuSeconds: { type: 'number', exclusiveMinimum: 0, maximum: 86400, description: 'CPU-time limit (default 60)' },
      memoryMb: { type: 'integer', minimum: 16, maximum: 65536, description: 'memory limit in MB (default 1024)' },
      python: {
        type: 'string',
        minLength: 1,
        maxLength: 1000,
        pattern: '^/',
        description: 'absolute path of the Python interpreter (default: the system python3)',
      },
    },
  },
  example: { cell: 'cell_cad14a3ec345', tolerance: 'printed' },
  guarantee: { kind: 'exact' },
  basis: 'recomputed',
  async run(params, ctx): Promise<CheckResult> {
    const where = `${join(ctx.caseDir, 'case.json')}: check ${ctx.checkId}`;
    let tolerance: Tolerance | undefined;
    let set: Setting[] = [];
    try {
      tolerance = params.tolerance !== undefined ? parseTolerance(params.tolerance) : undefined;
      set = (params.set ?? []).map(parseSetting);
    } catch (e) {
      if (e instanceof CheckerError) throw new BadInputError(where, e.message.replace(/^recheck\.[\w-]+: /, ''));
      throw e;
    }
    // Which sandbox the reviewer allowed: an unconfined runner is there only when they opted in.
    const runner = await ctx.sandbox();
    const outcome = await replayCell({
      caseDir: ctx.caseDir,
      where,
      cell: params.cell,
      ...(params.logbook !== undefined ? { logbook: params.logbook } : {}),
      ...(tolerance !== undefined ? { tolerance } : {}),
      ignore: params.ignore ?? [],
      set,
      args: params.args ?? [],
      env: params.env ?? {},
      limits: {
        ...(params.timeoutSeconds !== undefined ? { timeoutMs: params.timeoutSeconds * 1000 } : {}),
        ...(params.cpuSeconds !== undefined ? { cpuSeconds: params.cpuSeconds } : {}),
        ...(params.memoryMb !== undefined ? { memoryMb: params.memoryMb } : {}),
      },
      ...(params.python !== undefined ? { python: params.python } : {}),
      allowUnconfined: !runner.confined,
      signal: ctx.signal,
      artifactDir: () => ctx.artifactDir(),
    });
    return replayResult(outcome, (abs) => relative(ctx.caseDir, abs));
  },
};

/** The check result of a replay outcome (outcome rules in the file comment). */
export function replayResult(o: ReplayOutcome, caseRelative: (abs: string) => string): CheckResult {
  const compared = o.result === 'reproduces' || o.result === 'differs';
  const d = o.comparison?.first;
  const insufficient =
    o.result === 'differs'
      ? o.exit !== undefined && !o.exit.agree
        ? `the logbook's run cell ${o.cell} recorded exit ${o.exit.recorded}, but its code exits ${o.exit.replayed ?? o.run?.signal ?? '?'} when replayed`
        : `the logbook's printed output is not what its code prints: cell ${o.cell}, printed line ${d?.printedLine ?? '-'} "${d?.printed ?? ''}" against "${d?.replayed ?? ''}" replayed`
      : undefined;
  return {
    outcome: 'neutral',
    guarantee: compared
      ? { kind: 'exact' }
      : { kind: 'approximate', bound: o.result === 'ran' ? 'an overridden replay is output, not a comparison' : 'nothing was compared' },
    basis: 'recomputed',
    summary: `Replay of ${o.logbook}/${o.page} ${o.cell} (\`${o.command.join(' ')}\`): ${o.summary}.${o.notes.length > 0 ? ` ${o.notes.join('; ')}.` : ''}`,
    ...(insufficient !== undefined ? { insufficient } : {}),
    ...(o.run !== undefined ? { dataSha256: o.run.stdoutSha256 } : {}),
    evidence: evidenceOf(o, caseRelative),
    ...(o.artifacts.length > 0 ? { artifacts: o.artifacts.map(caseRelative) } : {}),
  };
}

/** The evidence kept: everything the outcome says, the compared numbers bounded, artifact paths relative to the case. */
function evidenceOf(o: ReplayOutcome, caseRelative: (abs: string) => string): Record<string, unknown> {
  return JSON.parse(
    JSON.stringify({
      ...o,
      artifacts: o.artifacts.map(caseRelative),
      tables: o.tables.map((t) => ({ number: t.number, file: t.file, columns: t.columns, rows: t.rows })),
    }),
  ) as Record<string, unknown>;
}
