/**
 * Check kind `metric-claim`: is a claim's reported number ("+4pp", "8x faster", "at most 3.1% quality loss")
 * reproduced by the values of the seeds that re-ran it? The values, one per seed, come from a case CSV's column
 * (optionally derived: `derive`), a Trackio database or Parquet export (a metric's last value, or its value at
 * `step`, per run: metric-claim-data.ts), or inline. The decision is checkers/claims/decide.ts: the two-sided t
 * interval of the seeds' mean at `confidence` inside the claim's region (`equal` within an absolute or
 * relative tolerance, `at-least` claimed - margin, `at-most` claimed + margin) is `reproduced`, entirely
 * outside it `not reproduced`, else `cannot tell`; fewer than MIN_SEEDS (3) seeds decide only when the case
 * says why (`fewerSeedsBecause`, quoted in the evidence and the letter) and never with one; a non-finite value
 * or identical values cannot tell.
 * Units: `claimUnit` and `valuesUnit` must be the same, unless `scale` (recorded) puts the values into the
 * claim's unit (values as fractions, claim in points: 100); otherwise bad input (checkers/claims/units.ts).
 * Outcome, by what the finding says of the claim's number (`finding`, default `not-reproduced`: a
 * falsification): the number reproduced refutes a finding that says it is not, and supports one that says it
 * is; not reproduced the other way round; cannot tell is neutral, with why (`insufficient`).
 * Guarantee: statistical, the one-sample t test of the mean against the claim's boundary that the decision
 * rests on ({test, p, dof = n - 1, level = (1 - confidence)/2}); approximate (never decides) without an
 * interval (one seed, a non-finite value, no spread). `seeds`: n. Basis: by the file's path (a logbook's table:
 * logbook), or `basis` when given (inline values Recheck computed: recomputed).
 * Example params: `{ table: 'logbook/seeds.csv', column: 'gain', claimed: 4, direction: 'at-least', claimUnit:
 * 'pp', valuesUnit: 'fraction', scale: 100, confidence: 0.95 }`.
 */
import { join } from 'node:path';
import { resolveCasePath, type CheckKind, type CheckResult, type EvidenceBasis, type Guarantee } from '../kind';
import { MIN_SEEDS } from '../gates';
import { BadInputError } from '../../errors';
import { CheckerError } from '../../../checkers/errors';
import { shown } from '../../text/display';
import { claimRegion, CLAIM_DIRECTIONS, type ClaimDirection, type ClaimRegion } from '../../../checkers/claims/region';
import { claimUnits, type UnitsChecked } from '../../../checkers/claims/units';
import { decideClaim, type ClaimReport } from '../../../checkers/claims/decide';
import { jsonSafe } from './hypothesis-test-data';
import { inlineValues, metricsValues, tableValues, type ReadValues } from './metric-claim-data';
import { metricClaimWords } from './metric-claim.words';
import { deriveParamsSchema } from './derived-columns';

export type ClaimFinding = 'not-reproduced' | 'reproduced';

export interface MetricClaimParams {
  claimed: number;
  direction: ClaimDirection;
  tolerance?: { kind: 'abs' | 'rel'; value: number };
  margin?: number;
  confidence?: number;
  table?: string;
  column?: string;
  derive?: string[];
  deriveDigits?: number;
  database?: string;
  metric?: string;
  runs?: string[];
  step?: number;
  values?: number[];
  claimUnit?: string;
  valuesUnit?: string;
  scale?: number;
  fewerSeedsBecause?: string;
  finding?: ClaimFinding;
  basis?: EvidenceBasis;
}

const NAME = { type: 'string', minLength: 1, maxLength: 500 } as const;
const UNIT = { type: 'string', minLength: 1, maxLength: 40 } as const;

/** Runs `f`, turning a checker's complaint into bad input naming `where`. */
export function checked<T>(where: string, f: () => T): T {
  try {
    return f();
  } catch (err) {
    if (err instanceof CheckerError) throw new BadInputError(where, err.message.replace(/^recheck\.[\w-]+: (\w+: )?/, ''));
    throw err;
  }
}

/** Refuses a missing or doubled source, and params its source does not read. */
function checkSource(p: MetricClaimParams, where: string): void {
  const given = (['table', 'database', 'values'] as const).filter((k) => p[k] !== undefined);
  if (given.length !== 1)
    throw new BadInputError(
      where,
      given.length === 0 ? 'give the values: "table", "database" or "values"' : `give one source of values, not "${given.join('" and "')}"`,
    );
  const readBy: Record<string, readonly string[]> = {
    table: ['column', 'derive', 'deriveDigits'],
    database: ['metric', 'runs', 'step'],
    values: [],
  };
  const source = given[0] as string;
  const stray = Object.entries(readBy).flatMap(([s, keys]) =>
    s === source ? [] : keys.filter((k) => p[k as keyof MetricClaimParams] !== undefined),
  );
  if (stray.length > 0)
    throw new BadInputError(where, `"${stray.join('", "')}" ${stray.length === 1 ? 'is' : 'are'} not read with "${source}"`);
  if (source === 'table' && p.column === undefined) throw new BadInputError(where, 'a table needs "column"');
  if (source === 'database' && p.metric === undefined) throw new BadInputError(where, 'a database needs "metric"');
}

/** The values, per source. */
async function readValues(p: MetricClaimParams, ctx: Parameters<CheckKind['run']>[1]): Promise<ReadValues> {
  if (p.table !== undefined) return tableValues(resolveCasePath(ctx, p.table), p.table, p.column as string, p.derive ?? [], p.deriveDigits);
  if (p.database !== undefined) return metricsValues(resolveCasePath(ctx, p.database), p.database, p.metric as string, p.runs, p.step);
  return inlineValues(p.values ?? []);
}

/** "column `gain` of logbook/seeds.csv", "the last value of eval/acc in 4 runs of logbook/trackio.db". */
export function sourceWords(r: ReadValues, n: number): string {
  const s = r.source;
  if (s.kind === 'table') return `column ${shown(s.column ?? '', 120)} of ${shown(s.file ?? '', 200)}`;
  if (s.kind === 'metrics')
    return `${s.step === 'last' ? 'the last value' : `the value at step ${s.step}`} of ${shown(s.metric ?? '', 120)} in ${n} runs of ${shown(s.file ?? '', 200)}`;
  return 'values given inline';
}

const DECISION_WORDS = { reproduced: 'reproduced', 'not-reproduced': 'not reproduced', 'cannot-tell': 'cannot tell' } as const;

/** The outcome for the finding. */
export function outcomeOf(report: Pick<ClaimReport, 'decision'>, finding: ClaimFinding): CheckResult['outcome'] {
  if (report.decision === 'cannot-tell') return 'neutral';
  return (report.decision === 'reproduced') === (finding === 'reproduced') ? 'supports' : 'refutes';
}

/** The evidence every consumer reads (letters, figure, CLI --json). */
export function claimEvidence(
  region: ClaimRegion,
  units: UnitsChecked,
  read: ReadValues,
  report: ClaimReport,
  finding: ClaimFinding | null,
): Record<string, unknown> {
  const s = report.summary;
  return jsonSafe({
    claim: {
      claimed: region.claimed,
      direction: region.direction,
      low: region.low,
      high: region.high,
      allowance: region.allowance,
      words: region.words,
    },
    units,
    source: read.source,
    seeds: read.seeds.map((x) => ({ ...x, raw: x.value, value: x.value * units.scale })),
    n: report.gate.n,
    ...(s !== null ? { mean: s.mean, sd: s.sd, se: s.se, dof: s.dof, quantile: s.quantile, interval: { low: s.low, high: s.high } } : {}),
    confidence: s?.confidence ?? null,
    decision: report.decision,
    decisionWords: DECISION_WORDS[report.decision],
    // The growth-fit convention letters and reports read: a conclusion's value and its reasons.
    conclusion: { value: report.decision, reasons: [report.reason] },
    reason: report.reason,
    decides: report.decision !== 'cannot-tell',
    intervalSays: report.intervalSays,
    gate: report.gate,
    tests: report.tests,
    pInside: report.pInside,
    pOutside: report.pOutside,
    deciding: report.deciding,
    ...(finding !== null ? { finding } : {}),
  });
}

export const metricClaimKind: CheckKind<MetricClaimParams> = {
  kind: 'metric-claim',
  words: metricClaimWords,
  title: "Decide whether a claim's reported number is reproduced by the seeds' values: their mean's t interval against the claimed region",
  paramsSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['claimed', 'direction'],
    properties: {
      claimed: { type: 'number', description: "the claim's number, in the claim's unit (4 for +4pp, 8 for 8x faster)" },
      direction: { enum: [...CLAIM_DIRECTIONS], description: 'equal (within a tolerance), at-least or at-most' },
      tolerance: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'value'],
        description: 'equal: how far from the claimed value still counts (abs: in its unit; rel: a fraction of |claimed|)',
        properties: { kind: { enum: ['abs', 'rel'] }, value: { type: 'number', exclusiveMinimum: 0 } },
      },
      margin: { type: 'number', minimum: 0, description: 'at-least / at-most: how far past the claimed value still counts (default 0)' },
      confidence: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, description: 'confidence of the t interval (default 0.95)' },
      table: { type: 'string', minLength: 1, casePath: true, description: 'case-relative CSV with one row per seed' },
      column: { ...NAME, tableColumn: 'table', description: 'table: the column of the values (or a derived one)' },
      ...deriveParamsSchema('table'),
      database: {
        type: 'string',
        minLength: 1,
        casePath: true,
        description: 'a Trackio <project>.db or metrics.parquet, one run per seed',
      },
      metric: { ...NAME, description: 'database: the metric key, e.g. eval/accuracy' },
      runs: {
        type: 'array',
        minItems: 1,
        maxItems: 1000,
        items: NAME,
        description: 'database: the runs (names or ids), one per seed (default: every run with the metric)',
      },
      step: {
        type: 'integer',
        minimum: -9007199254740991,
        maximum: 9007199254740991,
        description: "database: the step read (default: each run's last)",
      },
      values: {
        type: 'array',
        minItems: 1,
        maxItems: 100000,
        items: { type: 'number' },
        description: 'the values given inline, one per seed',
      },
      claimUnit: { ...UNIT, description: "the claim's unit (e.g. pp, x, %)" },
      valuesUnit: { ...UNIT, description: "the values' unit; must equal claimUnit unless scale is given" },
      scale: {
        type: 'number',
        exclusiveMinimum: 0,
        description: "value in the claim's unit = value read x scale (fractions against points: 100)",
      },
      fewerSeedsBecause: {
        type: 'string',
        minLength: 1,
        maxLength: 1000,
        description: 'why fewer than 3 seeds suffice here (quoted); 2 seeds decide only with it, 1 never',
      },
      finding: {
        enum: ['not-reproduced', 'reproduced'],
        description: "what the finding says of the claim's number (default not-reproduced)",
      },
      basis: { enum: ['logbook', 'recomputed'], description: "where the values come from (default: by the file's path)" },
    },
  },
  example: {
    table: 'logbook/seeds.csv',
    column: 'gain',
    claimed: 4,
    direction: 'at-least',
    claimUnit: 'pp',
    valuesUnit: 'fraction',
    scale: 100,
    confidence: 0.95,
  },
  guarantee: { kind: 'approximate' },
  async run(params, ctx): Promise<CheckResult> {
    const where = `${join(ctx.caseDir, 'case.json')}: check ${ctx.checkId}`;
    checkSource(params, where);
    const region = checked(where, () =>
      claimRegion({
        claimed: params.claimed,
        direction: params.direction,
        ...(params.tolerance !== undefined ? { tolerance: params.tolerance } : {}),
        ...(params.margin !== undefined ? { margin: params.margin } : {}),
      }),
    );
    const units = checked(where, () => claimUnits({ claimUnit: params.claimUnit, valuesUnit: params.valuesUnit, scale: params.scale }));
    const read = await readValues(params, ctx);
    const values = read.seeds.map((s) => s.value * units.scale);
    const confidence = params.confidence ?? 0.95;
    const report = checked(where, () =>
      decideClaim(values, region, { confidence, minSeeds: MIN_SEEDS, fewerSeedsBecause: params.fewerSeedsBecause }),
    );
    const finding = params.finding ?? 'not-reproduced';
    const outcome = outcomeOf(report, finding);
    const d = report.deciding;
    const guarantee: Guarantee =
      d !== null
        ? { kind: 'statistical', test: d.name, p: d.p, dof: d.dof, level: d.level }
        : { kind: 'approximate', bound: `no t interval: ${report.reason}` };
    const s = report.summary;
    const unit = units.claimUnit !== null && units.claimUnit !== '' ? ` ${units.claimUnit}` : '';
    const stats = s !== null ? ` (mean ${Number(s.mean.toPrecision(6))}${unit}, sd ${Number(s.sd.toPrecision(4))})` : '';
    const scaled = units.scale !== 1 ? ` (${units.words})` : '';
    const forFinding =
      outcome === 'neutral' ? 'so it decides nothing' : outcome === 'supports' ? 'as the finding says' : 'not as the finding says';
    const n = read.seeds.length;
    return {
      outcome,
      guarantee,
      seeds: n,
      dataSha256: read.dataSha256,
      ...(params.basis !== undefined ? { basis: params.basis } : {}),
      ...(outcome === 'neutral'
        ? { insufficient: `the seeds cannot tell whether the claim's number is reproduced: ${report.reason}` }
        : {}),
      summary: `Claim ${region.words}${unit}; ${n} seed${n === 1 ? '' : 's'} from ${sourceWords(read, n)}${scaled}${stats}: ${report.reason}. The claim's number is ${DECISION_WORDS[report.decision]}, ${forFinding}.`,
      evidence: claimEvidence(region, units, read, report, finding),
    };
  },
};
