// What the metrics panel plots first and asks for: both runs of the kl-direction database and their loss; the keys
// of the picked runs with their non-finite counts; only series a run has.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { MetricsSourceView } from '../../../common/api/metrics';
import { firstChoice, keysOf, seriesPicks, toggled } from '../../../renderer/metrics/selection';

const key = (k: string, points: number, nan = 0, posInf = 0) => ({ key: k, points, nan, posInf, negInf: 0 });
const source: MetricsSourceView = {
  path: 'logbook/distill.db',
  format: 'trackio-sqlite',
  notes: [],
  runs: [
    { id: 'f', name: 'forward-kl', createdAt: null, lastStep: 399, rows: 400, keys: [key('eval/acc', 40), key('train/loss', 400)] },
    { id: 'r', name: 'reverse-kl', createdAt: null, lastStep: 399, rows: 400, keys: [key('train/loss', 400, 125, 125)] },
    { id: 'x', name: 'extra', createdAt: null, lastStep: 9, rows: 10, keys: [key('grad/norm', 10)] },
  ],
};

describe('metrics selection', () => {
  it('first picks the first runs and the first key naming a loss', () => {
    expect(firstChoice(source)).toEqual({ runs: ['f', 'r', 'x'], keys: ['train/loss'] });
    expect(firstChoice({ ...source, runs: [source.runs[2]!] })).toEqual({ runs: ['x'], keys: ['grad/norm'] });
    expect(firstChoice({ ...source, runs: [] })).toEqual({ runs: [], keys: [] });
  });

  it('sums points and non-finite values of a key over the runs asked for', () => {
    expect(keysOf(source)).toEqual([
      { key: 'eval/acc', points: 40, nonFinite: 0 },
      { key: 'train/loss', points: 800, nonFinite: 250 },
      { key: 'grad/norm', points: 10, nonFinite: 0 },
    ]);
    expect(keysOf(source, ['r'])).toEqual([{ key: 'train/loss', points: 400, nonFinite: 250 }]);
  });

  it('asks only for series the runs have, runs in the file order', () => {
    expect(seriesPicks(source, { runs: ['r', 'f'], keys: ['train/loss', 'eval/acc'] })).toEqual([
      { run: 'f', key: 'train/loss' },
      { run: 'f', key: 'eval/acc' },
      { run: 'r', key: 'train/loss' },
    ]);
  });

  it('toggled adds once and removes every copy', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c')), fc.constantFrom('a', 'b', 'c'), (list, item) => {
        expect(toggled(list, item, true).filter((x) => x === item).length).toBe(
          list.includes(item) ? list.filter((x) => x === item).length : 1,
        );
        expect(toggled(list, item, false)).not.toContain(item);
      }),
    );
  });
});
