// The doc comments' examples of app/metrics, run so that they cannot rot.
import { describe, it, expect } from 'vitest';
import { MetricsCollector } from '../../../app/metrics/collect';
import { jsonValue } from '../../../app/metrics/json-value';
import { KeyTally } from '../../../app/metrics/key-tally';
import { parseRunsJson } from '../../../app/metrics/runs-json';
import { seriesCsv, seriesJson, seriesLines } from '../../../app/metrics/series-text';
import { stepOrder } from '../../../app/metrics/step-order';
import type { Series } from '../../../app/metrics/model';

const header = {
  file: 'p.db',
  format: 'trackio-sqlite',
  schema: 's',
  tables: { configs: false, systemMetrics: false, alerts: false },
  alerts: [],
} as const;

function series(steps: number[], values: number[]): Series {
  return {
    runId: 'id',
    runName: 'r',
    key: 'k',
    steps,
    values,
    nonFinite: { nan: 0, posInf: 0, negInf: 0 },
    restoredFromStrings: 0,
    other: {},
    order: stepOrder(steps),
  };
}

describe('app/metrics doc-comment examples', () => {
  it('MetricsCollector and KeyTally', () => {
    const c = new MetricsCollector();
    const r = c.metricRow('id1', 'run-a', '2026-08-01T00:00:00+00:00', 0);
    c.value(r, 'loss', 'NaN', 0);
    expect(c.finish(header).runs[0]?.keys[0]?.nonFinite.nan).toBe(1);
    const t = new KeyTally('loss');
    t.add({ type: 'number', value: Number.NaN, restored: true }, 3);
    expect([t.steps, t.values]).toEqual([[3], [Number.NaN]]);
  });

  it('series-text', () => {
    expect(seriesLines(series([0, 1], [0.5, Number.NaN]))).toBe('0,0.5\n1,NaN\n');
    expect(seriesCsv(series([0, 1], [0.5, Number.POSITIVE_INFINITY]))).toBe('step,value\n0,0.5\n1,Infinity\n');
    expect(seriesJson(series([0, 1], [0.5, Number.NaN])).points).toEqual([
      [0, 0.5],
      [1, 'NaN'],
    ]);
    expect(seriesLines(series([3], [0.1 + 0.2]))).toBe('3,0.30000000000000004\n'); // shortest round-trip form
  });

  it('jsonValue and parseRunsJson', () => {
    expect(jsonValue(2n ** 60n)).toBe('1152921504606846976');
    expect(jsonValue({ a: [1n, Number.NaN] })).toEqual({ a: [1, 'NaN'] });
    expect(jsonValue(new Float64Array([1, Number.NEGATIVE_INFINITY]))).toEqual([1, '-Infinity']);
    expect(parseRunsJson('[{"id":"a","name":"r","created_at":"t","last_step":3,"log_count":4}]', 'runs.json')[0]?.logCount).toBe(4);
    expect(() => parseRunsJson('[{"id":"a","name":"r","log_count":-1}]', 'runs.json')).toThrow(
      'runs.json: /0/log_count: log_count is not a count',
    );
  });

  it('a run seen only in configs sorts by its config time; runs are ordered by creation, ties by first sight', () => {
    const c = new MetricsCollector();
    c.metricRow('b', 'second', '2026-08-01T00:00:05+00:00', 0);
    c.config('a', 'first', { createdAt: '2026-08-01T00:00:01+00:00', values: {} });
    c.metricRow('c', 'third', '2026-08-01T00:00:05+00:00', 2);
    const log = c.finish(header);
    expect(log.runs.map((r) => [r.name, r.count, r.lastStep])).toEqual([
      ['first', 0, null],
      ['second', 1, 0],
      ['third', 1, 2],
    ]);
  });
});
