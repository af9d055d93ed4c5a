/**
 * Sandbox driver of `audit divergence`: calls the untrusted loss `(p, q) => number` on each probe pair (fresh
 * copies, so the module cannot alter later probes) and returns the outputs; a non-finite or non-number output
 * is returned as a string describing it.
 */
import type { Driver } from '../inside/run-core';

export const drive: Driver = async (user, input, api) => {
  const loss = user.default;
  if (typeof loss !== 'function') throw new TypeError('the module has no default export `(p, q) => number`');
  const { probes } = input as { probes: { p: number[]; q: number[] }[] };
  const outputs: (number | string)[] = [];
  for (let i = 0; i < probes.length; i++) {
    const probe = probes[i] as { p: number[]; q: number[] };
    const y = (await (loss as (p: number[], q: number[]) => unknown)(probe.p.slice(), probe.q.slice())) as unknown;
    outputs.push(typeof y === 'number' && Number.isFinite(y) ? y : typeof y === 'number' ? String(y) : `not a number (${typeof y})`);
    api.progress(i + 1, probes.length);
  }
  return outputs;
};
