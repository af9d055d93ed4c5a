// What a rerun tolerates (docs/reports.md): runtime-dependent keys, run folders, numbers within 1e-9.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareEvidence, numbersClose, summariesAgree, withoutRunIds } from '../../../app/reports/compare';
import { chainRoot } from '../../../app/reports/manifest';
import { sha256 } from '../../../app/fs/hash';

describe('compareEvidence', () => {
  it('ignores timings, checkpoint reuse, confinement and bundle hashes, and run folders', () => {
    const a = {
      sweep: {
        wallMs: 10,
        resumedPoints: 0,
        computedPoints: 10,
        codeSha256: 'a',
        checkpoint: 'runs/2026-01-01T00-00-00-000Z-aaaaaa/sweep-1',
      },
      confined: true,
    };
    const b = {
      sweep: {
        wallMs: 99,
        resumedPoints: 10,
        computedPoints: 0,
        codeSha256: 'b',
        checkpoint: 'runs/2026-02-02T00-00-00-000Z-bbbbbb/sweep-1',
      },
      confined: false,
    };
    const c = compareEvidence(a, b);
    expect(c.problems).toEqual([]);
    expect(c.tolerated).toHaveLength(5);
  });

  it('tolerates numbers within a relative 1e-9 and names the ones beyond', () => {
    expect(compareEvidence({ b: 0.614 }, { b: 0.614 * (1 + 5e-10) }).problems).toEqual([]);
    expect(compareEvidence({ models: [{ b: 0.614 }] }, { models: [{ b: 0.615 }] }).problems).toEqual([
      '/models/0/b: 0.614 recorded, 0.615 now',
    ]);
    expect(compareEvidence({ holds: true }, { holds: false }).problems).toEqual(['/holds: true recorded, false now']);
    expect(compareEvidence({ x: '0.66306984187130660011' }, { x: '0.66306984187130660012' }).problems).toHaveLength(1);
    expect(compareEvidence({ a: 1 }, { a: 1, extra: 2 }).problems).toEqual(['/extra: absent in the record, 2 now']);
  });

  it('numbersClose is symmetric and accepts every number against itself (fast-check)', () => {
    fc.assert(
      fc.property(fc.double(), fc.double(), (x, y) => {
        expect(numbersClose(x, x)).toBe(true);
        expect(numbersClose(x, y)).toBe(numbersClose(y, x));
      }),
    );
  });
});

describe('summaries and run folders', () => {
  it('agree with the same words and numbers within 1e-2', () => {
    expect(summariesAgree('b = 0.614 ± 0.0341 up to k = 1024', 'b = 0.6141 ± 0.0341 up to k = 1024')).toBe(true);
    expect(summariesAgree('b = 0.614 up to k = 1024', 'b = 0.714 up to k = 1024')).toBe(false);
    expect(summariesAgree('the claim holds', 'the claim fails')).toBe(false);
    expect(withoutRunIds('table runs/2026-11-30T19-05-06-299Z-a5b49d/F1-x/sweep.csv')).toBe('table runs/<run>/F1-x/sweep.csv');
  });
});

describe('the hash chain', () => {
  it('changes with any byte, any path, the order of files or a file more', () => {
    const files = [
      { path: 'a.txt', sha256: sha256('a'), bytes: 1 },
      { path: 'b.txt', sha256: sha256('b'), bytes: 1 },
    ];
    const root = chainRoot('r', files);
    expect(chainRoot('r', [...files].reverse())).toBe(root); // sorted by path first
    expect(chainRoot('r', [files[0]!, { ...files[1]!, sha256: sha256('c') }])).not.toBe(root);
    expect(chainRoot('r', [files[0]!, { ...files[1]!, path: 'c.txt' }])).not.toBe(root);
    expect(chainRoot('r', [...files, { path: 'd', sha256: sha256(''), bytes: 0 }])).not.toBe(root);
    expect(chainRoot('other', files)).not.toBe(root);
  });
});
