/**
 * Benchmark: a 1000-term KL divergence sum p ln(p/q) at 200 significant digits, in one command:
 *   ours (MPFR through gmp-wasm, checkers/precise/divergence.ts), ours rigorous (interval enclosure,
 *   checkers/interval/divergence.ts), decimal.js (its own ln), and mpmath with the gmpy2 backend
 *   (bench/reference/kl_mpmath.py, timed inside Python, reporting its own time).
 * Reports ratios, never absolute pass/fail. Each side parses the same decimal strings inside the timed region.
 * Run alone: `node bin/run-ts.mjs bench/precise/kl.bench.ts`, or through `npm run bench` (bench/index.ts calls `run`).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Decimal from 'decimal.js';
import { Xoshiro128 } from '../../checkers/random/xoshiro128';
import { loadMpfr } from '../../checkers/precise/mpfr';
import { createPrecise } from '../../checkers/precise/precise';
import { klDivergence } from '../../checkers/precise/divergence';
import { digitsAgreed } from '../../checkers/precise/escalate';
import { withIntervals } from '../../checkers/interval/arena';
import { klEnclosure } from '../../checkers/interval/divergence';
import { fmtSeconds, isSmoke, record } from '../report';

const PYTHON = '/usr/bin/python3';
const SCRIPT = fileURLToPath(new URL('../reference/kl_mpmath.py', import.meta.url));

/** One benchmark report: printable lines plus the ratios (reference time / our time, > 1 means we are faster). */
export interface BenchReport {
  readonly name: string;
  readonly lines: string[];
  readonly ratios: Record<string, number>;
  /** CPU seconds (medians): ours, mpmath (absent when skipped), decimal.js (one run). */
  readonly seconds: { readonly ours: number; readonly mpmath?: number; readonly decimalJs: number };
  readonly terms: number;
  readonly digits: number;
}

export interface PreciseKlOptions {
  readonly terms?: number;
  readonly digits?: number;
  readonly repeats?: number;
  readonly rounds?: number;
  readonly seed?: number;
}

/**
 * Runs the benchmark and returns its report (also printed when run alone). The machine is shared, so both
 * sides measure CPU time of their own process (Node process.cpuUsage, Python time.process_time), and ours
 * and mpmath run in interleaved rounds (ours x repeats, then mpmath x repeats, `rounds` times); the median
 * and the minimum over all runs are reported.
 */
export async function runPreciseKlBench(options: PreciseKlOptions = {}): Promise<BenchReport> {
  const terms = options.terms ?? 1000;
  const digits = options.digits ?? 200;
  const repeats = options.repeats ?? 3;
  const rounds = options.rounds ?? 5;
  const { p, q } = distributions(terms, options.seed ?? 20261129);
  const mpfr = await loadMpfr();
  const P = createPrecise({ digits, mpfr });

  const ourTimes: number[] = [];
  const mpmathTimes: number[] = [];
  let ours = klDivergence(P, p, q);
  timeRuns(() => klDivergence(P, p, q), 3); // warm up the wasm tiers
  let mpmath: MpmathResult = { skipped: 'not run' };
  for (let round = 0; round < rounds; round++) {
    const run = timeRuns(() => klDivergence(P, p, q), repeats);
    ours = run.value;
    ourTimes.push(...run.seconds);
    mpmath = runMpmath(p, q, digits, repeats, round === 0 ? digits + 60 : undefined, mpmath);
    if ('skipped' in mpmath) break;
    mpmathTimes.push(...mpmath.seconds);
  }
  const rigorous = timeRuns(() => withIntervals(mpfr, { digits }, (I) => I.format(klEnclosure(I, p, q), digits + 5)), repeats);
  const D = Decimal.clone({ precision: digits });
  const decimalJs = timeRuns(() => decimalKl(D, p, q), 1);

  const lines = [
    `KL sum, ${terms} terms at ${digits} digits; CPU time, median and min of ${ourTimes.length} runs (decimal.js: 1 run)`,
    `  ours, MPFR (gmp-wasm)        ${ms(median(ourTimes))} ${ms(Math.min(...ourTimes))}`,
    `  ours, rigorous enclosure     ${ms(median(rigorous.seconds))} ${ms(Math.min(...rigorous.seconds))}   width ${enclosureWidth(rigorous.value)}`,
    `  decimal.js                   ${ms(decimalJs.seconds[0] ?? 0)}   agrees with ours on ${digitsAgreed(decimalJs.value, ours, digits)} digits`,
  ];
  const ratios: Record<string, number> = {
    'decimal.js / ours (median)': (decimalJs.seconds[0] ?? 0) / median(ourTimes),
    'ours rigorous / ours (median)': median(rigorous.seconds) / median(ourTimes),
  };
  if ('skipped' in mpmath) {
    lines.push(`  mpmath + gmpy2               skipped: ${mpmath.skipped}`);
  } else {
    const agreed = digitsAgreed(ours, new P.Decimal(mpmath.value), digits);
    const check = new Decimal(mpmath.checkValue ?? mpmath.value);
    const inside = new Decimal(rigorous.value.lo).lte(check) && check.lte(rigorous.value.hi);
    lines.push(
      `  mpmath ${mpmath.version} (${mpmath.backend})      ${ms(median(mpmathTimes))} ${ms(Math.min(...mpmathTimes))}   agrees with ours on ${agreed} digits`,
      `  mpmath at ${digits + 60} digits lies inside our rigorous enclosure: ${inside}`,
    );
    ratios['ours / mpmath, median (goal <= 2)'] = median(ourTimes) / median(mpmathTimes);
    ratios['ours / mpmath, min (goal <= 2)'] = Math.min(...ourTimes) / Math.min(...mpmathTimes);
    ratios['ours rigorous / mpmath (median)'] = median(rigorous.seconds) / median(mpmathTimes);
  }
  for (const [k, v] of Object.entries(ratios)) lines.push(`  ratio ${k}: ${v.toFixed(2)}`);
  const seconds = {
    ours: median(ourTimes),
    decimalJs: decimalJs.seconds[0] ?? 0,
    ...('skipped' in mpmath ? {} : { mpmath: median(mpmathTimes) }),
  };
  return { name: 'precise: KL sum at high precision', lines, ratios, seconds, terms, digits };
}

/** Probability vectors with 40-significant-digit decimal entries, normalised up to rounding. */
function distributions(n: number, seed: number): { p: string[]; q: string[] } {
  const rng = new Xoshiro128(seed);
  const D40 = Decimal.clone({ precision: 40 });
  const draw = () => {
    const w = Array.from({ length: n }, () => new D40(rng.nextUint32() + 1));
    const total = w.reduce((s, x) => s.plus(x), new D40(0));
    return w.map((x) => x.div(total).toString());
  };
  return { p: draw(), q: draw() };
}

function decimalKl(D: Decimal.Constructor, p: string[], q: string[]): Decimal {
  let total = new D(0);
  p.forEach((pi, i) => {
    const x = new D(pi);
    total = total.plus(x.times(x.div(new D(q[i] as string)).ln()));
  });
  return total;
}

function timeRuns<T>(fn: () => T, repeats: number): { seconds: number[]; value: T } {
  const seconds: number[] = [];
  let value: T | undefined;
  for (let i = 0; i < repeats; i++) {
    const start = process.cpuUsage();
    value = fn();
    const used = process.cpuUsage(start);
    seconds.push((used.user + used.system) / 1e6);
  }
  if (value === undefined) throw new Error('timeRuns needs at least one repeat');
  return { seconds, value };
}

function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

type MpmathResult = { value: string; checkValue?: string; seconds: number[]; backend: string; version: string } | { skipped: string };

/** One round of the Python reference; keeps the check value of an earlier round. */
function runMpmath(
  p: string[],
  q: string[],
  digits: number,
  repeats: number,
  checkDigits: number | undefined,
  previous: MpmathResult,
): MpmathResult {
  const job = JSON.stringify({ digits, repeats, p, q, ...(checkDigits ? { check_digits: checkDigits } : {}) });
  const run = spawnSync(PYTHON, [SCRIPT], { input: job, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.error) return { skipped: `${PYTHON} not runnable (${run.error.message})` };
  if (run.status !== 0) return { skipped: `${PYTHON} lacks mpmath? ${run.stderr.trim().split('\n').pop() ?? ''}` };
  const out = JSON.parse(run.stdout) as {
    value: string;
    seconds: number[];
    backend: string;
    mpmath: string;
    check_value?: string;
  };
  const checkValue = out.check_value ?? ('skipped' in previous ? undefined : previous.checkValue);
  return { value: out.value, checkValue, seconds: out.seconds, backend: out.backend, version: out.mpmath };
}

function enclosureWidth(bounds: { lo: string; hi: string }): string {
  return new Decimal(bounds.hi).minus(bounds.lo).toExponential(2);
}

const ms = (seconds: number) => `${(seconds * 1000).toFixed(1).padStart(9)} ms`;

/** Name under which bench/index.ts lists this benchmark. */
export const name = 'precise-kl';

/** Entry point for bench/index.ts: runs the benchmark and prints its table of figures and ratios. */
export async function run(args: string[] = []): Promise<void> {
  const report = await runPreciseKlBench(isSmoke(args) ? { repeats: 1, rounds: 1 } : {});
  process.stdout.write(`${report.lines.join('\n')}\n`);
  const { ours, mpmath, decimalJs } = report.seconds;
  const workload = `KL sum, ${report.terms} terms at ${report.digits} digits (MPFR via gmp-wasm)`;
  if (mpmath !== undefined) {
    const r = ours / mpmath;
    record({
      bench: name,
      workload,
      ours: fmtSeconds(ours),
      reference: `mpmath + gmpy2: ${fmtSeconds(mpmath)}`,
      ratio: r >= 1 ? `${r.toFixed(1)}x slower (goal: within 2x)` : `${(1 / r).toFixed(1)}x faster (goal: within 2x)`,
    });
  }
  record({
    bench: name,
    workload: mpmath !== undefined ? 'same' : workload,
    ours: mpmath !== undefined ? '' : fmtSeconds(ours),
    reference: `decimal.js: ${fmtSeconds(decimalJs)}`,
    ratio: `${(decimalJs / ours).toFixed(0)}x faster`,
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await run();
