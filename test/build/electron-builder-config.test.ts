// electron-builder.yml checked offline: against electron-builder's own JSON schema (the one its
// validateConfiguration uses), and against the packaging policy of the project.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';

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

  it('builds AppImage and deb for Linux, dmg for macOS, nsis for Windows', () => {
    expect(targets('linux').sort()).toEqual(['AppImage', 'deb']);
    expect(targets('mac')).toEqual(['dmg']);
    expect(targets('win')).toEqual(['nsis']);
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
    const rendererOnly = ['react', 'react-dom', 'monaco-editor', 'katex', 'markdown-it', 'uplot', '@vitejs/plugin-react', 'vite'];
    for (const name of rendererOnly) expect(pkg.dependencies[name], name).toBeUndefined();
    for (const name of ['electron', 'electron-builder', 'electron-vite']) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.devDependencies[name], name).toBeDefined();
    }
    expect(pkg.main).toBe('out/main/index.js');
  });
});
