#!/usr/bin/env node
// `npm test`: every test stage in order, then one plain summary line `N passed, N failed`.
// Stages: setup (installs missing system packages: scripts/system-deps.mjs), lint (the layering rule and the formatter's check included), typecheck (both TS projects), unit + integration (vitest),
// the desktop build and pack (vitest with RECHECK_PACK=1), the desktop launch smoke test (RECHECK_DESKTOP=1), renderer build, e2e in browser mode (Playwright driving Debian's Chromium), a smoke run of every benchmark. Lint, typecheck and build count
// as one test each; vitest and Playwright counts come from their JSON reports. Exit 1 when anything failed.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, mkdirSync, existsSync } from 'node:fs';

const only = process.argv.slice(2);
const results = [];
mkdirSync('test-results', { recursive: true });

function run(name, cmd, args, env = {}) {
  if (only.length > 0 && !only.includes(name)) return null;
  process.stdout.write(`\n=== ${name}: ${cmd} ${args.join(' ')}\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status === 0;
}

function single(name, ok) {
  if (ok === null) return;
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

// First what the tests need from the system (Chromium, bubblewrap, prlimit, gmpy2, mpmath): installed when
// missing, so that `npm ci && npm test` is the whole set-up. A failure here is reported as one failed stage.
if (only.length === 0 || only.includes('setup')) {
  const setupOk = run('setup', process.execPath, ['scripts/system-deps.mjs']);
  if (setupOk === false) {
    results.push({ name: 'setup', passed: 0, failed: 1 });
    process.stdout.write('\nsetup: the system packages the tests need are missing (see above)\n0 passed, 1 failed\n');
    process.exit(1);
  }
}

single('lint', run('lint', 'npm', ['run', '--silent', 'lint']));
single('typecheck', run('typecheck', 'npm', ['run', '-s', 'typecheck']));

// A real single-node Slurm for the Slurm sweep tests (scripts/slurm/cluster.mjs): started before the unit tests
// and kept through the e2e stage (whose server reaches it through SLURM_CONF: sweeps on Slurm from the UI), which
// then fail rather than skip without it (RECHECK_REQUIRE_SLURM=1); stopped by its PIDs after the e2e stage, also
// when tests fail or this script is interrupted. Starting needs root: elsewhere those tests skip.
const slurmEnv = {};
let slurmUp = false;
const stopSlurm = () => {
  if (!slurmUp) return;
  slurmUp = false;
  spawnSync(process.execPath, ['scripts/slurm/cluster.mjs', 'stop'], { stdio: 'inherit' });
};
process.once('exit', stopSlurm);
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
if (only.length === 0 || only.includes('unit') || only.includes('e2e')) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  process.stdout.write('\n=== slurm: node scripts/slurm/cluster.mjs start\n');
  const s = isRoot ? spawnSync(process.execPath, ['scripts/slurm/cluster.mjs', 'start'], { encoding: 'utf8' }) : null;
  if (s) process.stdout.write(`${s.stdout ?? ''}${s.stderr ?? ''}`);
  const conf = /^SLURM_CONF=(.+)$/m.exec(s?.stdout ?? '')?.[1];
  if (s?.status === 0 && conf) {
    Object.assign(slurmEnv, { SLURM_CONF: conf, RECHECK_REQUIRE_SLURM: '1' });
    slurmUp = !/already running/.test(s.stdout); // a cluster someone else started is left running
  } else if (isRoot) {
    results.push({ name: 'slurm', passed: 0, failed: 1 });
  } else {
    process.stdout.write('not root: Slurm is not started and the Slurm sweep tests skip\n');
  }
}

rmSync('test-results/vitest.json', { force: true });
// Under the test command a test that needs a system tool (an oracle's Python module, Chromium, bubblewrap) fails
// when the tool is missing instead of skipping (test/helpers/required.ts): setup installed them all.
const requireTools = { RECHECK_REQUIRE_TOOLS: '1' };
const unitOk = run('unit', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/vitest.json'], {
  ...slurmEnv,
  ...requireTools,
});
if (unitOk !== null) {
  const v = readJson('test-results/vitest.json');
  if (v) {
    // A file that fails to load counts as a failure even when it declares no test.
    const brokenFiles = (v.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0).length;
    results.push({
      name: 'unit',
      passed: v.numPassedTests,
      failed: v.numFailedTests + brokenFiles + (unitOk || v.numFailedTests + brokenFiles > 0 ? 0 : 1),
      skipped: (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0),
    });
  } else {
    results.push({ name: 'unit', passed: 0, failed: 1 });
  }
}

// The desktop release build and pack (test/build/pack.test.ts: electron-vite build into out/, electron-builder --dir
// against a stand-in Electron, then checks on the package). Alone, after the unit tests: it rewrites out/.
rmSync('test-results/pack.json', { force: true });
const packOk = run('pack', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/pack.json'], {
  RECHECK_PACK: '1',
  ...requireTools,
});
if (packOk !== null) {
  const v = readJson('test-results/pack.json');
  results.push(
    v
      ? { name: 'pack', passed: v.numPassedTests, failed: v.numFailedTests + (packOk || v.numFailedTests > 0 ? 0 : 1) }
      : { name: 'pack', passed: 0, failed: 1 },
  );
}

// The launch smoke test (test/desktop/launch-smoke.test.ts): the real desktop app started from the out/ the pack stage
// built, where Electron's binary is installed. Where it is not (it cannot be downloaded here) the test is skipped
// with its reason printed, and counted below as skipped: the binary is not a tool this command can install.
rmSync('test-results/desktop.json', { force: true });
const desktopOk = run(
  'desktop',
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile=test-results/desktop.json'],
  {
    RECHECK_DESKTOP: '1',
  },
);
if (desktopOk !== null) {
  const v = readJson('test-results/desktop.json');
  results.push(
    v
      ? {
          name: 'desktop',
          passed: v.numPassedTests,
          failed: v.numFailedTests + (desktopOk || v.numFailedTests > 0 ? 0 : 1),
          skipped: (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0),
        }
      : { name: 'desktop', passed: 0, failed: 1 },
  );
}

const built = run('build', 'npm', ['run', '-s', 'build:renderer']);
single('build', built);

if (only.length === 0 || only.includes('e2e')) {
  if (built === false) {
    results.push({ name: 'e2e', passed: 0, failed: 1 });
  } else if (!existsSync('test/e2e/playwright.config.ts')) {
    process.stdout.write('\n=== e2e: no Playwright config yet\n');
  } else {
    rmSync('test-results/e2e.json', { force: true });
    const ok = run('e2e', 'npx', ['playwright', 'test', '-c', 'test/e2e/playwright.config.ts'], { ...slurmEnv, ...requireTools });
    const e = readJson('test-results/e2e.json');
    if (e?.stats) {
      const failed = e.stats.unexpected + (ok || e.stats.unexpected > 0 ? 0 : 1);
      results.push({ name: 'e2e', passed: e.stats.expected + e.stats.flaky, failed, skipped: e.stats.skipped ?? 0 });
    } else {
      results.push({ name: 'e2e', passed: 0, failed: 1 });
    }
  }
}

single('bench', run('bench', 'npm', ['run', '-s', 'bench', '--', '--smoke'], slurmEnv)); // every benchmark to the end, a few iterations, no timings
stopSlurm();

process.stdout.write('\n');
// Skipped tests are counted and shown (', N skipped'); a skip for a missing required tool cannot happen here,
// since such a test fails under RECHECK_REQUIRE_TOOLS=1.
const line = (p, f, s) => `${p} passed, ${f} failed${s > 0 ? `, ${s} skipped` : ''}`;
for (const r of results) process.stdout.write(`${r.name.padEnd(10)} ${line(r.passed, r.failed, r.skipped ?? 0)}\n`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const skipped = results.reduce((n, r) => n + (r.skipped ?? 0), 0);
process.stdout.write(`${line(passed, failed, skipped)}\n`);
process.exit(failed > 0 || results.length === 0 ? 1 : 0);
