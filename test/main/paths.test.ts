// Where the shell finds its parts, from a checkout and from a package; the sandbox sources must be where
// electron-builder.yml ships them and where the bundler's checkout default looks.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_SANDBOX_SOURCES } from '../../app/sandbox/bundle';
import { esbuildBinaryIn, resolveShellPaths, type PathInputs } from '../../main/paths';
import { builderConfig, REPO, shippedAs, unpackedPackages } from '../app/sandbox/packaged-layout';

const resources = path.join('/opt', 'Recheck', 'resources');
const packaged: PathInputs = {
  mainDir: path.join(resources, 'app.asar', 'out', 'main'),
  isPackaged: true,
  appPath: path.join(resources, 'app.asar'),
  resourcesPath: resources,
  userData: '/home/u/.config/Recheck',
  platform: 'linux',
  arch: 'x64',
};
const checkout: PathInputs = {
  mainDir: path.join(REPO, 'out', 'main'),
  isPackaged: false,
  appPath: REPO,
  resourcesPath: '/usr/lib/electron/resources',
  userData: '/home/u/.config/Recheck',
};

describe('resolveShellPaths', () => {
  it('from a checkout: built files under out/, cases and sandbox sources in the repository', () => {
    const p = resolveShellPaths(checkout);
    expect(p.rendererDir).toBe(path.join(REPO, 'out', 'renderer'));
    expect(p.preload).toBe(path.join(REPO, 'out', 'preload', 'index.cjs'));
    expect(p.bundledCasesDir).toBe(path.join(REPO, 'cases'));
    expect(p.sandboxSources).toEqual({ root: REPO, nodeModules: [path.join(REPO, 'node_modules')] });
    // The same place the bundler uses when nobody configures it (CLI, browser mode, tests).
    expect(p.sandboxSources).toEqual(CHECKOUT_SANDBOX_SOURCES);
    for (const rel of ['checkers', 'app/sandbox/inside/node/runner.ts', 'node_modules/decimal.js/package.json'])
      expect(existsSync(path.join(REPO, rel)), rel).toBe(true);
  });

  it('from a package: cases and sandbox sources beside app.asar, packages and esbuild unpacked', () => {
    const p = resolveShellPaths(packaged);
    expect(p.rendererDir).toBe(path.join(resources, 'app.asar', 'out', 'renderer'));
    expect(p.bundledCasesDir).toBe(path.join(resources, 'cases'));
    const unpacked = path.join(resources, 'app.asar.unpacked', 'node_modules');
    expect(p.sandboxSources).toEqual({
      root: path.join(resources, 'sandbox-sources'),
      nodeModules: [unpacked],
      esbuildBinary: path.join(unpacked, '@esbuild', 'linux-x64', 'bin', 'esbuild'),
    });
    expect(resolveShellPaths({ ...packaged, platform: 'win32', arch: 'arm64' }).sandboxSources.esbuildBinary).toBe(
      path.join(unpacked, '@esbuild', 'win32-arm64', 'esbuild.exe'),
    );
  });

  it('the packaged sandbox root is where electron-builder.yml puts the sources, and esbuild is unpacked', () => {
    const cfg = builderConfig();
    const { root } = resolveShellPaths(packaged).sandboxSources;
    for (const rel of ['app/sandbox/inside/node/runner.ts', 'common/sandbox/protocol.ts', 'checkers/errors.ts']) {
      const shipped = shippedAs(cfg, rel);
      expect(shipped, rel).not.toBeNull();
      expect(path.join(resources, shipped as string)).toBe(path.join(root, rel));
    }
    expect(unpackedPackages(cfg)).toEqual(expect.arrayContaining(['esbuild', '@esbuild', 'decimal.js']));
  });
});

describe('esbuildBinaryIn', () => {
  it("names the binary esbuild installed for this machine in the checkout's node_modules", () => {
    expect(existsSync(esbuildBinaryIn(path.join(REPO, 'node_modules'), process.platform, process.arch))).toBe(true);
  });

  it("follows esbuild's own table of binary packages for the platforms we package", () => {
    const main = readFileSync(path.join(REPO, 'node_modules/esbuild/lib/main.js'), 'utf8');
    for (const [platform, arch] of [
      ['linux', 'x64'],
      ['linux', 'arm64'],
      ['darwin', 'x64'],
      ['darwin', 'arm64'],
      ['win32', 'x64'],
      ['win32', 'arm64'],
    ] as const) {
      expect(main).toContain(`"${platform} ${arch} LE": "@esbuild/${platform}-${arch}"`);
    }
    expect(main).toMatch(/subpath = "esbuild\.exe"/);
    expect(main).toMatch(/subpath = "bin\/esbuild"/);
    expect(esbuildBinaryIn('/n', 'darwin', 'arm64')).toBe(path.join('/n', '@esbuild', 'darwin-arm64', 'bin', 'esbuild'));
  });
});
