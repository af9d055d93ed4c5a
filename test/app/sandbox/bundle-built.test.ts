// The bundler as the packaged main process runs it: compiled into one file outside the checkout (so its own
// location says nothing about the sources), configured once at start-up with the packaged layout, and with
// esbuild's binary named by configureSandboxSources (Electron cannot spawn a path inside app.asar).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundleInProcess, configureSandboxSources, sandboxSources } from '../../../app/sandbox/bundle';
import { esbuildBinaryIn } from '../../../main/paths';
import { makePackagedLayout, REPO, type PackagedLayout } from './packaged-layout';

let tmp: string;
let layout: PackagedLayout;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'recheck-built-'));
  layout = makePackagedLayout(join(tmp, 'app'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.skipIf(process.platform === 'win32')('bundler compiled into a main bundle, packaged layout', () => {
  it('bundles from the configured sources and spawns the configured esbuild binary', async () => {
    // out/main/index.mjs of a pretend app; 'esbuild' stays external, as electron-vite leaves it.
    const main = join(tmp, 'app', 'out', 'main', 'index.mjs');
    const entry = join(tmp, 'entry.ts');
    writeFileSync(
      entry,
      `import { bundleSource, configureSandboxSources } from ${JSON.stringify(join(REPO, 'app/sandbox/bundle.ts'))};
configureSandboxSources(JSON.parse(process.argv[2]));
const { code } = await bundleSource({ modulePath: process.argv[3], target: 'worker' });
process.stdout.write(JSON.stringify({ bytes: code.length, float64: code.includes('function exactDecimalOfFloat64') }));
`,
    );
    await build({
      entryPoints: [entry],
      outfile: main,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: ['esbuild'],
      logLevel: 'silent',
    });
    mkdirSync(join(tmp, 'app', 'node_modules'), { recursive: true });
    symlinkSync(join(REPO, 'node_modules', 'esbuild'), join(tmp, 'app', 'node_modules', 'esbuild'));
    // Stand-in for the unpacked binary: records each start, then runs the real one.
    const calls = join(tmp, 'esbuild-calls.txt');
    const wrapper = join(tmp, 'esbuild-wrapper.sh');
    const real = esbuildBinaryIn(join(REPO, 'node_modules'), process.platform, process.arch);
    writeFileSync(wrapper, `#!/bin/sh\necho started >> '${calls}'\nexec '${real}' "$@"\n`);
    chmodSync(wrapper, 0o755);

    const userModule = join(tmp, 'case', 'sandbox', 'm.ts');
    mkdirSync(join(userModule, '..'), { recursive: true });
    writeFileSync(
      userModule,
      `import Decimal from 'decimal.js';\nimport { exactDecimalOfFloat64 } from '../../checkers/precise/float64';\nexport default () => new Decimal(exactDecimalOfFloat64(0.25)).toString();\n`,
    );

    const config = { root: layout.root, nodeModules: [layout.nodeModules], esbuildBinary: wrapper };
    const env = { ...process.env };
    delete env.ESBUILD_BINARY_PATH;
    const r = spawnSync(process.execPath, [main, JSON.stringify(config), userModule], { encoding: 'utf8', env, timeout: 30_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ bytes: expect.any(Number), float64: true });
    expect(existsSync(calls)).toBe(true);
    expect(readFileSync(calls, 'utf8')).toContain('started');
  });

  it('refuses an esbuild binary configured after esbuild has loaded (it would be ignored silently)', async () => {
    // In process, as the desktop app bundles (a Node host's bundler child reads the variable when it starts).
    const { code } = await bundleInProcess({
      modulePath: join(REPO, 'app/sandbox/inside/call-default.ts'),
      target: 'worker',
      requiredExports: [],
    });
    expect(code.length).toBeGreaterThan(0);
    const before = sandboxSources();
    expect(() => configureSandboxSources({ ...before, esbuildBinary: join(tmp, 'late-esbuild') })).toThrow(
      /esbuildBinary must be set before the first bundle/,
    );
    expect(sandboxSources()).toBe(before);
    expect(process.env.ESBUILD_BINARY_PATH).not.toBe(join(tmp, 'late-esbuild'));
  });
});
