// metrics-series through a case: `recheck validate` and `recheck run` refuse params outside the schema with one
// line and exit 2; an unknown run or metric, a file that is not a database, a path out of the case and params the
// chosen `expect` does not read are one line naming the file; through `recheck run` the finding of issue 20 is
// supported by the logbook's own metrics and, as the gates say, not decided on them alone.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { metricsSeriesKind, type MetricsSeriesParams } from '../../../../app/checks/kinds/metrics-series';
import { builtinCheckKinds } from '../../../../app/checks/kinds';
import { createCheckRegistry } from '../../../../app/checks/registry';
import { makeTestContext } from '../../../helpers/check-context';
import { cli } from '../../../helpers/cli';
import { tempDir, writeMinimalCase } from '../../../helpers/temp-case';
import { writeKlDatabase } from './metrics-series-fixture';

const finding: MetricsSeriesParams = {
  database: 'logbook/trackio.db',
  run: 'reverse-kl',
  metric: 'train/loss',
  expect: 'non-finite',
  onsetStep: 150,
  pattern: 'alternation',
  evalMetric: 'eval/ppl',
  compareRun: 'forward-kl',
};

function caseJson(id: string, params: unknown) {
  return {
    format: 'recheck.case/1',
    id,
    title: 'Reverse KL diverges',
    paper: { title: 'A paper', venueId: 'openreview:example-kl', claims: [{ id: 'C1', text: 'Reverse-KL distillation trains stably.' }] },
    logbooks: [{ id: 'L1', path: 'logbook', format: 'plain', title: 'A logbook' }],
    falsifications: [
      {
        id: 'F1',
        claim: 'C1',
        logbook: 'L1',
        assertion: 'Reverse KL diverges (+Inf/NaN alternation) from step 150 while eval perplexity stays finite.',
        checks: [{ id: 'loss-series', kind: 'metrics-series', title: 'The recorded reverse-KL loss', params }],
      },
    ],
  };
}

describe('metrics-series: params the schema refuses', () => {
  const registry = createCheckRegistry(builtinCheckKinds);
  it('the example is valid', () => {
    expect(registry.validateParams('metrics-series', metricsSeriesKind.example)).toBeNull();
  });
  it.each([
    ['no expect', { ...finding, expect: undefined }],
    ['expect maybe', { ...finding, expect: 'maybe' }],
    ['no metric', { ...finding, metric: undefined }],
    ['empty run', { ...finding, run: '' }],
    ['level above 0.5', { ...finding, expect: 'diverges', level: 0.7 }],
    ['minPoints 2', { ...finding, minPoints: 2 }],
    ['onsetStep 1.5', { ...finding, onsetStep: 1.5 }],
    ['unknown pattern', { ...finding, pattern: 'zigzag' }],
    ['unknown param', { ...finding, tail: 2 }],
    ['unknown window field', { ...finding, expect: 'diverges', window: { from: 1 } }],
  ])('%s: a validation error', (_name, params) => {
    expect(registry.validateParams('metrics-series', JSON.parse(JSON.stringify(params)))).not.toBeNull();
  });
});

describe('metrics-series: bad input is one line naming the file', () => {
  const dir = tempDir();
  const ctx = makeTestContext(dir);
  beforeAll(() => {
    writeKlDatabase(dir);
    writeFileSync(join(dir, 'logbook', 'notes.txt'), 'not a database\n');
  });
  it.each([
    [
      'an unknown run',
      { run: 'nope' },
      /^logbook\/trackio\.db: no run "nope"; runs: forward-kl, reverse-kl, stationary, rising, short, constant, reverse-eval-nan$/,
    ],
    [
      'an unknown metric',
      { metric: 'train/acc' },
      /^logbook\/trackio\.db: run "reverse-kl" has no metric "train\/acc"; metrics: train\/loss, eval\/ppl$/,
    ],
    ['an unknown eval metric', { evalMetric: 'eval/acc' }, /^logbook\/trackio\.db: run "reverse-kl" has no metric "eval\/acc"/],
    ['an unknown compared run', { compareRun: 'nope' }, /^logbook\/trackio\.db: no run "nope"/],
    [
      'a file that is not a database',
      { database: 'logbook/notes.txt' },
      /^logbook\/notes\.txt: is neither a SQLite database nor a Parquet file; expected a Trackio <project>\.db or metrics\.parquet$/,
    ],
    ['a missing file', { database: 'logbook/none.db' }, /none\.db/],
    ['a path out of the case', { database: '../outside.db' }, /outside\.db/],
    [
      'eval with diverges',
      { expect: 'diverges' },
      /case\.json: check check: "onsetStep", "pattern", "evalMetric", "compareRun" are not read with expect "diverges"$/,
    ],
    ['a window with non-finite', { window: { fromStep: 1 } }, /: "window" is not read with expect "non-finite"$/],
  ])('%s', async (_name, change, message) => {
    const err = await metricsSeriesKind.run({ ...finding, ...change } as MetricsSeriesParams, ctx).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
  });
  it('a window that ends before it starts', async () => {
    await expect(
      metricsSeriesKind.run(
        {
          ...finding,
          expect: 'stays-finite',
          onsetStep: undefined,
          pattern: undefined,
          evalMetric: undefined,
          compareRun: undefined,
          window: { fromStep: 9, toStep: 3 },
        },
        ctx,
      ),
    ).rejects.toThrow(/window: fromStep 9 is after toStep 3$/);
  });
});

describe('metrics-series through the CLI', () => {
  const ws = tempDir();
  beforeAll(() => {
    for (const [id, params] of [
      ['kl', finding],
      ['bad-schema', { ...finding, expect: 'explodes' }],
      ['bad-run', { ...finding, run: 'nope' }],
    ] as const) {
      const dir = writeMinimalCase(ws, id, caseJson(id, params));
      writeKlDatabase(dir);
    }
  });

  it('recheck validate and recheck run: a param outside the schema is exit 2, one line naming case.json and the param', async () => {
    for (const command of ['validate', 'run']) {
      const r = await cli([command, 'bad-schema', '--no-record'].slice(0, command === 'run' ? 3 : 2), ws);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^recheck: .*bad-schema\/case\.json: \/falsifications\/0\/checks\/0\/params\/expect: .*\n$/);
    }
  });

  it('recheck run: the finding is supported by the logbook-only check, and the gate leaves it undecided', async () => {
    const r = await cli(['run', 'kl', '--json', '--no-record'], ws);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      falsifications: {
        decision: string;
        reason: string;
        gate: { passed: boolean };
        checks: { outcome: string; guarantee: unknown; basis: string }[];
      }[];
    };
    const f = report.falsifications[0]!;
    expect(f.checks[0]).toMatchObject({ outcome: 'supports', guarantee: { kind: 'exact' }, basis: 'logbook' });
    expect(f.decision).toBe('inconclusive');
    expect(f.reason).toMatch(/^supported, not decided: misses the gate/);
    expect(f.gate.passed).toBe(false);
  });

  it('recheck run: an unknown run fails that check with the one line naming the database (bad input: the run exits 2, inconclusive)', async () => {
    const r = await cli(['run', 'bad-run', '--json', '--no-record'], ws);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/case\.json: check loss-series \(F1, metrics-series\): bad input: logbook\/trackio\.db: no run "nope"/);
    const f = (JSON.parse(r.stdout) as { falsifications: { decision: string; checks: { outcome: string; summary: string }[] }[] })
      .falsifications[0]!;
    expect(f.checks[0]!.outcome).toBe('error');
    expect(f.checks[0]!.summary).toMatch(/^logbook\/trackio\.db: no run "nope"; runs: forward-kl, /);
    expect(f.decision).toBe('inconclusive');
  });
});
