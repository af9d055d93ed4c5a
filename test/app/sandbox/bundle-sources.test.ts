// The bundler reads its trusted sources from the configured location: a temp folder laid out like the packaged
// app (built from electron-builder.yml by packaged-layout.ts) bundles and runs, and a broken one fails in one line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BadInputError } from '../../../app/errors';
import {
  bundleProgram,
  bundleSource,
  configureSandboxSources,
  sandboxSources,
  CHECKOUT_SANDBOX_SOURCES,
} from '../../../app/sandbox/bundle';
import { defaultConfinement } from '../../../app/sandbox/confinement';
import { runSandboxed } from '../../../app/sandbox/host';
import { makePackagedLayout, type PackagedLayout } from './packaged-layout';

let tmp: string;
let layout: PackagedLayout;
let modulePath: string;
let smallPath: string;

// A case-like module: the checkers library by both spellings, decimal.js, and a checkers file that exists only
// in the configured copy. The mathjs variant also needs mathjs's dependencies from the unpacked node_modules,
// for the module's own import and for a checkers file that imports mathjs.
const SMALL = `import Decimal from 'decimal.js';
import { exactDecimalOfFloat64 } from '../../../checkers/precise/float64';
import { WHERE } from '@recheck/checkers/layout-marker';
export default () => [new Decimal(exactDecimalOfFloat64(0.5)).toString(), WHERE];
`;
const MODULE = `import Decimal from 'decimal.js';
import { add, fraction, format } from 'mathjs';
import { exactDecimalOfFloat64 } from '../../../checkers/precise/float64';
import { WHERE } from '@recheck/checkers/layout-marker';
import { COUNTED_UNITS } from '@recheck/checkers/audits/units';
const D = Decimal.clone({ precision: 100 });
export default () => ({
  // exact value of the double 0.1 minus 1/10, times 10^55: an integer
  excess: new D(exactDecimalOfFloat64(0.1)).minus('0.1').times(new D(10).pow(55)).toFixed(),
  sum: format(add(fraction(1, 3), fraction(1, 6))),
  where: WHERE,
  units: COUNTED_UNITS.join(' '), // checkers/audits/units.ts imports mathjs itself (a trusted file's package import)
});
`;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'recheck-packaged-'));
  layout = makePackagedLayout(join(tmp, 'app'));
  writeFileSync(join(layout.root, 'checkers', 'layout-marker.ts'), `export const WHERE = 'packaged layout';\n`);
  const sandbox = join(tmp, 'workspace', 'cases', 'demo', 'sandbox');
  mkdirSync(sandbox, { recursive: true });
  modulePath = join(sandbox, 'main.ts');
  writeFileSync(modulePath, MODULE);
  smallPath = join(sandbox, 'small.ts');
  writeFileSync(smallPath, SMALL);
});

afterEach(() => configureSandboxSources(undefined));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('bundler sources relocated to the packaged layout', () => {
  it('bundles checkers, decimal.js and mathjs from resources/ and the result runs in the sandbox', async () => {
    configureSandboxSources({ root: layout.root, nodeModules: [layout.nodeModules] });
    const program = await bundleProgram({ modulePath });
    try {
      const c = await defaultConfinement();
      const r = await runSandboxed({ program, input: null, seed: 1, confinement: c, allowUnconfined: true, limits: { timeoutMs: 30_000 } });
      expect(r.outcome, JSON.stringify(r)).toBe('ok');
      // Oracle: 0.1 is 3602879701896397 / 2^55, so (0.1 - 1/10) * 10^55 = 3602879701896397 * 5^55 - 10^54.
      const excess = (3602879701896397n * 5n ** 55n - 10n ** 54n).toString();
      expect(r.outcome === 'ok' ? r.value : null).toEqual({
        excess,
        sum: '1/2',
        where: 'packaged layout',
        units: 'trajectory batch token sample step',
      });
    } finally {
      await program.cleanup();
    }
  });

  it('the worker bundle reads the same configured sources', async () => {
    configureSandboxSources({ root: layout.root, nodeModules: [layout.nodeModules] });
    const { code } = await bundleSource({ modulePath: smallPath, target: 'worker' });
    expect(code).toContain('WHERE = "packaged layout"');
    // esbuild's path comments are relative to the configured root: decimal.js came from the unpacked folder.
    expect(code).toContain('../app.asar.unpacked/node_modules/decimal.js/');
    expect(code).not.toContain('/work/main/node_modules');
  });

  it('does not fall back to the checkout: a package missing from the configured node_modules fails the bundle', async () => {
    const bare = join(tmp, 'without-packages', 'node_modules');
    mkdirSync(bare, { recursive: true });
    configureSandboxSources({ root: layout.root, nodeModules: [bare] });
    await expect(bundleSource({ modulePath: smallPath })).rejects.toThrow(
      /small\.ts: cannot be bundled for the sandbox: small\.ts:1: Could not resolve "decimal\.js"/,
    );
  });

  it('a configured root without the sources fails with one line naming the missing folder', async () => {
    const empty = join(tmp, 'empty-resources', 'sandbox-sources');
    mkdirSync(empty, { recursive: true });
    configureSandboxSources({ root: empty, nodeModules: [layout.nodeModules] });
    const err = await bundleSource({ modulePath }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BadInputError);
    const message = (err as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    expect(message.startsWith(`${join(empty, 'checkers')}: checkers library folder not found`)).toBe(true);
    expect(message).toContain(`configured root ${empty}`);
  });

  it('a missing node_modules folder is named too', async () => {
    const nowhere = join(tmp, 'no-such-dir', 'node_modules');
    configureSandboxSources({ root: layout.root, nodeModules: [nowhere] });
    await expect(bundleSource({ modulePath })).rejects.toThrow(
      new BadInputError(
        nowhere,
        `node_modules folder of the sandbox packages not found: the sandbox sources are incomplete (configured root ${layout.root}); reinstall, or fix configureSandboxSources`,
      ).message,
    );
  });

  it('configureSandboxSources(undefined) restores the checkout layout', () => {
    configureSandboxSources({ root: layout.root, nodeModules: [layout.nodeModules] });
    expect(sandboxSources().root).toBe(layout.root);
    configureSandboxSources(undefined);
    expect(sandboxSources()).toEqual(CHECKOUT_SANDBOX_SOURCES);
  });
});
