/**
 * No hidden randomness inside the sandbox: `Math.random` is replaced, before the untrusted module is
 * evaluated, by xoshiro128** (checkers/random) reseeded from the run's seed when the run starts, and the
 * program's `api.random()` draws from the same stream. So a program that calls Math.random gives the same
 * result for the same seed, in the Node child and in the Web Worker, whatever the parallelism of a sweep.
 * Draws made while the module is first evaluated (before the seed is known) come from seed 0, also
 * deterministic. `crypto.getRandomValues` stays real randomness, for programs that ask for it by name.
 */
import { Xoshiro128 } from '../../../checkers/random/xoshiro128';

let generator = new Xoshiro128(0);

/** A uniform double in [0, 1) from the run's stream. */
export function seededRandom(): number {
  return generator.nextFloat();
}

/** Restarts the stream from `seed` (unsigned 32-bit); called by the runner as the run starts. */
export function reseedRandom(seed: number): void {
  generator = new Xoshiro128(seed >>> 0);
}

/** Replaces Math.random (called by the guards, first thing in the sandbox). */
export function installSeededMathRandom(): void {
  Object.defineProperty(Math, 'random', { value: seededRandom, writable: true, configurable: true, enumerable: false });
}
