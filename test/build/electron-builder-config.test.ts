// electron-builder.yml checked offline: against electron-builder's own JSON schema (the one its
// validateConfiguration uses), and against the packaging policy of the project.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { PURE_PACKAGES } from '../../app/sandbox/bundle';
import {
  builderConfig,
  importGraph,
  runtimeClosure,
  sandboxEntries,
  shippedAs,
  shippedSandboxSources,
  unpackedPackages,
} from '../app/sandbox/packaged-layout';

const repo = path.resolve(import.meta.dirname, '../..');
const schema = JSON.parse(readFileSync(path.join(repo, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as object;
const config = load(readFileSync(path.join(repo, 'electron-builder.yml'), 'utf8')) as Record<string, unknown>;
const pkg = JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

const ajv = new Ajv({ allErrors: true, strict: false });
const validate = ajv.compile(schema);

function targets(platform: string): string[] {
  const t = (config[platform] as { target: unknown }).target;
  const list = Array.isArray(t) ? t : [t];
  return list.map((x) => (typeof x === 'string' ? x : (x as { target: string }).target));
}

describe('electron-builder.yml', () => {
  it("validates against electron-builder's schema", () => {
    const ok = validate(config);
    expect(ajv.errorsText(validate.errors)).toBe('No errors');
    expect(ok).toBe(true);
  });

  it('the schema check rejects a broken configuration (so the test above can fail)', () => {
    expect(validate({ ...config, linux: { target: 42 } })).toBe(false);
    expect(validate({ ...config, notAnOption: true })).toBe(false);
    expect(validate({ ...config, asar: 'yes' })).toBe(false);
  });

  it('builds the .deb first and an AppImage for Linux, dmg for macOS, nsis for Windows', () => {
    expect(targets('linux')).toEqual(['deb', 'AppImage']);
    expect(targets('mac')).toEqual(['dmg']);
    expect(targets('win')).toEqual(['nsis']);
  });

  it('the .deb installs our AppArmor profile: user namespaces for the installed binary only, never --no-sandbox', () => {
    const deb = config.deb as { appArmorProfile?: string };
    expect(deb.appArmorProfile).toBe('build-resources/linux/apparmor-profile.tpl');
    const profile = readFileSync(path.join(repo, deb.appArmorProfile!), 'utf8');
    expect(profile).toMatch(/^abi <abi\/4\.0>,$/m);
    // The rule names electron-builder's install path of the binary (/opt/<product>/<executable>): ${...} are its template fields.
    expect(profile).toMatch(/^profile "\$\{executable\}" "\/opt\/\$\{sanitizedProductName\}\/\$\{executable\}" flags=\(unconfined\) \{$/m);
    const rules = profile
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#') && !/^(abi|include|profile|\}|include if exists)/.test(l));
    expect(rules).toEqual(['userns,']);
    const readme = readFileSync(path.join(repo, 'README.md'), 'utf8');
    expect(readme).toMatch(/AppArmor/);
    expect(readme).not.toMatch(/run (it )?with --no-sandbox|use --no-sandbox|pass --no-sandbox/i);
  });

  it('packs only the built out/ folder (no sources) and ships the bundled cases as a resource', () => {
    const files = config.files as string[];
    const includes = files.filter((f) => !f.startsWith('!'));
    expect(includes.sort()).toEqual(['out/**/*', 'package.json']);
    expect(config.asar).toBe(true);
    const extra = config.extraResources as { from: string; to: string; filter: string[] }[];
    expect(extra).toContainEqual(expect.objectContaining({ from: 'cases', to: 'cases' }));
    expect(extra[0]!.filter).toContain('!*/audit.jsonl');
  });

  it('flips the fuses that would turn the packaged app into a general Node runtime', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('keeps renderer libraries and build tools out of the production dependencies', () => {
    // katex and markdown-it are not in this list: the core renders letters (PDF) and reports (static HTML) with them.
    const rendererOnly = ['react', 'react-dom', 'monaco-editor', 'uplot', '@vitejs/plugin-react', 'vite'];
    for (const name of ['katex', 'markdown-it']) expect(pkg.dependencies[name], name).toBeDefined();
    for (const name of rendererOnly) expect(pkg.dependencies[name], name).toBeUndefined();
    for (const name of ['electron', 'electron-builder', 'electron-vite']) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.devDependencies[name], name).toBeDefined();
    }
    expect(pkg.main).toBe('out/main/index.js');
  });

  it('ships every file the sandbox bundle can reach (runner, drivers, checkers: the real import graph) as a real file', () => {
    const cfg = builderConfig();
    const graph = importGraph(sandboxEntries());
    expect(graph.files).toContain('common/sandbox/protocol.ts'); // the envelope the runner writes
    expect(graph.files).toContain('common/json/bounded.ts'); // imported by the protocol
    const missing = [...graph.files].filter((f) => shippedAs(cfg, f) !== `sandbox-sources/${f}`);
    expect(missing).toEqual([]);
  });

  it('the import-graph check fails when an imported file is left out of the filter', () => {
    const cfg = builderConfig();
    const narrowed = {
      ...cfg,
      extraResources: cfg.extraResources.map((r) =>
        r.from === 'common' ? { ...r, filter: (r.filter ?? []).filter((f) => f !== 'sandbox/protocol.ts') } : r,
      ),
    };
    expect(shippedAs(narrowed, 'common/sandbox/protocol.ts')).toBeNull();
    expect(shippedAs(narrowed, 'app/sandbox/inside/node/runner.ts')).toBe('sandbox-sources/app/sandbox/inside/node/runner.ts');
  });

  it('the sandbox sources are TypeScript sources only: no tests, no maps, nothing outside the graph roots', () => {
    const shipped = shippedSandboxSources();
    expect(shipped.length).toBeGreaterThan(10);
    for (const [from, to] of shipped) {
      expect(from, from).toMatch(
        /^(checkers|app\/sandbox\/(inside|audit))\/.+\.ts$|^common\/sandbox\/protocol\.ts$|^common\/json\/bounded\.ts$/,
      );
      expect(from, from).not.toMatch(/\.test\.ts$/);
      expect(to).toBe(`sandbox-sources/${from}`);
    }
  });

  it('unpacks the pure packages and their runtime dependencies, all of them production dependencies', () => {
    const graph = importGraph(sandboxEntries());
    for (const p of graph.packages) expect(PURE_PACKAGES.has(p), `checkers/runner import "${p}"`).toBe(true);
    const needed = runtimeClosure([...PURE_PACKAGES, ...graph.packages]);
    expect(needed).toContain('complex.js'); // mathjs's dependencies are followed
    const unpacked = new Set(unpackedPackages());
    expect([...needed].filter((p) => !unpacked.has(p))).toEqual([]);
    // electron-builder copies only the production tree into app.asar: each one must be in it.
    const production = runtimeClosure(Object.keys(pkg.dependencies));
    expect([...needed].filter((p) => !production.has(p))).toEqual([]);
    // Nothing unpacked without a reason: esbuild (native binary) or a package the sandbox needs.
    expect([...unpacked].filter((p) => !needed.has(p) && p !== 'esbuild' && p !== '@esbuild')).toEqual([]);
  });
});
