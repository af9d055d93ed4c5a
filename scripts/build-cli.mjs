// Builds the `recheck` CLI ahead of time: app/cli/main.ts bundled by esbuild into plain JavaScript under
// out/cli, so a call starts without transpiling TypeScript. `npm ci` runs it (the `prepare` script), and
// bin/recheck.mjs runs it again whenever scripts/build-cli-manifest.mjs finds a source changed.
//
// - ES modules split into chunks: the commands load their heavy parts (mathjs, gmp-wasm, ajv schemas,
//   hyparquet, esbuild, the server) with `await import()` inside `run`, so those chunks, and the packages they
//   import, load only in the commands that use them. Packages stay in node_modules (never bundled).
// - Every output file is named by its content hash and written through a temporary name and a rename; the
//   manifest naming the entry is written last, the same way. A process that started on an older build keeps
//   finding its chunks (old files are removed only after a day), and builds racing each other write
//   identical files, so concurrent calls never see a half-written CLI.
//
// usage: node scripts/build-cli.mjs [--quiet] [--soft]
// --soft (the install step): a failed build prints one line and exits 0; the first `recheck` call then tries
// again, and runs the TypeScript through tsx if it still cannot build.
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { CLI_OUT_DIR, MANIFEST_NAME, MANIFEST_VERSION, SOURCE_DIRS, sourceSnapshot } from './build-cli-manifest.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Old outputs no current manifest names are kept this long for processes still running on them. */
const KEEP_OLD_MS = 24 * 3600 * 1000;

function writeAtomic(file, contents) {
  const tmp = `${file}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`;
  writeFileSync(tmp, contents);
  renameSync(tmp, file);
}

/** Removes outputs of earlier builds (and leftover temporary files) older than KEEP_OLD_MS. */
function removeOldOutputs(outDir, keep, now) {
  for (const name of readdirSync(outDir)) {
    if (keep.has(name) || name === MANIFEST_NAME) continue;
    const file = path.join(outDir, name);
    try {
      if (now - statSync(file).mtimeMs > KEEP_OLD_MS) rmSync(file, { force: true });
    } catch {
      // removed by a concurrent build
    }
  }
}

/**
 * Bundles the CLI of the installation at `root` into root/out/cli and records its sources.
 * Returns { entry, outputs, metafile, ms }: the entry's absolute path, the output files' names, esbuild's
 * metafile (inputs and each chunk's imports), and the build's wall time.
 * Example: `(await buildCli('/work/main')).entry` -> '/work/main/out/cli/main-3FZQ2K4L.js'.
 */
export async function buildCli(root = REPO_ROOT) {
  const started = performance.now();
  // Read the sources' times before bundling: a file edited during the build leaves the manifest stale.
  const sources = sourceSnapshot(root);
  const outDir = path.join(root, CLI_OUT_DIR);
  const esbuild = await import('esbuild');
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: path.join(root, 'app', 'cli', 'main.ts') },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    splitting: true,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    write: false,
    metafile: true,
    legalComments: 'none',
    logLevel: 'silent',
  });
  mkdirSync(outDir, { recursive: true });
  const outputs = new Set();
  let entry = null;
  for (const file of result.outputFiles) {
    const name = path.basename(file.path);
    outputs.add(name);
    if (/^main-[A-Z0-9]+\.js$/.test(name)) entry = name;
    // Content-hashed: an existing file of that name already holds these bytes.
    if (!existsSync(file.path)) writeAtomic(file.path, file.contents);
  }
  if (entry === null) throw new Error('build-cli: esbuild produced no main-<hash>.js entry');
  const outside = Object.keys(result.metafile.inputs).filter((i) => !SOURCE_DIRS.some((d) => i.startsWith(`${d}/`)));
  if (outside.length > 0)
    throw new Error(
      `build-cli: the bundle reads files outside ${SOURCE_DIRS.join(', ')} that the manifest does not watch: ${outside.join(', ')}`,
    );
  writeAtomic(
    path.join(outDir, MANIFEST_NAME),
    `${JSON.stringify({ version: MANIFEST_VERSION, entry, builtAt: new Date().toISOString(), sources })}\n`,
  );
  removeOldOutputs(outDir, outputs, Date.now());
  return { entry: path.join(outDir, entry), outputs: [...outputs], metafile: result.metafile, ms: performance.now() - started };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const built = await buildCli();
    if (!process.argv.includes('--quiet')) {
      process.stdout.write(
        `recheck: built the CLI into ${path.relative(REPO_ROOT, built.entry)} (${built.outputs.length} files, ${Math.round(built.ms)} ms)\n`,
      );
    }
  } catch (err) {
    process.stderr.write(`recheck: building the CLI failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}\n`);
    process.exit(process.argv.includes('--soft') ? 0 : 1);
  }
}
