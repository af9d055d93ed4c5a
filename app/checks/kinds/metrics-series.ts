/**
 * Check kind `metrics-series`: does a run's recorded series, in the logbook's own Trackio database (or its
 * Parquet export), show what the finding says of it? The file is read as `recheck metrics` reads it
 * (app/metrics/read.ts: a regular file of the case, size-capped, format told from its first bytes); the run is
 * named by id or name and the metric by key, as there. The analyses are checkers/series; the decision is
 * metrics-series-decide.ts. `expect` is what the finding asserts:
 * - `non-finite`: the metric turns non-finite; optionally from `onsetStep` exactly, in a `pattern`
 *   (`throughout`: to the last point; `alternation`: a strict alternation of two kinds, such as +Inf and NaN, to
 *   the last point), while `evalMetric` (of the same run) stays finite over those steps (at least `minPoints`
 *   of its points there), and while `compareRun` (the same metric) stays finite at the steps both logged.
 *   Guarantee: exact (counting).
 * - `stays-finite`: every point in `window` is finite. Exact.
 * - `diverges`: a one-sided test of the OLS slope (of the value, or of ln value with `scale: 'log'`) over
 *   `window`, in `direction` (increasing by default), with `errors: 'ar1'` by default (the plain test's false
 *   alarm rate is 17-34% on correlated training noise; checkers/series/window-slope.ts), at `level` (0.05),
 *   never from fewer than `minPoints` (8) finite or effective points. Guarantee: statistical (test, p, dof,
 *   level), exact for a constant window, approximate (never decides) below the minimum.
 * Basis: logbook (the logbook's own recorded metrics). dataSha256: the hash of the points examined, so two
 * checks of the same series are one source (app/checks/gates.ts).
 *
 * Example params: `{ database: 'logbook/trackio.db', run: 'reverse-kl', metric: 'train/loss', expect: 'non-finite',
 * onsetStep: 150, pattern: 'alternation', evalMetric: 'eval/ppl', compareRun: 'forward-kl' }` on a run whose loss
 * alternates +Inf, NaN from step 150 while its eval perplexity and the forward-KL run stay finite supports the
 * finding: "train/loss is non-finite from step 150 (strict alternation +Inf, NaN throughout from step 150 to 399
 * (125 pairs)) ...".
 */
import { join } from 'node:path';
import { resolveCasePath, type CheckKind, type CheckResult, type Guarantee } from '../kind';
import { BadInputError } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { sha256 } from '../../fs/hash';
import { shown } from '../../text/display';
import { findRun, seriesOf } from '../../metrics/lookup';
import type { MetricsLog, Series } from '../../metrics/model';
import { nonFiniteReport } from '../../../checkers/series/non-finite';
import { DEFAULT_MIN_POINTS, divergenceTest } from '../../../checkers/series/divergence';
import { finiteWhileNonFinite } from '../../../checkers/series/finite-while-non-finite';
import { compareRuns } from '../../../checkers/series/compare-runs';
import { orderedPoints } from '../../../checkers/series/points';
import {
  compareCondition,
  decideConditions,
  evalCondition,
  finiteCondition,
  nonFiniteConditions,
  trendCondition,
  type Condition,
} from './metrics-series-decide';
import { divergenceFacts, jsonNumbers, seriesFacts } from './metrics-series-evidence';
import { metricsSeriesWords } from './metrics-series.words';

export type SeriesExpect = 'non-finite' | 'stays-finite' | 'diverges';

export interface MetricsSeriesParams {
  database: string;
  run: string;
  metric: string;
  expect: SeriesExpect;
  onsetStep?: number;
  pattern?: 'throughout' | 'alternation';
  evalMetric?: string;
  compareRun?: string;
  window?: { fromStep?: number; toStep?: number };
  scale?: 'value' | 'log';
  direction?: 'increasing' | 'decreasing';
  errors?: 'independent' | 'ar1';
  level?: number;
  minPoints?: number;
}

const NAME = { type: 'string', minLength: 1, maxLength: 500 } as const;
const STEP = { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 } as const;
/** Params that only `non-finite` reads, and those only the other two read. */
const NON_FINITE_ONLY = ['onsetStep', 'pattern', 'evalMetric', 'compareRun'] as const;
const TREND_ONLY = ['scale', 'direction', 'errors', 'level'] as const;

/** How a series is named in messages: "train/loss of run reverse-kl". */
const seriesName = (s: Series) => `${shown(s.key, 120)} of run ${shown(s.runName, 120)}`;

/** The hash of the points examined: run id, key, steps and values (non-finite spelled out), per series. */
function pointsSha256(series: readonly Series[]): string {
  const parts = series.map((s) => JSON.stringify([s.runId, s.key, s.steps, s.values.map((v) => (Number.isFinite(v) ? v : String(v)))]));
  return sha256(parts.join('\n'));
}

/** Refuses params that the chosen `expect` does not read (one line naming case.json and the check). */
function checkCombination(p: MetricsSeriesParams, where: string): void {
  const extra =
    p.expect === 'non-finite'
      ? [...TREND_ONLY, 'window' as const].filter((k) => p[k] !== undefined)
      : p.expect === 'stays-finite'
        ? [...NON_FINITE_ONLY, ...TREND_ONLY].filter((k) => p[k] !== undefined)
        : NON_FINITE_ONLY.filter((k) => p[k] !== undefined);
  if (extra.length > 0)
    throw new BadInputError(where, `"${extra.join('", "')}" ${extra.length === 1 ? 'is' : 'are'} not read with expect "${p.expect}"`);
  const w = p.window;
  if (w?.fromStep !== undefined && w.toStep !== undefined && w.fromStep > w.toStep)
    throw new BadInputError(where, `window: fromStep ${w.fromStep} is after toStep ${w.toStep}`);
}

/** Runs `f`, turning a checker's complaint about a malformed series into bad input naming the file. */
function analysed<T>(file: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof CheckerError) throw new BadInputError(file, err.message.replace(/^recheck\.[\w-]+: /, ''));
    throw err;
  }
}

export const metricsSeriesKind: CheckKind<MetricsSeriesParams> = {
  kind: 'metrics-series',
  words: metricsSeriesWords,
  title:
    "Read a run's recorded metric from the logbook's Trackio database: its non-finite onset and pattern, eval beside it, another run, a divergence test",
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['database', 'run', 'metric', 'expect'],
    properties: {
      database: {
        type: 'string',
        minLength: 1,
        casePath: true,
        description: "the logbook's Trackio <project>.db (or metrics.parquet export), in the case",
      },
      run: { ...NAME, description: 'the run, by name or id' },
      metric: { ...NAME, description: 'the metric key, e.g. train/loss' },
      expect: {
        enum: ['non-finite', 'stays-finite', 'diverges'],
        description: 'what the finding asserts of the series: it turns non-finite, it stays finite, or it diverges (a trend)',
      },
      onsetStep: { ...STEP, description: 'non-finite: the step from which the finding says it is non-finite (checked exactly)' },
      pattern: {
        enum: ['throughout', 'alternation'],
        description: 'non-finite: to the last point, or a strict alternation of two kinds (+Inf, NaN) to the last point',
      },
      evalMetric: { ...NAME, description: 'non-finite: a metric of the same run the finding says stays finite meanwhile (e.g. eval/ppl)' },
      compareRun: { ...NAME, description: 'non-finite: a run whose same metric the finding says stays finite at the same steps' },
      window: {
        type: 'object',
        additionalProperties: false,
        description: 'stays-finite, diverges: the steps examined, both ends included (default: all)',
        properties: { fromStep: { ...STEP }, toStep: { ...STEP } },
      },
      scale: { enum: ['value', 'log'], description: 'diverges: fit the value (default) or its natural log' },
      direction: { enum: ['increasing', 'decreasing'], description: 'diverges: the direction of the trend (default increasing)' },
      errors: {
        enum: ['ar1', 'independent'],
        description: 'diverges: AR(1) errors (default; training noise is correlated) or independent',
      },
      level: { type: 'number', exclusiveMinimum: 0, maximum: 0.5, description: 'diverges: significance level (default 0.05)' },
      minPoints: {
        type: 'integer',
        minimum: 3,
        maximum: 1000000,
        description: `fewest points decided from: finite (or effective) points of a trend test, eval points in the non-finite steps (default ${DEFAULT_MIN_POINTS})`,
      },
    },
  },
  example: {
    database: 'logbook/trackio.db',
    run: 'reverse-kl',
    metric: 'train/loss',
    expect: 'non-finite',
    onsetStep: 150,
    pattern: 'alternation',
    evalMetric: 'eval/ppl',
    compareRun: 'forward-kl',
  },
  guarantee: { kind: 'approximate' },
  basis: 'logbook',
  async run(params, ctx): Promise<CheckResult> {
    const where = `${join(ctx.caseDir, 'case.json')}: check ${ctx.checkId}`;
    checkCombination(params, where);
    const { readMetricsFile } = await import('../../metrics/read');
    const log: MetricsLog = await readMetricsFile(resolveCasePath(ctx, params.database), { shownAs: params.database });
    const file = log.file;
    const run = findRun(log, params.run);
    const main = seriesOf(log, run, params.metric);
    const minPoints = params.minPoints ?? DEFAULT_MIN_POINTS;
    const examined: Series[] = [main];
    const conditions: Condition[] = [];
    const metricName = shown(params.metric, 120);
    const report = analysed(file, () => nonFiniteReport(main, seriesName(main)));
    const evidence: Record<string, unknown> = {
      database: params.database,
      format: log.format,
      run: { ref: params.run, id: run.id, name: run.name },
      metric: params.metric,
      expect: params.expect,
      minPoints,
      series: seriesFacts(report),
      notes: log.notes.slice(0, 10),
    };
    let guarantee: Guarantee = { kind: 'exact' };

    if (params.expect === 'non-finite') {
      evidence.asserted = { onsetStep: params.onsetStep ?? null, pattern: params.pattern ?? null };
      conditions.push(...nonFiniteConditions(metricName, report, params));
      if (params.evalMetric !== undefined) {
        const ev = seriesOf(log, run, params.evalMetric);
        examined.push(ev);
        const f = analysed(file, () =>
          finiteWhileNonFinite({ label: params.metric, ...main }, { label: params.evalMetric as string, ...ev }, { minPoints }),
        );
        evidence.eval = {
          metric: params.evalMetric,
          outcome: f.outcome,
          minPoints,
          ...f.secondary,
          nonFiniteStretches: f.primary.ranges.length,
        };
        if (report.onset !== null) conditions.push(evalCondition(shown(params.evalMetric, 120), f));
      }
      if (params.compareRun !== undefined) {
        const other = findRun(log, params.compareRun);
        const os = seriesOf(log, other, params.metric);
        examined.push(os);
        const c = analysed(file, () => compareRuns({ label: run.name, ...main }, { label: other.name, ...os }));
        evidence.compare = {
          run: { ref: params.compareRun, id: other.id, name: other.name },
          points: c.b.points,
          nonFinite: c.summary.b.nonFinite,
          ...c.common,
          firstCommonStep: c.summary.firstCommonStep,
          lastCommonStep: c.summary.lastCommonStep,
          firstOneSided: c.firstOneSided,
        };
        if (report.onset !== null) conditions.push(compareCondition(shown(run.name, 120), shown(other.name, 120), c));
      }
    } else if (params.expect === 'stays-finite') {
      const from = params.window?.fromStep;
      const to = params.window?.toStep;
      const inWindow = analysed(file, () => orderedPoints(seriesName(main), main)).points.filter(
        (p) => (from === undefined || p.step >= from) && (to === undefined || p.step <= to),
      );
      const bad = inWindow.filter((p) => p.kind !== 'finite');
      const first = bad[0] !== undefined ? { step: bad[0].step, kind: bad[0].kind } : null;
      evidence.window = {
        fromStep: from ?? null,
        toStep: to ?? null,
        points: inWindow.length,
        nonFinite: bad.length,
        firstNonFinite: first,
      };
      conditions.push(finiteCondition(metricName, inWindow.length, bad.length, first));
    } else {
      const d = analysed(file, () =>
        divergenceTest(
          main,
          {
            scale: params.scale ?? 'value',
            direction: params.direction ?? 'increasing',
            errors: params.errors ?? 'ar1',
            level: params.level ?? 0.05,
            minPoints,
            ...(params.window?.fromStep !== undefined ? { fromStep: params.window.fromStep } : {}),
            ...(params.window?.toStep !== undefined ? { toStep: params.window.toStep } : {}),
          },
          seriesName(main),
        ),
      );
      evidence.divergence = divergenceFacts(d);
      const t = trendCondition(metricName, d);
      conditions.push(t.condition);
      guarantee = t.guarantee;
    }

    const decision = decideConditions(conditions);
    evidence.conditions = conditions;
    evidence.decides = decision.outcome !== 'neutral';
    const subject = `${metricName} of run ${shown(run.name, 120)} in ${shown(params.database, 200)}`;
    const verdict =
      decision.outcome === 'supports'
        ? 'as the finding says'
        : decision.outcome === 'refutes'
          ? 'not as the finding says'
          : 'so it decides nothing';
    return {
      outcome: decision.outcome,
      guarantee,
      basis: 'logbook',
      dataSha256: pointsSha256(examined),
      ...(decision.insufficient !== undefined ? { insufficient: decision.insufficient } : {}),
      summary: `${subject}: ${conditions.map((c) => c.says).join('; ')}; ${verdict}.`,
      evidence: jsonNumbers(evidence),
    };
  },
};
