// Benchmark: verifying an fw-attention certificate whose first exit is at step 3000 (c = 824, found by the
// case's own search). First row: the enclosure stepper (what `recheck verify` runs by default: float64
// enclosures of the state, exact rationals only for the steps they cannot decide) against gmpy2 running the
// unfiltered exact algorithm (goal: at least 50x). Then, in the same run and as ratios, our filtered exact run against:
//  - the same representation without the filter (every sign by BigInt), in JS;
//  - the same unfiltered algorithm in CPython ints and in gmpy2 (bench/reference/fw_attention_exact.py,
//    run with /usr/bin/python3; each at its better reduction period of K = 16 and K = 64, and never reduced);
//  - a per-coordinate fraction.js loop (gcd on every operation) on shorter horizons, with the ratio at the
//    same horizon measured and the 3000-step ratio extrapolated (stated as such).
// Times are CPU seconds (process.cpuUsage / time.process_time) of the stepping loop only. Every variant
// must give the identical first exit step and the identical final state hash, or the bench fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Fraction from 'fraction.js';
import { FwAttentionExact } from '../../checkers/dynamics/fw-attention';
import { FwAttentionEnclosure, type FwEnclosureOptions, type FwEnclosureStats } from '../../checkers/dynamics/fw-attention-enclosure';
import type { FwStepper } from '../../checkers/dynamics/fw-attention-stepper';
import { RationalMatrix } from '../../checkers/exact/rational-matrix';
import { parseFwCertificate } from '../../checkers/certificates/certificate';
import { isSmoke, record } from '../report';

export const name = 'fw-attention';

const ROOT = resolve(import.meta.dirname, '../..');
const CERT = join(ROOT, 'cases/fw-attention-collapse/sandbox/certificates/example-c824.json');
const PY = '/usr/bin/python3';
const REF = join(ROOT, 'bench/reference/fw_attention_exact.py');
const HASH_P = (1n << 61n) - 1n;

interface Timed {
  exit: number | null;
  cpu: number;
  hash?: string;
  enclosure?: FwEnclosureStats;
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

/** Same hash as the Python reference: fold of [den, ...nums] of the reduced final state modulo 2^61 - 1. */
function stateHash(run: FwStepper): string {
  const m = run.positions();
  let h = 0n;
  for (const v of [m.den, ...m.nums]) h = (h * 1000003n + (((v % HASH_P) + HASH_P) % HASH_P)) % HASH_P;
  return h.toString();
}

function runJs(points: RationalMatrix, c: number, horizon: number, filter: boolean, reduceEvery: number): Timed {
  const start = cpuSeconds();
  const run = new FwAttentionExact(points, c, { filter, reduceEvery });
  let exit: number | null = run.originInHull() ? null : 0;
  while (exit === null && run.t < horizon) {
    run.step();
    if (!run.originInHull()) exit = run.t;
  }
  const cpu = cpuSeconds() - start;
  return { exit, cpu, hash: stateHash(run) };
}

/** The enclosure stepper; the final exact state (for the hash) is replayed after the clock stops. */
function runEnclosure(points: RationalMatrix, c: number, horizon: number, options: FwEnclosureOptions = {}): Timed {
  const start = cpuSeconds();
  const run = new FwAttentionEnclosure(points, c, options);
  let exit: number | null = run.originInHull() ? null : 0;
  while (exit === null && run.t < horizon) {
    run.step();
    if (!run.originInHull()) exit = run.t;
  }
  const cpu = cpuSeconds() - start;
  const enclosure = run.enclosureStats(); // before the replay for the hash
  return { exit, cpu, enclosure, hash: stateHash(run) };
}

function median(runs: Timed[]): Timed {
  return [...runs].sort((a, b) => a.cpu - b.cpu)[runs.length >> 1]!;
}

function runPython(backend: 'int' | 'gmpy2', horizon: number, K: number): Timed {
  const r = spawnSync(PY, [REF, backend, CERT, String(horizon), String(K)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${backend} reference failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { firstExitStep: number | null; cpuSeconds: number; stateHash: string };
  return { exit: out.firstExitStep, cpu: out.cpuSeconds, hash: out.stateHash };
}

/** The dynamic per coordinate with fraction.js (a gcd on every operation), first exit by brute-force 2-D hull. */
function runFraction(points: string[][], c: number, horizon: number): Timed {
  const start = cpuSeconds();
  let x = points.map((p) => p.map((v) => new Fraction(v)));
  const dot = (a: Fraction[], b: Fraction[]) => a[0]!.mul(b[0]!).add(a[1]!.mul(b[1]!));
  const cross = (a: Fraction[], b: Fraction[]) => a[0]!.mul(b[1]!).sub(a[1]!.mul(b[0]!));
  const inside = (x: Fraction[][]): boolean => {
    for (const p of x) if (p.every((v) => v.equals(0))) return true;
    for (let k = 0; k < x.length; k++) {
      let ok = true;
      for (let i = 0; i < x.length && ok; i++) {
        if (i === k) continue;
        const o = cross(x[k]!, x[i]!).compare(0);
        if (o < 0 || (o === 0 && dot(x[k]!, x[i]!).compare(0) <= 0)) ok = false;
      }
      if (ok) return false;
    }
    return true;
  };
  let exit: number | null = inside(x) ? null : 0;
  for (let t = 1; exit === null && t <= horizon; t++) {
    const g = new Fraction(2, t + c);
    const keep = new Fraction(1).sub(g);
    const jStar = x.map((xi) => {
      let best = 0;
      for (let j = 1; j < x.length; j++) if (dot(xi, x[j]!).compare(dot(xi, x[best]!)) < 0) best = j;
      return best;
    });
    x = x.map((xi, i) => xi.map((v, k) => keep.mul(v).add(g.mul(x[jStar[i]!]![k]!))));
    if (!inside(x)) exit = t;
  }
  return { exit, cpu: cpuSeconds() - start };
}

function best(...runs: Timed[]): Timed {
  return runs.reduce((a, b) => (b.cpu < a.cpu ? b : a));
}

function same(label: string, a: Timed, b: Timed): void {
  if (a.exit !== b.exit || (a.hash !== undefined && b.hash !== undefined && a.hash !== b.hash)) {
    throw new Error(`results differ: ${label}: exit ${a.exit} vs ${b.exit}, hash ${a.hash} vs ${b.hash}`);
  }
}

const fmt = (s: number) => (s < 1 ? `${(s * 1000).toFixed(1)} ms` : `${s.toFixed(2)} s`);
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}x`;

export async function run(args: string[] = []): Promise<void> {
  // Smoke: one run of each variant, no never-reduced references, fraction.js at 60 and 120 steps.
  const smoke = isSmoke(args);
  const n = (full: number) => (smoke ? 1 : full);
  const cert = parseFwCertificate(readFileSync(CERT, 'utf8'), true);
  const points = RationalMatrix.from(cert.points);
  const horizon = cert.claim!.step;
  const c = cert.c;
  process.stdout.write(
    `workload: ${CERT.slice(ROOT.length + 1)} (c = ${c}, ${cert.points.length} particles, first exit claimed at step ${horizon})\n`,
  );

  runJs(points, c, 300, true, 64); // warm-up (JIT)
  for (let i = 0; i < n(5); i++) runEnclosure(points, c, horizon); // warm-up (JIT)
  const enclosureRuns = Array.from({ length: n(11) }, () => runEnclosure(points, c, horizon));
  const enclosure = best(...enclosureRuns);
  const enclosureMedian = median(enclosureRuns);
  // Measured alternative: re-seed from the exact state whenever radii pass 1e-13 of the largest coordinate.
  const reseeding = best(...Array.from({ length: n(2) }, () => runEnclosure(points, c, horizon, { maxRelativeWidth: 1e-13 })));
  const filtered = best(...Array.from({ length: n(3) }, () => runJs(points, c, horizon, true, 64)));
  const unfiltered = smoke
    ? runJs(points, c, horizon, false, 64)
    : best(runJs(points, c, horizon, false, 16), runJs(points, c, horizon, false, 64));
  const cpython = smoke ? runPython('int', horizon, 64) : best(runPython('int', horizon, 16), runPython('int', horizon, 64));
  const gmpy2 = smoke ? runPython('gmpy2', horizon, 64) : best(runPython('gmpy2', horizon, 16), runPython('gmpy2', horizon, 64));
  // The same algorithm without lazy reduction (K = 0): the numbers grow about log2(t + c) bits per step.
  const cpythonNoReduce = smoke ? cpython : runPython('int', horizon, 0);
  const gmpy2NoReduce = smoke ? gmpy2 : runPython('gmpy2', horizon, 0);
  for (const [label, r] of [
    ['JS enclosure', enclosure],
    ['JS enclosure, re-seeding', reseeding],
    ['JS unfiltered', unfiltered],
    ['CPython', cpython],
    ['gmpy2', gmpy2],
    ['CPython K=0', cpythonNoReduce],
    ['gmpy2 K=0', gmpy2NoReduce],
  ] as const)
    same(label, filtered, r);
  if (filtered.exit !== horizon) throw new Error(`first exit ${filtered.exit}, certificate claims ${horizon}`);

  // fraction.js per coordinate: two short horizons, ratio against our filtered run at the same horizons.
  const rows = cert.points.map((p) => p.map(String));
  const shortH = smoke ? [60, 120] : [150, 300];
  const frac = shortH.map((h) => runFraction(rows, c, h));
  const ours = shortH.map((h) => best(runJs(points, c, h, true, 64), runJs(points, c, h, true, 64)));
  // Power law through the two points, T(h) ~ h^a, extrapolated to the full horizon (an estimate).
  const a = Math.log(frac[1]!.cpu / frac[0]!.cpu) / Math.log(shortH[1]! / shortH[0]!);
  const fracExtrapolated = frac[1]!.cpu * (horizon / shortH[1]!) ** a;

  const es = enclosure.enclosure!;
  const rs = reseeding.enclosure!;
  const lines = [
    `identical results: first exit ${filtered.exit}, state hash ${filtered.hash} (every variant below; the enclosure's final exact state replayed after timing)`,
    `JS enclosure stepper (verify's default)      ${fmt(enclosure.cpu)} best of 11, ${fmt(enclosureMedian.cpu)} median   vs gmpy2 unfiltered (${fmt(gmpy2.cpu)}): ours is ${ratio(gmpy2.cpu, enclosure.cpu)} faster (median ${ratio(gmpy2.cpu, enclosureMedian.cpu)}; goal >= 50x)`,
    `  ${es.exactSteps} of ${es.states} steps needed the exact path (ties ${es.reasons.tie}, degenerate hulls ${es.reasons.degenerateHull}, width ${es.reasons.width}); largest radius ${es.maxRelativeWidth.toExponential(1)} of the largest coordinate; ${es.signs.filtered} signs from the enclosure`,
    `  re-seeding at radius > 1e-13 (measured alternative): ${fmt(reseeding.cpu)}, ${rs.reseeds} re-seeds replaying ${rs.replayedSteps} exact steps: ${ratio(reseeding.cpu, enclosure.cpu)} slower, so re-seeding happens only after a fallback`,
    `  vs our filtered exact run: ${ratio(filtered.cpu, enclosure.cpu)} faster; vs CPython unfiltered: ${ratio(cpython.cpu, enclosure.cpu)} faster`,
    `JS exact, filtered (ours, K = 64)           ${fmt(filtered.cpu)}`,
    `JS exact, unfiltered (best of K = 16, 64)   ${fmt(unfiltered.cpu)}   ${ratio(unfiltered.cpu, filtered.cpu)} slower than ours`,
    `CPython int, unfiltered (best of K 16, 64)  ${fmt(cpython.cpu)}   ours is ${ratio(cpython.cpu, filtered.cpu)} faster`,
    `gmpy2 mpz, unfiltered (best of K 16, 64)    ${fmt(gmpy2.cpu)}   ours is ${ratio(gmpy2.cpu, filtered.cpu)} faster`,
    `CPython int, never reduced (K = 0)          ${fmt(cpythonNoReduce.cpu)}   ours is ${ratio(cpythonNoReduce.cpu, filtered.cpu)} faster`,
    `gmpy2 mpz, never reduced (K = 0)            ${fmt(gmpy2NoReduce.cpu)}   ours is ${ratio(gmpy2NoReduce.cpu, filtered.cpu)} faster`,
    ...shortH.map(
      (h, i) =>
        `fraction.js per coordinate, ${h} steps      ${fmt(frac[i]!.cpu)}   ours ${fmt(ours[i]!.cpu)}: ${ratio(frac[i]!.cpu, ours[i]!.cpu)} (measured)`,
    ),
    `fraction.js extrapolated to ${horizon} steps (T ~ h^${a.toFixed(2)}): ~${fmt(fracExtrapolated)}, ~${ratio(fracExtrapolated, filtered.cpu)} slower than ours (estimate)`,
    `CPU seconds of the stepping loop; load average at the time: ${(await import('node:os')).loadavg()[0]!.toFixed(1)}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const w = `fw-attention certificate, first exit at step ${horizon} (c = ${c})`;
  record({
    bench: name,
    workload: `${w}, as \`recheck verify\` decides it (float64 enclosure of the state, high-precision balls and exact rationals only for the steps it cannot decide: ${es.exactSteps} of ${es.states} here; same exit and final state)`,
    ours: `${fmt(enclosure.cpu)} (best of ${enclosureRuns.length}; median ${fmt(enclosureMedian.cpu)})`,
    reference: `gmpy2, unfiltered exact algorithm: ${fmt(gmpy2.cpu)}`,
    ratio: `${ratio(gmpy2.cpu, enclosure.cpu)} faster (median ${ratio(gmpy2.cpu, enclosureMedian.cpu)}; goal 50x)`,
  });
  record({
    bench: name,
    workload: 'same, exact state carried every step (filtered predicates, shared denominator reduced every 64 steps)',
    ours: fmt(filtered.cpu),
    reference: `CPython ints, same algorithm unfiltered: ${fmt(cpython.cpu)}`,
    ratio: `${ratio(cpython.cpu, filtered.cpu)} faster (goal 20x)`,
  });
  record({
    bench: name,
    workload: 'same',
    ours: '',
    reference: `gmpy2, unfiltered: ${fmt(gmpy2.cpu)}`,
    ratio: `${ratio(gmpy2.cpu, filtered.cpu)} faster`,
  });
  record({
    bench: name,
    workload: 'same',
    ours: '',
    reference: `fraction.js per coordinate: measured ${ratio(frac[1]!.cpu, ours[1]!.cpu)} slower at ${shortH[1]} steps`,
    ratio: `~${ratio(fracExtrapolated, filtered.cpu)} (extrapolated to ${horizon})`,
  });
  if (smoke) return;
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/fw-attention.json'),
    `${JSON.stringify({ certificate: CERT.slice(ROOT.length + 1), horizon, enclosure, enclosureMedian, reseeding, filtered, unfiltered, cpython, gmpy2, cpythonNoReduce, gmpy2NoReduce, fraction: shortH.map((h, i) => ({ horizon: h, fraction: frac[i], ours: ours[i] })), fracExtrapolated }, null, 2)}\n`,
  );
}
