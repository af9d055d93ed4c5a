/**
 * One rule for tests that need something from the system (a Python module for an oracle, Chromium, bubblewrap,
 * Slurm): on a developer's machine without it, the test skips and says why; under the test command (`npm test`
 * sets RECHECK_REQUIRE_TOOLS=1) and in CI (CI set), a missing tool fails the suite instead, because everything
 * the README promises must run there. scripts/system-deps.mjs installs what these probes look for, and
 * test/scripts/required-tools.test.ts checks that every module and command the tests use is in its list.
 *
 * Example: `const scipy = pythonModules(['scipy.stats', 'numpy']);` then `describe.skipIf(scipy !== '')(...)`;
 * the reason is '' when the modules import.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's interpreter: apt installs the oracles' modules there (not into a pyenv shim on PATH). */
export const PYTHON = '/usr/bin/python3';

/** Whether a missing tool fails the suite rather than skipping its tests. */
export function toolsRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.RECHECK_REQUIRE_TOOLS === '1' || Boolean(env.CI);
}

/**
 * '' when `reason` is null (the tool is there); otherwise the reason to skip, printed once, or a thrown error
 * when tools are required. Example: `required('chromium', existsSync('/usr/bin/chromium') ? null : 'not installed')`.
 */
export function required(what: string, reason: string | null, env: NodeJS.ProcessEnv = process.env): string {
  if (reason === null) return '';
  const message = `${what}: ${reason}`;
  if (toolsRequired(env))
    throw new Error(
      `required for the test command (RECHECK_REQUIRE_TOOLS or CI is set) but missing: ${message}; scripts/system-deps.mjs installs it`,
    );
  console.warn(`SKIPPED (${message})`);
  return message;
}

const probed = new Map<string, string | null>();

/** '' when Debian's Python imports every module; else the skip reason (or a throw when tools are required). */
export function pythonModules(modules: readonly string[]): string {
  const key = modules.join(',');
  if (!probed.has(key)) {
    const r = spawnSync(PYTHON, ['-c', modules.map((m) => `import ${m}`).join('; ')], { encoding: 'utf8' });
    probed.set(
      key,
      r.status === 0 ? null : `${PYTHON} cannot import ${modules.join(', ')} (${(r.stderr || String(r.error)).trim().split('\n').at(-1)})`,
    );
  }
  return required(`Python modules ${modules.join(', ')}`, probed.get(key) ?? null);
}

/** '' when the executable exists; else the skip reason (or a throw when tools are required). */
export function executable(path: string, pkg: string): string {
  return required(`${path} (Debian package ${pkg})`, existsSync(path) ? null : 'not installed');
}
