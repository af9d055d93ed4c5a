// Benchmark: `recheck fit` on large tables (issue 9: 10,000 rows took 18 s, 1,000,000 never finished, because
// the horizon analysis refitted the log law from scratch on every prefix). Reported as ratios, in one process:
//  - the horizon analysis at 10,000 rows, ours (one QR factorisation updated by Givens rotations, O(n)) against
//    the previous algorithm (fitLog on every prefix, O(n^2)), which must give the same prefix fits;
//  - the whole command in process (read, parse, fit, horizon, JSON out) at 100,000 and 1,000,000 rows against
//    a floor computed on the same file: read it and Number() every cell, nothing else. The ratio to the floor
//    should stay flat as n grows tenfold (linear), and the 1,000,000-row time is printed for the record;
//  - the peak memory of the command as a whole process (issue 25: 1.4 GB on a million rows, goal about 200 bytes a
//    row): `recheck fit --json` on the largest table in a child process (the prebuilt CLI), its ru_maxrss
//    (VmHWM, read on exit by bench/stats/max-rss.cjs), less that of `recheck --help`, per row.
// Times are CPU seconds (process.cpuUsage) of this process; the best of a few runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { main } from '../../app/cli/main';
import { horizonAnalysis } from '../../checkers/stats/horizon';
import { fitLog, type DataPoint } from '../../checkers/stats/growth-models';
import { Xoshiro128 } from '../../checkers/random/xoshiro128';
import { isSmoke, record } from '../report';

export const name = 'fit';

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

function best<T>(runs: number, f: () => T): { seconds: number; value: T } {
  let seconds = Infinity;
  let value = f();
  for (let i = 0; i < runs; i++) {
    const start = cpuSeconds();
    value = f();
    seconds = Math.min(seconds, cpuSeconds() - start);
  }
  return { seconds, value };
}

async function bestAsync(runs: number, f: () => Promise<void>): Promise<number> {
  let seconds = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = cpuSeconds();
    await f();
    seconds = Math.min(seconds, cpuSeconds() - start);
  }
  return seconds;
}

/** A sweep table: y = 0.5 + 0.25 ln k plus seeded noise, se 0.01, k = 2 .. n + 1. */
function points(n: number, seed = 20261130): DataPoint[] {
  const rng = new Xoshiro128(seed);
  return Array.from({ length: n }, (_, i) => ({ x: i + 2, y: 0.5 + 0.25 * Math.log(i + 2) + 0.01 * rng.nextNormal(), se: 0.01 }));
}

/** The previous horizon analysis: every prefix refitted from scratch (the reference, O(n^2)). */
function prefixRefit(pts: readonly DataPoint[]): Map<number, { b: number; sigma: number }> {
  const sorted = [...pts].sort((p, q) => p.x - q.x);
  const out = new Map<number, { b: number; sigma: number }>();
  for (let n = 3; n <= sorted.length; n++) {
    const fit = fitLog(sorted.slice(0, n));
    out.set((sorted[n - 1] as DataPoint).x, { b: fit.params.b as number, sigma: (fit.params.b as number) / (fit.se.b as number) });
  }
  return out;
}

async function fitInProcess(dir: string, file: string): Promise<void> {
  let out = '';
  const code = await main(['fit', file, '--x', 'k', '--y', 'additive', '--se', 'se', '--json'], {
    stdout: (t) => void (out += t),
    stderr: (t) => void process.stderr.write(t),
    isTTY: false,
    cwd: dir,
    signal: new AbortController().signal,
  });
  if (code !== 0) throw new Error(`recheck fit exited ${code}`);
  if (out.length === 0) throw new Error('recheck fit printed nothing');
}

const ROOT = resolve(import.meta.dirname, '../..');

/**
 * Peak resident set size (bytes) of `recheck <args>` run as its own process from the prebuilt CLI, output
 * discarded. The CLI is built first (scripts/build-cli.mjs) and its entry run directly: bin/recheck.mjs would
 * rebuild a stale CLI in the measured process (esbuild, 20 MB more) or, when the build fails, run the TypeScript
 * through tsx (200 MB more); neither is the command's memory.
 */
async function peakRss(args: string[], cwd: string): Promise<number> {
  // @ts-expect-error: plain JavaScript module without type declarations
  const { buildCli } = (await import('../../scripts/build-cli.mjs')) as { buildCli(root: string): Promise<{ entry: string }> };
  const { entry } = await buildCli(ROOT);
  const code = `import { main } from ${JSON.stringify(pathToFileURL(entry).href)}; process.exitCode = await main(process.argv.slice(1));`;
  const r = spawnSync(process.execPath, ['-r', join(ROOT, 'bench/stats/max-rss.cjs'), '--input-type=module', '-e', code, ...args], {
    cwd,
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  const m = /max-rss-kib (\d+)/.exec(r.stderr);
  if (r.status !== 0 || m === null) throw new Error(`recheck ${args[0]} exited ${r.status}: ${r.stderr.slice(0, 300)}`);
  return Number(m[1]) * 1024;
}

/** The floor: read the file and turn every cell into a number. */
function readAndNumber(path: string): number {
  const text = readFileSync(path, 'utf8');
  let sum = 0;
  for (const line of text.split('\n').slice(1)) for (const cell of line.split(',')) if (cell !== '') sum += Number(cell);
  return sum;
}

export async function run(args: string[] = []): Promise<void> {
  // Smoke: 2,000 rows for the horizon analysis, the command at 5,000 and 10,000 rows, one run each.
  const smoke = isSmoke(args);
  const runs = (full: number) => (smoke ? 1 : full);
  // 1. The horizon analysis against the previous algorithm, same process, same points.
  const small = points(smoke ? 2_000 : 10_000);
  horizonAnalysis(small); // warm-up (JIT)
  const ours = best(runs(3), () => horizonAnalysis(small));
  const reference = best(1, () => prefixRefit(small));
  // Matched by the prefix's largest x (the analysis starts once its minimums are met; x values are distinct here).
  let worst = 0;
  let missing = 0;
  for (const p of ours.value.prefix) {
    const r = reference.value.get(p.maxX);
    if (r === undefined) missing++;
    else worst = Math.max(worst, Math.abs(p.b - r.b) / Math.abs(r.b), Math.abs(p.sigma - r.sigma) / Math.abs(r.sigma));
  }
  if (missing > 0 || ours.value.prefix.length < small.length / 2 || !(worst < 1e-9))
    throw new Error(`prefix fits disagree (worst relative difference ${worst}, ${missing} prefixes without a reference)`);
  process.stdout.write('| workload | ours | reference | ratio |\n| --- | --- | --- | --- |\n');
  process.stdout.write(
    `| horizon analysis, ${small.length.toLocaleString('en-US')} rows | ${ms(ours.seconds)} (QR updated by Givens rotations) | prefix refit (previous): ${ms(reference.seconds)} | ${(reference.seconds / ours.seconds).toFixed(0)}x faster (prefix fits agree to ${worst.toExponential(1)}) |\n`,
  );
  record({
    bench: name,
    workload: `\`recheck fit\` horizon analysis, ${small.length.toLocaleString('en-US')} rows`,
    ours: `${ms(ours.seconds)} (one QR factorisation updated a row at a time)`,
    reference: `refitting every prefix: ${ms(reference.seconds)}`,
    ratio: `${Math.round(reference.seconds / ours.seconds).toLocaleString('en-US')}x faster`,
  });

  // 2. The whole command, in process, against the read-and-Number floor, at two sizes.
  const dir = mkdtempSync(join(tmpdir(), 'recheck-bench-fit-'));
  try {
    const ratios: number[] = [];
    let lastFit = 0;
    let lastFloor = 0;
    const sizes = smoke ? [5_000, 10_000] : [100_000, 1_000_000];
    for (const n of sizes) {
      const rows = points(n).map((p) => `${p.x},${p.y.toFixed(6)},${p.se}`);
      const file = `sweep-${n}.csv`;
      writeFileSync(join(dir, file), `k,additive,se\n${rows.join('\n')}\n`);
      await fitInProcess(dir, file); // warm-up
      const fit = await bestAsync(runs(2), () => fitInProcess(dir, file));
      const floor = best(runs(3), () => readAndNumber(join(dir, file))).seconds;
      ratios.push(fit / floor);
      lastFit = fit;
      lastFloor = floor;
      process.stdout.write(
        `| recheck fit --json, ${n.toLocaleString('en-US')} rows | ${ms(fit)} | read + Number() every cell: ${ms(floor)} | ${(fit / floor).toFixed(1)}x the floor |\n`,
      );
    }
    const growth = (ratios[1] as number) / (ratios[0] as number);
    process.stdout.write(
      `ratio to the floor from ${sizes[0]!.toLocaleString('en-US')} to ${sizes[1]!.toLocaleString('en-US')} rows: x${growth.toFixed(2)} (1.0 = exactly linear)\n`,
    );
    record({
      bench: name,
      workload: `\`recheck fit --json\`, ${sizes[1]!.toLocaleString('en-US')} rows`,
      ours: ms(lastFit),
      reference: `reading the file and \`Number()\` of every cell: ${ms(lastFloor)}`,
      ratio: `${(ratios[1] as number).toFixed(1)}x the floor (${sizes[0]!.toLocaleString('en-US')} rows: ${(ratios[0] as number).toFixed(1)}x)`,
    });

    // 3. Peak memory of the whole command on the largest table, over that of `recheck --help`, per row.
    const n = sizes[1] as number;
    const help = await peakRss(['--help'], dir);
    const fit = await peakRss(['fit', `sweep-${n}.csv`, '--x', 'k', '--y', 'additive', '--se', 'se', '--json'], dir);
    const perRow = (fit - help) / n;
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;
    process.stdout.write(
      `| recheck fit --json, ${n.toLocaleString('en-US')} rows, peak RSS (own process) | ${mb(fit)} | recheck --help: ${mb(help)} | ${perRow.toFixed(0)} bytes a row |\n`,
    );
    record({
      bench: name,
      workload: `\`recheck fit --json\`, ${n.toLocaleString('en-US')} rows: peak memory (resident set of its own process, VmHWM)`,
      ours: mb(fit),
      reference: `\`recheck --help\`: ${mb(help)}`,
      ratio: `${perRow.toFixed(0)} bytes a row above it (goal: about 200)`,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function ms(seconds: number): string {
  return seconds >= 1 ? `${seconds.toFixed(2)} s` : `${(seconds * 1000).toFixed(0)} ms`;
}
