// Benchmark: how fast the `recheck` command starts and finishes, end to end, as a user runs it (a new Node
// process per call; wall clock and, with GNU time, CPU user+system; median of several runs), as ratios against
// references run in the same process:
//  - `recheck --help` against bare Node (`node -e 0`); goal: within 100 ms of it. The TypeScript-through-tsx
//    start (RECHECK_CLI=tsx, what every call paid before the prebuilt CLI) is shown beside it;
//  - the freshness check bin/recheck.mjs makes on every start (scripts/build-cli-manifest.mjs), in process;
//  - `recheck verify` of the 3000-step fw-attention certificate (its default enclosure stepper) against the
//    CPython shared-denominator reference of the same certificate (bench/reference/fw_attention_exact.py,
//    Python ints, its better reduction period of 16 and 64), both whole processes; goal: at least 40x. Both
//    must find the same exit. The row also states the floor: CPython's time over bare Node's start
//    (`node -e 0`), the largest ratio any Node process could show, however fast its work.
// The CLI is rebuilt first if it is stale, so the rows time the prebuilt CLI. Times depend on the machine's
// load: the ratios are the result, and no time is asserted.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
// @ts-expect-error: plain JavaScript module without type declarations
import { freshCliEntry } from '../scripts/build-cli-manifest.mjs';
// @ts-expect-error: plain JavaScript module without type declarations
import { buildCli } from '../scripts/build-cli.mjs';
import { isSmoke, record } from './report';

export const name = 'cli-start';

const ROOT = resolve(import.meta.dirname, '..');
const RECHECK = join(ROOT, 'bin', 'recheck.mjs');
const CERT = join(ROOT, 'cases/fw-attention-collapse/sandbox/certificates/example-c824.json');
const PY = '/usr/bin/python3';
const REF = join(ROOT, 'bench/reference/fw_attention_exact.py');

/** GNU time, when installed: the CPU time (user + system) of each child, which a loaded machine inflates less than wall time. */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;

interface Timed {
  readonly ms: number;
  /** CPU milliseconds of the process (user + system), or NaN without GNU time. */
  readonly cpuMs: number;
  readonly stdout: string;
}

/** Wall and CPU time of one process, from spawn to exit. Throws when it fails. */
function timeProcess(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Timed {
  const [cmd, argv] = GNU_TIME !== null ? [GNU_TIME, ['-f', 'cpu %U %S', command, ...args]] : [command, args];
  const start = performance.now();
  const r = spawnSync(cmd, argv, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - start;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr}`);
  const cpu = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  return { ms, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : NaN, stdout: r.stdout };
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Median wall and CPU times of `runs` runs, interleaving the variants so that load changes hit them alike. */
function interleaved(runs: number, variants: Record<string, () => Timed>): Record<string, { ms: number; cpuMs: number }> {
  const times: Record<string, Timed[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  for (let i = 0; i < runs; i++) for (const [k, f] of Object.entries(variants)) times[k]!.push(f());
  return Object.fromEntries(
    Object.entries(times).map(([k, t]) => [k, { ms: median(t.map((x) => x.ms)), cpuMs: median(t.map((x) => x.cpuMs)) }]),
  );
}

const fmt = (ms: number) => (ms < 1000 ? `${ms.toFixed(1)} ms` : `${(ms / 1000).toFixed(2)} s`);

export async function run(args: string[] = []): Promise<void> {
  // Smoke: 2 interleaved start-up runs, 1 through tsx, 1 of verify against CPython.
  const smoke = isSmoke(args);
  const runs = (full: number) => (smoke ? (full > 3 ? 2 : 1) : full);
  if (freshCliEntry(ROOT) === null) {
    const built = await buildCli(ROOT);
    process.stdout.write(`(rebuilt the stale CLI first: ${Math.round(built.ms)} ms)\n`);
  }

  // Start-up.
  timeProcess(process.execPath, [RECHECK, '--help']); // warm the file cache
  const start = interleaved(runs(15), {
    node: () => timeProcess(process.execPath, ['-e', '0']),
    help: () => timeProcess(process.execPath, [RECHECK, '--help']),
  });
  const tsx = interleaved(runs(3), { tsx: () => timeProcess(process.execPath, [RECHECK, '--help'], { RECHECK_CLI: 'tsx' }) }).tsx!;
  const checks: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    freshCliEntry(ROOT);
    checks.push(performance.now() - t0);
  }
  const node = start.node!;
  const help = start.help!;
  process.stdout.write(`start-up (median of ${runs(15)} interleaved runs; wall clock, and CPU user+system):\n`);
  process.stdout.write(`  node -e 0                      ${fmt(node.ms)} wall, ${fmt(node.cpuMs)} CPU  (reference)\n`);
  process.stdout.write(
    `  recheck --help (prebuilt)      ${fmt(help.ms)} wall, ${fmt(help.cpuMs)} CPU  = node + ${fmt(help.ms - node.ms)} wall, + ${fmt(help.cpuMs - node.cpuMs)} CPU  (goal: within 100 ms of node)\n`,
  );
  process.stdout.write(
    `  recheck --help through tsx     ${fmt(tsx.ms)} wall, ${fmt(tsx.cpuMs)} CPU  (median of 3; ${(tsx.ms / help.ms).toFixed(1)}x the prebuilt start's wall time)\n`,
  );
  process.stdout.write(`  freshness check, in process    ${fmt(median(checks))}  (median of 50; part of every start)\n`);
  record({
    bench: name,
    workload: `\`recheck --help\` (prebuilt CLI), median of ${runs(15)} interleaved runs`,
    ours: `${fmt(help.ms)} wall, ${fmt(help.cpuMs)} CPU`,
    reference: `\`node -e 0\`: ${fmt(node.ms)} wall, ${fmt(node.cpuMs)} CPU`,
    ratio: `+${fmt(help.ms - node.ms)} wall (goal: within 100 ms); through tsx ${fmt(tsx.ms)}`,
  });

  // verify end to end against the CPython reference.
  if (!existsSync(PY)) {
    process.stdout.write(`verify: ${PY} not found; the CPython reference row is skipped\n`);
    return;
  }
  const verify = () => timeProcess(process.execPath, [RECHECK, 'verify', CERT, '--json']);
  const python = (K: number) => () => timeProcess(PY, [REF, 'int', CERT, '3000', String(K)]);
  const first = verify();
  const doc = JSON.parse(first.stdout) as { holds: boolean; firstExitStep: number | null };
  const pyOut = JSON.parse(python(16)().stdout) as { firstExitStep: number | null; cpuSeconds: number };
  if (doc.firstExitStep !== pyOut.firstExitStep)
    throw new Error(`results differ: recheck verify exit ${doc.firstExitStep}, CPython ${pyOut.firstExitStep}`);
  const v = interleaved(runs(3), { verify, py16: python(16), py64: python(64) });
  const py = v.py16!.ms <= v.py64!.ms ? { K: 16, ...v.py16! } : { K: 64, ...v.py64! };
  const mine = v.verify!;
  process.stdout.write(
    `verify of ${CERT.slice(ROOT.length + 1)} (3000 steps; first exit ${doc.firstExitStep}, holds ${doc.holds}), whole processes, median of 3:\n`,
  );
  process.stdout.write(
    `  CPython ints, shared denominator  ${fmt(py.ms)} wall, ${fmt(py.cpuMs)} CPU  (reference, K = ${py.K}; its stepping loop alone: ${pyOut.cpuSeconds.toFixed(2)} s CPU at K = 16)\n`,
  );
  process.stdout.write(
    `  recheck verify (prebuilt CLI)     ${fmt(mine.ms)} wall, ${fmt(mine.cpuMs)} CPU  = ${(py.ms / mine.ms).toFixed(1)}x faster by wall, ${(py.cpuMs / mine.cpuMs).toFixed(1)}x by CPU  (goal: at least 40x)\n`,
  );
  const enc = (doc as { enclosure?: { exactSteps: number; states: number } | null }).enclosure;
  if (enc) process.stdout.write(`    its decisions: float64 enclosure, ${enc.exactSteps} of ${enc.states} steps on the exact path\n`);
  record({
    bench: name,
    workload: `\`recheck verify\`, 3000-step certificate, end to end (whole processes, median of ${runs(3)})`,
    ours: `${fmt(mine.ms)} wall, ${fmt(mine.cpuMs)} CPU (enclosure stepper)`,
    reference: `CPython shared-denominator reference: ${fmt(py.ms)}, ${fmt(py.cpuMs)} CPU`,
    ratio: `${(py.ms / mine.ms).toFixed(1)}x faster by wall, ${(py.cpuMs / mine.cpuMs).toFixed(1)}x by CPU (goal 40x; the floor, CPython over \`node -e 0\`, is ${(py.ms / node.ms).toFixed(1)}x by wall: verify spends ${fmt(mine.ms - node.ms)} beyond bare Node)`,
  });
  process.stdout.write(
    `  floor: CPython / node -e 0 = ${(py.ms / node.ms).toFixed(1)}x by wall, ${(py.cpuMs / node.cpuMs).toFixed(1)}x by CPU: no Node process can beat its own start, so the goal is ${py.ms / node.ms >= 40 ? 'within' : 'beyond'} reach of any Node CLI; verify spends ${fmt(mine.ms - node.ms)} wall beyond bare Node\n`,
  );
}
