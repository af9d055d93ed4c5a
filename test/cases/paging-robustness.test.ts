// The bundled case paging-robustness: the sandbox against independent oracles, the committed sweep table
// against a re-run of its first rows, and the decision computed by the case runner.
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { loadCase } from '../../app/cases/load';
import { runCase } from '../../app/checks/run-case';
import { defaultRegistry } from '../../app/cli/registry';
import { copyCase, tempDir } from '../helpers/temp-case';
import { beladyCost, followThenMark } from '../../cases/paging-robustness/sandbox/paging';
import { adversarialInput, expectedFaults } from '../../cases/paging-robustness/sandbox/adversary';
import { FULL_SWEEP, harmonic, sweepCsv } from '../../cases/paging-robustness/sandbox/sweep';
import { Xoshiro128, splitSeed } from '../../checkers/random/xoshiro128';

const CASE = resolve(import.meta.dirname, '../../cases/paging-robustness');

/** Exhaustive optimum: try every eviction choice (tiny inputs only). */
function bruteOpt(pages: number[], k: number, cache: number[], t = 0): number {
  if (t === pages.length) return 0;
  const p = pages[t]!;
  if (cache.includes(p)) return bruteOpt(pages, k, cache, t + 1);
  if (cache.length < k) return 1 + bruteOpt(pages, k, [...cache, p], t + 1);
  return 1 + Math.min(...cache.map((q) => bruteOpt(pages, k, [...cache.filter((x) => x !== q), p], t + 1)));
}

describe('paging sandbox', () => {
  it("Belady's cost equals an exhaustive search on small random inputs", () => {
    const rng = new Xoshiro128(3);
    for (let trial = 0; trial < 60; trial++) {
      const k = 2 + rng.nextInt(2);
      const pages = Array.from({ length: 9 }, () => rng.nextInt(k + 2));
      const initial = Array.from({ length: k }, (_, i) => i);
      expect(beladyCost(pages, k, initial)).toBe(bruteOpt(pages, k, initial));
    }
  });

  it('the adversary builds phases of k distinct pages, alternately 1 and 2 of them new', () => {
    const k = 8;
    const input = adversarialInput(k, 6, new Xoshiro128(1));
    const pages = input.requests.map((r) => r.page);
    let prev = new Set(input.initial);
    for (let j = 0; j < 6; j++) {
      const phase = pages.slice(j * k, (j + 1) * k);
      expect(new Set(phase).size).toBe(k);
      expect(phase.filter((p) => !prev.has(p)).length).toBe(j % 2 === 0 ? 1 : 2);
      prev = new Set(phase);
    }
  });

  it('with exact predictions follow-then-mark keeps trusting and pays no more than the adversarial run', () => {
    const k = 16;
    const input = adversarialInput(k, 20, new Xoshiro128(5));
    const pages = input.requests.map((r) => r.page);
    const exact = pages.map((page, t) => {
      let n = Number.POSITIVE_INFINITY;
      for (let u = t + 1; u < pages.length; u++) if (pages[u] === page) { n = u; break; }
      return { page, predictedNext: n };
    });
    const good = followThenMark(exact, k, input.initial, new Xoshiro128(1));
    const bad = followThenMark(input.requests, k, input.initial, new Xoshiro128(1));
    const opt = beladyCost(pages, k, input.initial);
    // Measured: exact predictions 30 faults, inverted 114, optimum 21 (20 phases).
    expect(good).toBeLessThan(bad / 3);
    expect(good).toBeLessThanOrEqual(1.5 * opt);
  });

  it('the simulated cost agrees with the hand-derived exact expectation (within 4 standard errors)', () => {
    for (const k of [3, 4, 9, 40]) {
      const input = adversarialInput(k, 12, new Xoshiro128(k));
      const runs = 300;
      let sum = 0;
      let sq = 0;
      for (let r = 0; r < runs; r++) {
        const a = followThenMark(input.requests, k, input.initial, new Xoshiro128(splitSeed(99, r)), input.initialPredicted);
        sum += a;
        sq += a * a;
      }
      const mean = sum / runs;
      const se = Math.sqrt((sq / runs - mean * mean) / (runs - 1));
      expect(Math.abs(mean - expectedFaults(k, 12))).toBeLessThanOrEqual(4 * se + 1e-9);
      // The optimum pays one fault per phase plus one on these inputs.
      expect(beladyCost(input.requests.map((q) => q.page), k, input.initial)).toBe(13);
    }
    // k = 3 by hand: phases with one new page cost H_2 + 1 = 2.5, with two 2 H_1 + 1 = 3.
    expect(expectedFaults(3, 4)).toBeCloseTo(2 * 2.5 + 2 * 3, 12);
  });

  it('harmonic numbers', () => {
    expect(harmonic(1)).toBe(1);
    expect(harmonic(4)).toBeCloseTo(25 / 12, 15);
  });
});

describe('case paging-robustness', () => {
  const committed = readFileSync(join(CASE, 'sandbox/results/sweep.csv'), 'utf8');

  it('the committed sweep table agrees with a re-run of its rows up to k = 64 (same seeded streams)', () => {
    const reduced = sweepCsv({ ...FULL_SWEEP, ks: FULL_SWEEP.ks.filter((k) => k <= 64) });
    const lines = reduced.trim().split('\n');
    expect(committed.trim().split('\n').slice(0, lines.length)).toEqual(lines);
    expect(committed.trim().split('\n')).toHaveLength(FULL_SWEEP.ks.length + 1);
  });

  it('the simulated and the exact-expectation columns agree within 4 standard errors', () => {
    for (const row of committed.trim().split('\n').slice(1)) {
      const [, , ratio, se, , ratioExact] = row.split(',').map(Number);
      expect(Math.abs(ratio! - ratioExact!)).toBeLessThanOrEqual(4 * se! + 1e-9);
    }
  });

  it("the logbook's table is what the sandbox computes with the logbook's settings", () => {
    const table = readFileSync(join(CASE, 'logbook/sweep-k16.csv'), 'utf8');
    expect(sweepCsv({ seed: 11, ks: [2, 4, 8, 16], replicates: 4, phases: 20 })).toBe(table);
    const writeup = readFileSync(join(CASE, 'logbook/writeup.md'), 'utf8');
    for (const row of table.trim().split('\n').slice(1)) {
      const [k, , ratio, , additive] = row.split(',');
      expect(writeup).toContain(`| ${k!.padEnd(2)} |`);
      expect(writeup).toContain(Number(ratio).toFixed(3));
      expect(writeup).toContain(Number(additive).toFixed(3));
    }
  });

  it('confirms the falsification: the additive term grows like ln k over the full sweep', async () => {
    const registry = defaultRegistry();
    // A copy, so that the plots the checks write do not land in the bundled case's runs/ folder.
    const dir = copyCase(CASE, tempDir(), 'paging-robustness');
    const report = await runCase(await loadCase(dir, registry), registry, { record: false });
    const f1 = report.falsifications.find((f) => f.falsificationId === 'F1');
    expect(f1?.decision).toBe('confirmed');
    expect(f1?.checks.every((c) => c.artifacts.length === 1 && c.artifacts[0]!.endsWith('growth-fit.svg'))).toBe(true);
    const full = f1?.checks.find((c) => c.checkId === 'full-sweep');
    expect(full?.outcome).toBe('supports');
    expect(full?.evidence.tableSha256).toBe(createHash('sha256').update(committed).digest('hex'));
    expect(full?.evidence.preferred).toBe('log');
    expect(full?.evidence.growthSigma as number).toBeGreaterThan(5);
    const logbook = f1?.checks.find((c) => c.checkId === 'logbook-fit');
    expect((logbook?.evidence.models as { name: string; params: { b?: number } }[])[1]?.params.b).toBeCloseTo(0.86, 2);
  });
});
