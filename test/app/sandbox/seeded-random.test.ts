// No hidden randomness in the sandbox: Math.random and api.random draw from xoshiro128** seeded with the run's
// seed (draws at module evaluation, before the seed is known, from seed 0), in the Node child and in the Web
// Worker bundle alike. The oracle is checkers' Xoshiro128 run here, outside the sandbox.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';
import { bundleSource } from '../../../app/sandbox/bundle';
import { runWorkerBundle } from '../../helpers/worker-shim';
import { nodeChildRunner } from '../../../app/sandbox/runner';
import { confinementOrSkip } from './harness';

const c = await confinementOrSkip();
const dir = mkdtempSync(join(tmpdir(), 'recheck-seeded-'));
const modulePath = join(dir, 'draws.ts');
writeFileSync(
  modulePath,
  `const atLoad = Math.random();
export default (_input: unknown, api: { random(): number }) => ({ atLoad, math: [Math.random(), Math.random(), Math.random()], api: [api.random(), api.random()] });`,
);

/** What the program must return for `seed`: its stream's first five floats, and seed 0's first at load. */
function expected(seed: number) {
  const run = new Xoshiro128(seed);
  const f = Array.from({ length: 5 }, () => run.nextFloat());
  return { atLoad: new Xoshiro128(0).nextFloat(), math: f.slice(0, 3), api: f.slice(3) };
}

describe.skipIf(c === null)('seeded randomness in the Node child', () => {
  it('the same seed gives the same draws, another seed others; both equal the reference stream', async () => {
    const runner = nodeChildRunner(c!);
    const program = await runner.prepare({ modulePath });
    try {
      const value = async (seed: number) => {
        const r = await runner.run(program, { input: null, seed, limits: { timeoutMs: 20_000 } });
        if (r.outcome !== 'ok') throw new Error(`${r.outcome}: ${r.message}`);
        return r.value;
      };
      const [a, b, other] = [await value(5), await value(5), await value(6)];
      expect(a).toEqual(expected(5));
      expect(b).toEqual(a);
      expect(other).toEqual(expected(6));
      expect(other).not.toEqual(a);
    } finally {
      await program.dispose();
    }
  });
});

describe('seeded randomness in the Web Worker bundle', () => {
  it('draws the same stream as the Node child for the same seed', async () => {
    const { code } = await bundleSource({ modulePath, target: 'worker' });
    const result = runWorkerBundle(code, null, 5).find((m) => m.type === 'result');
    expect(result).toEqual({ type: 'result', value: expected(5) });
  });
});
