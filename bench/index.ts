// `npm run bench`: runs each benchmark module in turn, to the end even when one fails (then exit 1 with the list).
// A module exports `name` and `run(args): Promise<void>`; it prints its own lines and `record`s its rows for the
// README (bench/report.ts). A full run (no module named, no --smoke) writes bench/results/speed.json with the
// date and load average and regenerates the README's speed table (scripts/speed-table.mjs).
// `npm run bench -- --smoke`: a few iterations each, no timing assertions, no table (the test command's stage).
// `npm run bench fit ui`: only those modules. To add a benchmark, append one line to the list below.
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { isSmoke, recorded } from './report';

interface BenchModule {
  name: string;
  run(args: string[]): Promise<void>;
}

const modules: (() => Promise<BenchModule>)[] = [
  () => import('./exact/fw-attention.bench'),
  () => import('./exact/verify-growth.bench'),
  () => import('./precise/kl.bench'),
  () => import('./sandbox/sandbox-speed.bench'),
  () => import('./stats/fit.bench'),
  () => import('./ui'),
  () => import('./series-update'),
  () => import('./cli-start'),
  () => import('./slurm-sweep.bench'),
  () => import('./screen.bench'),
];

const ROOT = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const smoke = isSmoke(args);
const only = args.filter((a) => !a.startsWith('--'));
const started = new Date();
const loadStart = loadavg();
const failures: { name: string; error: string }[] = [];
const ran: { name: string; seconds: number }[] = [];
for (const load of modules) {
  const mod = await load();
  if (only.length > 0 && !only.includes(mod.name)) continue;
  process.stdout.write(`\n== ${mod.name}${smoke ? ' (smoke)' : ''} ==\n`);
  const t0 = performance.now();
  try {
    await mod.run(args);
  } catch (err) {
    const error = err instanceof Error ? (err.stack ?? err.message) : String(err);
    failures.push({ name: mod.name, error: error.split('\n')[0]! });
    process.stdout.write(`FAILED: ${error}\n`);
  }
  ran.push({ name: mod.name, seconds: (performance.now() - t0) / 1000 });
}

const loadEnd = loadavg();
process.stdout.write(
  `\n== summary ==\n${ran.map((r) => `  ${r.name.padEnd(16)} ${r.seconds.toFixed(1)} s${failures.some((f) => f.name === r.name) ? '  FAILED' : ''}`).join('\n')}\n`,
);
process.stdout.write(
  `load average (1, 5, 15 min): ${loadStart.map((x) => x.toFixed(2)).join(', ')} at the start, ${loadEnd.map((x) => x.toFixed(2)).join(', ')} at the end; ${availableParallelism()} cores\n`,
);

const doc = {
  date: started.toISOString(),
  smoke,
  loadStart,
  loadEnd,
  cores: availableParallelism(),
  node: process.version,
  modules: ran,
  failures,
  ...recorded(),
};
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
if (smoke || only.length > 0) {
  writeFileSync(join(ROOT, 'bench/results/speed-partial.json'), `${JSON.stringify(doc, null, 2)}\n`);
} else {
  // Written even when a module failed (scripts/speed-table.mjs --partial can then render it, naming what failed);
  // the README is regenerated here only from a run in which every benchmark ran to the end.
  writeFileSync(join(ROOT, 'bench/results/speed.json'), `${JSON.stringify(doc, null, 2)}\n`);
  if (failures.length === 0) {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/speed-table.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) failures.push({ name: 'speed-table', error: `scripts/speed-table.mjs exited ${r.status}` });
  }
}
if (failures.length > 0) {
  process.stdout.write(`\n${failures.length} benchmark(s) failed: ${failures.map((f) => `${f.name} (${f.error})`).join('; ')}\n`);
  process.exit(1);
}
