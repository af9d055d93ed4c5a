/**
 * `recheck claim TABLE|DB --column COL|--metric NAME --claimed X --direction equal|at-least|at-most`: is a
 * claim's reported number reproduced by the values of the seeds (one per row of a CSV table, one per run of a
 * Trackio database or Parquet export, or `--values` inline)? The mean's t interval at `--confidence` against the
 * claim's region, with the seeds gate (checkers/claims/decide.ts, the `metric-claim` kind's decision).
 * Exit codes: 0 reproduced, 1 not reproduced, 5 cannot tell (EXIT.undecided, as `calc --assert`: a script never
 * reads "cannot tell" as "not reproduced"), 2 bad input (one line naming the file and the problem).
 * Example: `recheck claim seeds.csv --column gain --claimed 4 --direction at-least --claim-unit pp --values-unit
 * fraction --scale 100` on five seeds 0.0452, 0.047, 0.0435, 0.048, 0.0458 prints "decision    REPRODUCED: the
 * 95% interval [4.37602, 4.80398] of the mean 4.59 lies within the claim's region (at least 4)" and exits 0
 * (test/app/cli/claim.test.ts).
 */
import { resolve } from 'node:path';
import type { Command } from '../command';
import { parseCommandArgs, UsageError } from '../args';
import { BadInputError, EXIT } from '../../errors';
import { shown } from '../../text/display';
import type { ClaimReport } from '../../../checkers/claims/decide';

const DIRECTIONS = ['equal', 'at-least', 'at-most'];

/** A number option, or a usage error naming it. */
function numberOption(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (text.trim() === '' || !Number.isFinite(v))
    throw new UsageError('claim', `--${name} must be a finite number, got "${shown(text, 40)}"`);
  return v;
}

function toleranceOption(text: string | undefined): { kind: 'abs' | 'rel'; value: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(abs|rel):(.+)$/.exec(text);
  if (m === null) throw new UsageError('claim', `--tolerance must be abs:X or rel:X, got "${shown(text, 40)}"`);
  return { kind: m[1] as 'abs' | 'rel', value: numberOption('tolerance', m[2]) as number };
}

const g = (v: number) => (Number.isFinite(v) ? String(Number(v.toPrecision(6))) : String(v));
const pv = (p: number) => String(Number(p.toPrecision(4)));

export const claimCommand: Command = {
  name: 'claim',
  summary: "a claim's reported number against the seeds that reproduced it: mean, t interval, reproduced or not",
  usage: `usage: recheck claim <table.csv> --column COL [--derive 'NAME = EXPR' ...] [--derive-digits N]
       recheck claim <project.db|metrics.parquet> --metric NAME [--step N] [--run RUN ...]
       recheck claim --values X,Y,Z
         --claimed X --direction equal|at-least|at-most [--tolerance abs:X|rel:X] [--margin X]
         [--confidence 0.95] [--min-seeds-reason TEXT] [--claim-unit U] [--values-unit U] [--scale F] [--json]

One value per seed: a CSV column (a row per seed; nan and inf cells are read as such and decide nothing), a
column derived with --derive in the calc grammar (recheck help calc; as recheck fit computes it), a Trackio
metric's last value or its value at --step in each run (every run that logged it, or the --run ones), or
--values. The claim's region: equal needs --tolerance (abs:X in the claim's unit, rel:X a fraction of
|claimed|); at-least allows claimed - margin and above, at-most claimed + margin and below (--margin, default 0).
The mean's two-sided t interval at --confidence (default 0.95; exact t quantile, n - 1 dof) decides:
  reproduced      the interval lies inside the region                                   exit 0
  not reproduced  the interval lies entirely outside it                                 exit 1
  cannot tell     it straddles a boundary; fewer than 3 seeds without                   exit 5
                  --min-seeds-reason (2 seeds decide with it, said; 1 never); a value
                  not finite; all values equal
A one-sample t test against each finite boundary gives t, dof and both one-sided p; the decision is the test
against the nearer boundary at (1 - confidence)/2. Units: --claim-unit and --values-unit must match unless
--scale (value in the claim's unit = value read x scale) says how, e.g. --claim-unit pp --values-unit fraction
--scale 100; a mismatch is bad input (exit 2). Write a negative number as --claimed=-0.5.
JSON keys: claim {claimed, direction, low, high, allowance, words}, units, source {kind, file, sha256, column,
derived, metric, step, format}, seeds [{seed, raw, value, runId?, step?}], n, mean, sd, se, dof, quantile,
interval {low, high}, confidence, decision, decisionWords, reason, decides, intervalSays, gate {n, minSeeds,
passed, fewerSeedsBecause}, tests [{boundary, statistic, dof, pGreater, pLess}], pInside, pOutside, deciding
{words, p, dof, level}.`,
  async run(args, io) {
    const { values, positionals } = parseCommandArgs(
      'claim',
      args,
      {
        column: { type: 'string' },
        derive: { type: 'string', multiple: true },
        'derive-digits': { type: 'string' },
        metric: { type: 'string' },
        step: { type: 'string' },
        run: { type: 'string', multiple: true },
        values: { type: 'string' },
        claimed: { type: 'string' },
        direction: { type: 'string' },
        tolerance: { type: 'string' },
        margin: { type: 'string' },
        confidence: { type: 'string' },
        'min-seeds-reason': { type: 'string' },
        'claim-unit': { type: 'string' },
        'values-unit': { type: 'string' },
        scale: { type: 'string' },
        json: { type: 'boolean' },
      },
      { min: 0, max: 1, names: '<table.csv|project.db>' },
    );
    const file = positionals[0];
    const claimed = numberOption('claimed', values.claimed);
    if (claimed === undefined) throw new UsageError('claim', 'give the claimed number with --claimed X');
    if (values.direction === undefined || !DIRECTIONS.includes(values.direction))
      throw new UsageError('claim', `--direction must be one of ${DIRECTIONS.join(', ')}`);
    const confidence = numberOption('confidence', values.confidence) ?? 0.95;
    if (!(confidence > 0 && confidence < 1)) throw new UsageError('claim', '--confidence must be between 0 and 1 (e.g. 0.95)');
    const step = numberOption('step', values.step);
    if (step !== undefined && !Number.isSafeInteger(step)) throw new UsageError('claim', '--step must be an integer');
    const digits = numberOption('derive-digits', values['derive-digits']);
    if (digits !== undefined && !(Number.isInteger(digits) && digits >= 1 && digits <= 1000))
      throw new UsageError('claim', '--derive-digits must be an integer from 1 to 1000');
    const sources = [values.column !== undefined, values.metric !== undefined, values.values !== undefined].filter(Boolean).length;
    if (sources !== 1) throw new UsageError('claim', 'give exactly one of --column (a table), --metric (a Trackio file) or --values');
    if ((file === undefined) !== (values.values !== undefined))
      throw new UsageError('claim', values.values !== undefined ? '--values takes no file' : 'missing <table.csv|project.db>');
    if (values.column === undefined && (values.derive !== undefined || digits !== undefined))
      throw new UsageError('claim', '--derive reads a table: give --column');
    if (values.metric === undefined && (step !== undefined || values.run !== undefined))
      throw new UsageError('claim', '--step and --run read a Trackio file: give --metric');

    const [{ claimRegion }, { claimUnits }, { decideClaim }, { MIN_SEEDS }, data, { claimEvidence, checked }] = await Promise.all([
      import('../../../checkers/claims/region'),
      import('../../../checkers/claims/units'),
      import('../../../checkers/claims/decide'),
      import('../../checks/gates'),
      import('../../checks/kinds/metric-claim-data'),
      import('../../checks/kinds/metric-claim'),
    ]);
    const where = file ?? '--values';
    const tolerance = toleranceOption(values.tolerance);
    const margin = numberOption('margin', values.margin);
    const region = checked(where, () =>
      claimRegion({
        claimed,
        direction: values.direction as 'equal',
        ...(tolerance !== undefined ? { tolerance } : {}),
        ...(margin !== undefined ? { margin } : {}),
      }),
    );
    const units = checked(where, () =>
      claimUnits({ claimUnit: values['claim-unit'], valuesUnit: values['values-unit'], scale: numberOption('scale', values.scale) }),
    );
    const read =
      values.column !== undefined
        ? await data.tableValues(resolve(io.cwd, file as string), file as string, values.column, values.derive ?? [], digits)
        : values.metric !== undefined
          ? await data.metricsValues(resolve(io.cwd, file as string), file as string, values.metric, values.run, step)
          : data.inlineValues(inlineNumbers(values.values as string));
    const report = checked(where, () =>
      decideClaim(
        read.seeds.map((s) => s.value * units.scale),
        region,
        { confidence, minSeeds: MIN_SEEDS, fewerSeedsBecause: values['min-seeds-reason'] },
      ),
    );
    const evidence = claimEvidence(region, units, read, report, null);
    if (values.json) io.stdout(`${JSON.stringify(evidence, null, 2)}\n`);
    else io.stdout(formatClaim(evidence, report));
    return report.decision === 'reproduced' ? EXIT.ok : report.decision === 'not-reproduced' ? EXIT.doesNotHold : EXIT.undecided;
  },
};

/** `--values 1,2.5,-3` as numbers (nan and inf allowed), or bad input naming the flag. */
function inlineNumbers(text: string): number[] {
  const words = text.split(',').map((w) => w.trim());
  return words.map((w, i) => {
    const lower = w.toLowerCase();
    if (lower === 'nan') return Number.NaN;
    if (lower === 'inf' || lower === '+inf' || lower === 'infinity') return Infinity;
    if (lower === '-inf' || lower === '-infinity') return -Infinity;
    const v = Number(w);
    if (w === '' || !Number.isFinite(v) || !/^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/.test(w))
      throw new BadInputError('--values', `value ${i + 1} "${shown(w, 40)}" is not a decimal number`);
    return v;
  });
}

/** The human report: the claim, the seeds, the interval, the tests and the decision. */
export function formatClaim(ev: Record<string, unknown>, r: ClaimReport): string {
  const claim = ev.claim as { words: string };
  const units = ev.units as { words: string; claimUnit: string | null; scale: number };
  const source = ev.source as { file: string | null; sha256: string | null; column?: string; metric?: string; step?: number | string };
  const seeds = ev.seeds as { seed: string; raw: number | string; value: number | string }[];
  const unit = units.claimUnit !== null && units.claimUnit !== '' ? ` ${units.claimUnit}` : '';
  const from =
    source.column !== undefined
      ? `column ${source.column}`
      : source.metric !== undefined
        ? `${source.metric} at step ${source.step}`
        : 'inline';
  const lines = [
    `claim       ${claim.words}${unit}`,
    `values      ${seeds.length} seeds (${from})${units.words !== '' ? `; ${units.words}` : ''}`,
  ];
  const width = Math.min(24, Math.max(...seeds.map((s) => s.seed.length)));
  for (const s of seeds) lines.push(`  ${s.seed.padEnd(width)}  ${units.scale !== 1 ? `${s.raw} -> ` : ''}${s.value}`);
  const s = r.summary;
  if (s !== null) {
    lines.push(`mean        ${g(s.mean)} (sd ${g(s.sd)}, se ${g(s.se)}, ${s.dof} dof)`);
    lines.push(`interval    ${Number((100 * s.confidence).toPrecision(6))}%: [${g(s.low)}, ${g(s.high)}] (t quantile ${g(s.quantile)})`);
    for (const t of r.tests)
      lines.push(
        `t test      against ${g(t.boundary)}: t = ${g(t.statistic)}, ${t.dof} dof, P(T >= t) = ${pv(t.pGreater)}, P(T <= t) = ${pv(t.pLess)}`,
      );
  }
  lines.push(`decision    ${(ev.decisionWords as string).toUpperCase()}: ${r.reason}`);
  if (r.deciding !== null)
    lines.push(`deciding    ${r.deciding.words}: p = ${pv(r.deciding.p)}, ${r.deciding.dof} dof, level ${pv(r.deciding.level)}`);
  if (source.file !== null) lines.push(`source      ${source.file} (sha256 ${source.sha256})`);
  return `${lines.join('\n')}\n`;
}
