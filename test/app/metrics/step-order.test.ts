// The order of a series' steps: a table of cases, then the counts checked against a direct recount.
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { describeStepOrder, stepOrder } from '../../../app/metrics/step-order';

describe('stepOrder', () => {
  it.each([
    [[], 'increasing', 0, 0],
    [[5], 'increasing', 0, 0],
    [[0, 1, 2], 'increasing', 0, 0],
    [[0, 1, 1, 2], 'non-decreasing', 1, 0],
    [[0, 1, 1, 0], 'unordered', 1, 1],
    [[3, 2, 1], 'unordered', 0, 2],
  ] as const)('%o is %s', (steps, kind, repeats, decreases) => {
    expect(stepOrder(steps)).toMatchObject({ kind, repeats, decreases });
  });

  it('the doc-comment examples', () => {
    expect(stepOrder([0, 1, 1, 0])).toEqual({
      kind: 'unordered',
      repeats: 1,
      decreases: 1,
      firstDecrease: { index: 3, step: 0, previous: 1 },
    });
    expect(describeStepOrder(stepOrder([0, 2, 1]))).toBe('steps are not monotonic: 1 decrease (first at point 3: step 1 after step 2)');
    expect(describeStepOrder(stepOrder([0, 1, 1]))).toBe('steps are non-decreasing but not strictly increasing: 1 repeated step');
    expect(describeStepOrder(stepOrder([0, 1]))).toBeNull();
  });

  it('counts agree with a recount, and sorting the steps leaves no decrease', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 40 }), (steps) => {
        const o = stepOrder(steps);
        const pairs = steps.slice(1).map((s, i) => [steps[i] as number, s] as const);
        expect(o.repeats).toBe(pairs.filter(([a, b]) => a === b).length);
        expect(o.decreases).toBe(pairs.filter(([a, b]) => b < a).length);
        expect(o.kind === 'increasing').toBe(o.repeats === 0 && o.decreases === 0);
        expect(describeStepOrder(o) === null).toBe(o.kind === 'increasing');
        if (o.firstDecrease !== null) expect(steps[o.firstDecrease.index]).toBe(o.firstDecrease.step);
        expect(stepOrder([...steps].sort((a, b) => a - b)).decreases).toBe(0);
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});
