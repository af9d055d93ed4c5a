// The prebuilt CLI (scripts/build-cli.mjs into out/cli, started by bin/recheck.mjs): never stale, the same
// output as the TypeScript through tsx, heavy packages only in the commands that use them, and the sandbox
// (whose children still start from TypeScript through bin/run-ts.mjs) working from the bundle.
import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../../helpers/temp-case';
import { installationCopy, removeCopies, ROOT } from './cli-start-fixture';
import { confinementOrSkip } from '../sandbox/harness';
// @ts-expect-error: plain JavaScript module without type declarations
import { sameSources, sourceSnapshot, readManifest, freshCliEntry } from '../../../scripts/build-cli-manifest.mjs';
// @ts-expect-error: plain JavaScript module without type declarations
import { buildCli } from '../../../scripts/build-cli.mjs';

const confinement = await confinementOrSkip();

/** Packages whose loading costs start-up time: no command may pull them in before its `run` asks. */
const HEAVY = [
  'mathjs',
  'gmp-wasm',
  'ajv',
  'sql.js',
  'hyparquet',
  'hyparquet-compressors',
  'esbuild',
  'ws',
  'papaparse',
  'decimal.js',
  'tsx',
];

function recheck(root: string, args: string[], env: NodeJS.ProcessEnv = {}, cwd = root) {
  const r = spawnSync(process.execPath, [join(root, 'bin', 'recheck.mjs'), ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, RECHECK_DEBUG: '1', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

afterAll(removeCopies);

describe('the CLI build manifest', () => {
  it('notices an edit, a touch, a new file and a deleted file under app/, common/ or checkers/', () => {
    const root = tempDir();
    mkdirSync(join(root, 'app', 'cli'), { recursive: true });
    mkdirSync(join(root, 'checkers', 'exact'), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{"name":"recheck"}');
    writeFileSync(join(root, 'app', 'cli', 'main.ts'), 'export const a = 1;');
    writeFileSync(join(root, 'checkers', 'exact', 'rational.ts'), 'export const b = 2;');
    const recorded = sourceSnapshot(root);
    expect(Object.keys(recorded).sort()).toEqual(['app/cli/main.ts', 'checkers/exact/rational.ts', 'package.json']);
    expect(sameSources(recorded, sourceSnapshot(root))).toBe(true);

    utimesSync(join(root, 'checkers', 'exact', 'rational.ts'), 2_000_000, 2_000_000); // touched, same bytes
    expect(sameSources(recorded, sourceSnapshot(root))).toBe(false);
    const touched = sourceSnapshot(root);
    writeFileSync(join(root, 'app', 'cli', 'main.ts'), 'export const a = 10;'); // a different size
    expect(sameSources(touched, sourceSnapshot(root))).toBe(false);
    const edited = sourceSnapshot(root);
    writeFileSync(join(root, 'app', 'cli', 'new.ts'), '');
    expect(sameSources(edited, sourceSnapshot(root))).toBe(false);
    const added = sourceSnapshot(root);
    rmSync(join(root, 'app', 'cli', 'new.ts'));
    expect(sameSources(added, sourceSnapshot(root))).toBe(false);
    expect(sameSources(edited, sourceSnapshot(root))).toBe(true);
  });
});

describe('bin/recheck.mjs on the prebuilt CLI', () => {
  it('builds on first use, reuses the build, and rebuilds as soon as a source changes', () => {
    const root = installationCopy();
    const first = recheck(root, ['--help']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    const built = readManifest(root);
    expect(built).not.toBeNull();
    expect(freshCliEntry(root)).toBe(join(root, 'out', 'cli', built.entry));

    expect(recheck(root, ['--help']).code).toBe(0);
    expect(readManifest(root).builtAt).toBe(built.builtAt); // nothing changed: no rebuild

    const mainTs = join(root, 'app', 'cli', 'main.ts');
    writeFileSync(mainTs, readFileSync(mainTs, 'utf8').replace("'recheck: re-verify claimed", "'recheck (edited copy): re-verify claimed"));
    expect(freshCliEntry(root)).toBeNull();
    const after = recheck(root, ['--help']);
    expect(after.code).toBe(0);
    expect(after.stdout.split('\n')[0]).toBe('recheck (edited copy): re-verify claimed falsifications of machine-learning papers');
    expect(readManifest(root).entry).not.toBe(built.entry);
    expect(freshCliEntry(root)).not.toBeNull();
  }, 60_000);

  it('prints the same help, command list and usage texts as the TypeScript run through tsx', () => {
    for (const args of [['--help'], ['help', 'verify'], ['audit', 'units', '--help'], ['frobnicate']]) {
      const bundled = recheck(ROOT, args, { RECHECK_DEBUG: '' });
      const tsx = recheck(ROOT, args, { RECHECK_CLI: 'tsx', RECHECK_DEBUG: '' });
      expect(bundled).toEqual(tsx);
    }
  }, 60_000);

  it('runs a real command from the bundle (its heavy modules load on demand)', () => {
    const cert = join(ROOT, 'cases', 'fw-attention-collapse', 'sandbox', 'certificates', 'example-c824.json');
    const r = recheck(ROOT, ['verify', cert, '--json'], { RECHECK_DEBUG: '' });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ holds: true, firstExitStep: 3000 });
  }, 60_000);

  it.skipIf(confinement === null)(
    'runs sandboxed code from the bundle (bundler child and sandbox child start as before)',
    () => {
      const root = tempDir();
      mkdirSync(join(root, 'sandbox'));
      writeFileSync(join(root, 'case.json'), '{}');
      writeFileSync(join(root, 'sandbox', 'double.ts'), 'export default ({ t }: { t: number }) => ({ twice: 2 * t });');
      const r = recheck(ROOT, ['sweep', 'sandbox/double.ts', '--horizon', '3', '--jobs', '1', '--json'], { RECHECK_DEBUG: '' }, root);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ status: 'complete', done: 3, total: 3 });
    },
    60_000,
  );
});

describe('what the CLI loads at start', () => {
  it('the entry and the chunks it imports statically import no heavy package, and read only watched sources', async () => {
    const root = installationCopy();
    const { metafile, entry } = await buildCli(root);
    const outputs = metafile.outputs as Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
    const key = (file: string) => Object.keys(outputs).find((k) => resolve(root, k) === file) as string;
    const seen = new Set<string>();
    const loadedAtStart: string[] = [];
    const visit = (k: string) => {
      if (seen.has(k)) return;
      seen.add(k);
      for (const i of outputs[k]!.imports) {
        if (i.kind !== 'import-statement') continue;
        if (i.external) loadedAtStart.push(i.path);
        else visit(i.path);
      }
    };
    visit(key(entry));
    expect(loadedAtStart.filter((p) => HEAVY.includes(p))).toEqual([]);
    // Every heavy package the CLI uses is still reachable, through a dynamic import.
    const lazily = Object.values(outputs).flatMap((o) => o.imports.filter((i) => i.external).map((i) => i.path));
    for (const p of ['mathjs', 'gmp-wasm', 'ajv', 'ws', 'hyparquet']) expect(lazily).toContain(p);
    for (const input of Object.keys(metafile.inputs)) expect(input).toMatch(/^(app|common|checkers)\//);
  }, 60_000);

  it('audit divergence states the default tolerance the classifier uses (restated there to keep MPFR out of --help)', async () => {
    const { DEFAULT_TOLERANCE } = await import('../../../checkers/divergence/classify');
    const command = await import('../../../app/cli/commands/audit-divergence');
    expect(command.DEFAULT_TOLERANCE).toBe(DEFAULT_TOLERANCE);
    expect(command.auditDivergenceCommand.usage).toContain(`(default ${DEFAULT_TOLERANCE})`);
  });
});
