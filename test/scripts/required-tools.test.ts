/**
 * Everything the tests take from the system is installed by the test command: this test reads the tests
 * themselves (every .ts under test/, and every Python script they name), finds the Python modules they import
 * and the programs they run, and fails when scripts/system-deps.mjs provides no Debian package for one. A fresh
 * machine once failed two tests because scipy was on the developers' machines by hand and nowhere in that list.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error a plain ES module script without types
import { NEEDS } from '../../scripts/system-deps.mjs';

const repo = join(import.meta.dirname, '..', '..');
const testDir = join(repo, 'test');
type Need = { pkg: string; probe: { command?: string; python?: string } };
const needs = NEEDS as Need[];

/** Debian packages of the third-party Python modules a test may import. */
const PYTHON_PACKAGES: Record<string, string> = {
  scipy: 'python3-scipy',
  numpy: 'python3-numpy',
  mpmath: 'python3-mpmath',
  gmpy2: 'python3-gmpy2',
  skimage: 'python3-skimage',
  PIL: 'python3-pil',
};

/** Programs every Debian system has (coreutils, util-linux's essentials, the shell) and Node itself. */
const BASE_COMMANDS = new Set(['sh', 'bash', 'ls', 'rm', 'mkfifo', 'id', 'which', 'kill', 'node', 'git', 'env', 'true', 'cat']);

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(ext) && !f.includes('node_modules'))
    .map((f) => join(dir, f));
}

const tsFiles = files(testDir, '.ts');

/** Python scripts the tests run: every .py file whose name a test file mentions. */
function pythonScriptsRun(): string[] {
  const mentioned = new Set<string>();
  for (const f of tsFiles) for (const m of readFileSync(f, 'utf8').matchAll(/['"`/]([\w-]+\.py)['"`]/g)) mentioned.add(m[1] as string);
  return files(testDir, '.py').filter((p) => mentioned.has(basename(p)));
}

/** Top-level module names imported by Python source (an `import a, b as c` or `from a.b import c` line). */
export function pythonImports(source: string): string[] {
  const out = new Set<string>();
  for (const line of source.split('\n')) {
    const from = /^\s*from\s+([A-Za-z_][\w.]*)\s+import\b/.exec(line);
    if (from) out.add((from[1] as string).split('.')[0] as string);
    const imp = /^\s*import\s+([A-Za-z_][\w.]*(?:\s+as\s+\w+)?(?:\s*,\s*[A-Za-z_][\w.]*(?:\s+as\s+\w+)?)*)\s*;?\s*$/.exec(line);
    if (imp) for (const part of (imp[1] as string).split(',')) out.add(part.trim().split(/\s|\./)[0] as string);
  }
  return [...out];
}

/** Python modules named in the tests' TypeScript: inline `-c` scripts and `pythonModules([...])` probes. */
function inlinePythonImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of tsFiles) {
    const text = readFileSync(f, 'utf8');
    if (!/PYTHON|python3/.test(text)) continue;
    // Python lines inside template literals and strings: TypeScript's own imports always carry a quoted path.
    for (const raw of text.split('\n')) {
      if (/['"]/.test(raw) && !/['"]import [\w., ]+['"]/.test(raw)) continue;
      for (const m of pythonImports(raw.replace(/^.*['"](import [\w., ]+)['"].*$/, '$1'))) found.set(m, f);
    }
    for (const m of text.matchAll(/pythonModules\(\[([^\]]*)\]\)/g)) {
      for (const name of (m[1] as string).matchAll(/'([\w.]+)'/g)) found.set((name[1] as string).split('.')[0] as string, f);
    }
  }
  return found;
}

function stdlibModules(): Set<string> {
  const r = spawnSync('/usr/bin/python3', ['-c', 'import sys; print("\\n".join(sorted(sys.stdlib_module_names)))'], { encoding: 'utf8' });
  if (r.status !== 0)
    throw new Error(
      `/usr/bin/python3 cannot list its standard library (${r.stderr || String(r.error)}); it comes with the python3-* packages of scripts/system-deps.mjs`,
    );
  return new Set(r.stdout.split('\n').filter(Boolean));
}

/** Programs the tests run by name or by absolute path. */
function commandsRun(): Map<string, string> {
  const found = new Map<string, string>();
  for (const f of tsFiles) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/\b(?:spawnSync|spawn|execFileSync|execFile|execSync)\(\s*['"]([^'"\s]+)/g))
      found.set(basename(m[1] as string), f);
    for (const m of text.matchAll(/['"]\/usr\/s?bin\/([\w.+-]+)['"]/g)) found.set(m[1] as string, f);
    for (const m of text.matchAll(/executable\(\s*['"][^'"]*\/([\w.+-]+)['"]/g)) found.set(m[1] as string, f);
  }
  return found;
}

describe('the test command installs what the tests use (scripts/system-deps.mjs)', () => {
  it('reads Python imports as Python does', () => {
    expect(pythonImports('import json, sys\nfrom scipy.stats import t\nimport numpy as np\nimport mpmath, gmpy2')).toEqual([
      'json',
      'sys',
      'scipy',
      'numpy',
      'mpmath',
      'gmpy2',
    ]);
    expect(pythonImports("import { x } from 'y';")).toEqual([]);
  });

  it('every third-party Python module a test imports has its Debian package in the list', () => {
    const stdlib = stdlibModules();
    const used = inlinePythonImports();
    for (const script of pythonScriptsRun()) for (const m of pythonImports(readFileSync(script, 'utf8'))) used.set(m, script);
    expect(used.has('scipy'), 'the scan finds the scipy oracle').toBe(true);
    const probed = new Set(needs.map((n) => n.probe.python?.split('.')[0]).filter(Boolean));
    for (const [module, where] of used) {
      if (stdlib.has(module)) continue;
      const pkg = PYTHON_PACKAGES[module];
      expect(
        pkg,
        `${where} imports the Python module ${module}: add its Debian package to PYTHON_PACKAGES here and to NEEDS in scripts/system-deps.mjs`,
      ).toBeDefined();
      expect(
        probed.has(module),
        `${where} imports ${module}: scripts/system-deps.mjs must install ${pkg} (probe { python: '${module}' })`,
      ).toBe(true);
    }
  });

  it('every program a test runs is part of the base system or installed by the list', () => {
    const provided = new Set(needs.flatMap((n) => (n.probe.command ? [basename(n.probe.command)] : [])));
    const fromPackages = new Map<string, string>([
      ['python3', 'python3-*'],
      ['pdffonts', 'poppler-utils'],
      ['pdfimages', 'poppler-utils'],
      ['pdftotext', 'poppler-utils'],
      ['pdfinfo', 'poppler-utils'],
      ['sinfo', 'slurm-client'],
      ['squeue', 'slurm-client'],
      ['scancel', 'slurm-client'],
      ['scontrol', 'slurm-client'],
      ['setpriv', 'util-linux'],
    ]);
    const packages = new Set(needs.map((n) => n.pkg));
    const used = commandsRun();
    expect(used.has('chromium'), 'the scan finds Chromium').toBe(true);
    for (const [command, where] of used) {
      if (BASE_COMMANDS.has(command) || provided.has(command)) continue;
      const pkg = fromPackages.get(command);
      const ok = pkg !== undefined && (pkg === 'python3-*' ? needs.some((n) => n.pkg.startsWith('python3-')) : packages.has(pkg));
      expect(ok, `${where} runs ${command}: add the Debian package that provides it to NEEDS in scripts/system-deps.mjs`).toBe(true);
    }
  });

  it('names only scripts that exist', () => {
    for (const p of pythonScriptsRun()) expect(existsSync(p)).toBe(true);
  });
});
