/**
 * How the steps of a series are ordered. Trackio stores a step exactly as logged: a resumed run, a manual
 * `step=` or two writers can repeat a step or go back, so a reader must say so rather than assume a
 * monotone x axis.
 */
import type { StepOrder } from './model';

/**
 * The order of `steps`: strictly increasing, non-decreasing (some repeats), or unordered (some step below the
 * one before it), with the counts and the first decrease.
 * Example: `stepOrder([0, 1, 1, 0]).kind` is 'unordered', with repeats 1, decreases 1 and firstDecrease
 * `{ index: 3, step: 0, previous: 1 }`.
 */
export function stepOrder(steps: readonly number[]): StepOrder {
  let repeats = 0;
  let decreases = 0;
  let firstDecrease: StepOrder['firstDecrease'] = null;
  for (let i = 1; i < steps.length; i++) {
    const previous = steps[i - 1] as number;
    const step = steps[i] as number;
    if (step === previous) repeats++;
    else if (step < previous) {
      decreases++;
      firstDecrease ??= { index: i, step, previous };
    }
  }
  const kind = decreases > 0 ? 'unordered' : repeats > 0 ? 'non-decreasing' : 'increasing';
  return { kind, repeats, decreases, firstDecrease };
}

/**
 * One line saying how the steps are ordered, for a report; null when they are strictly increasing.
 * Example: `describeStepOrder(stepOrder([0, 2, 1]))` returns
 * 'steps are not monotonic: 1 decrease (first at point 3: step 1 after step 2)'.
 */
export function describeStepOrder(order: StepOrder): string | null {
  if (order.kind === 'increasing') return null;
  const repeats = order.repeats > 0 ? `${order.repeats} repeated step${order.repeats === 1 ? '' : 's'}` : '';
  if (order.kind === 'non-decreasing') return `steps are non-decreasing but not strictly increasing: ${repeats}`;
  const d = order.firstDecrease;
  const first = d !== null ? ` (first at point ${d.index + 1}: step ${d.step} after step ${d.previous})` : '';
  const decreases = `${order.decreases} decrease${order.decreases === 1 ? '' : 's'}${first}`;
  return `steps are not monotonic: ${decreases}${repeats !== '' ? `, ${repeats}` : ''}`;
}
