#!/usr/bin/env node
// The system packages the tests need, installed when missing: the first stage of `npm test`, so that the
// README's one test line (`npm ci && npm test`) works on a fresh Debian or Ubuntu machine. Checks what is
// there (commands on PATH, Python modules), installs only what is missing through apt (with sudo when not
// root), saying what it installs; without apt, one line names the packages. RECHECK_SKIP_SYSTEM_DEPS=1 skips.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** What the tests need: a probe and the Debian package that provides it. */
export const NEEDS = [
  { pkg: 'chromium', why: 'the end-to-end tests (browser mode in Chromium)', probe: { command: 'chromium' } },
  { pkg: 'poppler-utils', why: "inspecting the letters' PDFs (pdffonts, pdfimages, pdftoppm)", probe: { command: 'pdftoppm' } },
  { pkg: 'bubblewrap', why: 'the headless sandbox', probe: { command: 'bwrap' } },
  {
    pkg: 'util-linux',
    why: "the sandbox's resource limits (prlimit) and, as root, dropping to nobody for replays (setpriv)",
    probe: { command: 'prlimit' },
  },
  { pkg: 'python3-gmpy2', why: 'reference values of the exact-arithmetic tests', probe: { python: 'gmpy2' } },
  { pkg: 'python3-mpmath', why: 'reference values of the precision tests', probe: { python: 'mpmath' } },
  { pkg: 'python3-numpy', why: 'reference values of the statistics tests (with scipy)', probe: { python: 'numpy' } },
  { pkg: 'python3-scipy', why: 'reference values of the statistics tests', probe: { python: 'scipy.stats' } },
  { pkg: 'python3-pil', why: "replaying the quantization case's run cell (reads its images)", probe: { python: 'PIL' } },
  { pkg: 'python3-skimage', why: "replaying the quantization case's run cell (its PSNR)", probe: { python: 'skimage.metrics' } },
  // A single-node Slurm for the Slurm sweep tests (scripts/slurm/cluster.mjs starts it; /usr/sbin may be off PATH).
  { pkg: 'slurmctld', why: 'the Slurm sweep tests (controller)', probe: { command: '/usr/sbin/slurmctld' } },
  { pkg: 'slurmd', why: 'the Slurm sweep tests (node daemon)', probe: { command: '/usr/sbin/slurmd' } },
  { pkg: 'slurm-client', why: 'the Slurm sweep tests (sbatch, squeue, scancel)', probe: { command: 'sbatch' } },
  { pkg: 'munge', why: "the Slurm sweep tests (Slurm's authentication)", probe: { command: '/usr/sbin/munged' } },
];

function defaultProbe(p) {
  if (p.command !== undefined) return spawnSync('sh', ['-c', `command -v ${p.command}`], { stdio: 'ignore' }).status === 0;
  // Debian's interpreter, the one apt installs the modules into and the tests run (not a pyenv shim on PATH).
  return (
    spawnSync(existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3', ['-c', `import ${p.python}`], { stdio: 'ignore' }).status ===
    0
  );
}

/** The packages whose probe fails. Example: `missingPackages(() => true)` is `[]`. */
export function missingPackages(probe = defaultProbe) {
  const missing = NEEDS.filter((n) => !probe(n.probe)).map((n) => n.pkg);
  // python3 itself is needed by the Python modules' packages; apt pulls it in with them.
  return missing;
}

/** How to install: the command line (as words) or null when this system has no apt. */
export function installCommand(pkgs, { isRoot, hasApt, hasSudo }) {
  if (!hasApt) return null;
  const apt = ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...pkgs];
  return isRoot ? apt : hasSudo ? ['sudo', ...apt] : null;
}

function has(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

function main() {
  if (process.env.RECHECK_SKIP_SYSTEM_DEPS === '1') return 0;
  const missing = missingPackages();
  if (missing.length === 0) return 0;
  const why = NEEDS.filter((n) => missing.includes(n.pkg))
    .map((n) => `${n.pkg} (${n.why})`)
    .join(', ');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const cmd = installCommand(missing, { isRoot, hasApt: has('apt-get'), hasSudo: has('sudo') });
  if (cmd === null) {
    process.stderr.write(
      `recheck: the tests need these packages (Debian names): ${why}; install them with your system's package manager, or set RECHECK_SKIP_SYSTEM_DEPS=1 to run without them\n`,
    );
    return 1;
  }
  process.stdout.write(`Installing what the tests need, with apt${cmd[0] === 'sudo' ? ' (sudo)' : ''}: ${why}\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const sudo = cmd[0] === 'sudo' ? ['sudo', '--preserve-env=DEBIAN_FRONTEND'] : [];
  const update = spawnSync(sudo[0] ?? 'apt-get', [...sudo.slice(1), ...(sudo.length > 0 ? ['apt-get'] : []), 'update', '-qq'], {
    stdio: 'inherit',
    env,
  });
  if (update.status !== 0) {
    process.stderr.write(`recheck: apt-get update failed (exit ${update.status}); install by hand: ${missing.join(' ')}\n`);
    return 1;
  }
  const install = spawnSync(cmd[0], cmd[0] === 'sudo' ? ['--preserve-env=DEBIAN_FRONTEND', ...cmd.slice(1)] : cmd.slice(1), {
    stdio: 'inherit',
    env,
  });
  if (install.status !== 0) {
    process.stderr.write(`recheck: apt-get install failed (exit ${install.status}); install by hand: ${missing.join(' ')}\n`);
    return 1;
  }
  const still = missingPackages();
  if (still.length > 0) {
    process.stderr.write(`recheck: still missing after installing: ${still.join(' ')}\n`);
    return 1;
  }
  return 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exit(main());
