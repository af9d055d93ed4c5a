/**
 * Type declarations of the checkers library for the sandbox editor (Monaco), generated at build time and never
 * written to the repository: `checkersDeclarations()` runs the TypeScript compiler over checkers/ with
 * declaration-only emit into memory, and the Vite plugin `checkersTypes()` serves the result as the virtual module
 * `virtual:recheck-checkers-dts` (`export default { 'checkers/exact/rational.d.ts': '...', ... }`), which the
 * editor loads with itself (renderer/editor/checkers-lib.ts). The dev server watches checkers/ and regenerates.
 * The declarations keep the doc comments, so the editor's hover shows them. The types of decimal.js (which the
 * checkers' declarations import) come along as `node_modules/decimal.js/index.d.ts`.
 *
 * The compiler takes seconds (it checks what it declares); the result is cached under node_modules/.cache keyed
 * by the sha256 of every input (the checkers' sources, the compiler's version, package-lock.json), so it is
 * recomputed exactly when one of them changes and is never stale.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Plugin } from 'vite';

export const CHECKERS_DTS_MODULE = 'virtual:recheck-checkers-dts';
const RESOLVED = `\0${CHECKERS_DTS_MODULE}`;

/**
 * The repository's root: the nearest folder at or above `from` holding Recheck's package.json and checkers/.
 * Found by walking up rather than taken as `..` of this module, because electron-vite compiles its config (and
 * this module with it) into a temporary file at the repository's root, where `..` is the repository's parent.
 * Example: `findRepository('/src/recheck/scripts')` is `/src/recheck`.
 */
export function findRepository(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const pkg = path.join(dir, 'package.json');
    if (existsSync(path.join(dir, 'checkers')) && existsSync(pkg) && isRecheckPackage(pkg)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`cannot find the Recheck repository at or above ${from}`);
  }
}

function isRecheckPackage(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown }).name === 'recheck';
  } catch {
    return false;
  }
}

const repo = findRepository(import.meta.dirname);

/** The checkers' source files (tests live in test/, so every .ts under checkers/ is library code). */
export function checkersSources(root = repo): string[] {
  const dir = path.join(root, 'checkers');
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f))
    .sort();
}

/**
 * Declarations of every checkers file, keyed by repository-relative path with forward slashes
 * (`checkers/exact/rational.d.ts`). Throws with the compiler's first message when a file has an error that
 * stops declaration emit.
 */
export function checkersDeclarations(root = repo): Record<string, string> {
  const files = checkersSources(root);
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    declaration: true,
    emitDeclarationOnly: true,
    removeComments: false,
    skipLibCheck: true,
    types: [],
    lib: ['lib.es2022.d.ts'],
    rootDir: root,
    outDir: path.join(root, '.checkers-dts'), // never written: emit goes to the callback below
  };
  const program = ts.createProgram(files, options);
  const out: Record<string, string> = {};
  const emitted = program.emit(
    undefined,
    (fileName, text) => {
      const rel = path.relative(options.outDir!, fileName).split(path.sep).join('/');
      out[rel] = text;
    },
    undefined,
    true,
  );
  const blocking = emitted.diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
  if (blocking.length > 0) throw new Error(`checkers declarations: ${ts.flattenDiagnosticMessageText(blocking[0]!.messageText, '\n')}`);
  return out;
}

/** The decimal.js package's own declarations, placed where the editor's module resolution finds them. */
function packageDeclarations(root: string): Record<string, string> {
  const file = path.join(root, 'node_modules', 'decimal.js', 'decimal.d.ts');
  return existsSync(file) ? { 'node_modules/decimal.js/index.d.ts': readFileSync(file, 'utf8') } : {};
}

/** checkersDeclarations plus the packages' declarations, from the cache when every input is unchanged. */
export function editorDeclarations(root = repo): Record<string, string> {
  const hash = createHash('sha256').update(ts.version);
  for (const f of [...checkersSources(root), path.join(root, 'package-lock.json')]) {
    hash.update(path.relative(root, f)).update('\0');
    if (existsSync(f)) hash.update(readFileSync(f));
    hash.update('\0');
  }
  const dir = path.join(root, 'node_modules', '.cache', 'recheck-checkers-dts');
  const cached = path.join(dir, `${hash.digest('hex')}.json`);
  if (existsSync(cached)) return JSON.parse(readFileSync(cached, 'utf8')) as Record<string, string>;
  const all = { ...checkersDeclarations(root), ...packageDeclarations(root) };
  mkdirSync(dir, { recursive: true });
  const tmp = `${cached}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(all));
  renameSync(tmp, cached);
  return all;
}

/** The Vite plugin serving the declarations as `virtual:recheck-checkers-dts`. */
export function checkersTypes(root = repo): Plugin {
  return {
    name: 'recheck-checkers-types',
    resolveId(id) {
      return id === CHECKERS_DTS_MODULE ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      for (const f of checkersSources(root)) this.addWatchFile(f);
      return `export default ${JSON.stringify(editorDeclarations(root))};\n`;
    },
  };
}
