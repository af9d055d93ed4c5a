// The packaged app refuses to start when a trusted file outside app.asar differs from the manifest built into it:
// changed, missing, added to a closed folder, or replaced by a link or a folder.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { readResourceManifest, RESOURCE_MANIFEST_FORMAT, resourceProblems, type ResourceManifest } from '../../main/resource-check';
import { RESOURCE_MANIFEST_FORMAT as SCRIPT_FORMAT } from '../../scripts/resource-manifest.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const hash = (s: string) => createHash('sha256').update(s).digest('hex');

function installation(): { dir: string; manifest: ResourceManifest } {
  const dir = mkdtempSync(path.join(tmpdir(), 'recheck-resources-'));
  dirs.push(dir);
  const files: Record<string, string> = {
    'sandbox-sources/checkers/errors.ts': 'export class CheckerError extends Error {}\n',
    'sandbox-sources/app/sandbox/inside/run-core.ts': 'export const run = 1;\n',
    'app.asar.unpacked/node_modules/@esbuild/linux-x64/bin/esbuild': '\x7fELF esbuild',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
  const manifest = {
    format: RESOURCE_MANIFEST_FORMAT,
    closedFolders: ['sandbox-sources'],
    files: Object.fromEntries(Object.entries(files).map(([k, v]) => [k, hash(v)])),
  };
  return { dir, manifest };
}

describe('resourceProblems', () => {
  it('finds nothing in an intact installation', () => {
    const { dir, manifest } = installation();
    expect(resourceProblems(dir, manifest)).toEqual([]);
  });

  it('names a changed, a missing and an added file, and a file replaced by a link', () => {
    const { dir, manifest } = installation();
    writeFileSync(path.join(dir, 'sandbox-sources/checkers/errors.ts'), 'export class CheckerError extends Error {} // x\n');
    rmSync(path.join(dir, 'app.asar.unpacked/node_modules/@esbuild/linux-x64/bin/esbuild'));
    writeFileSync(path.join(dir, 'sandbox-sources/checkers/trusted-now.ts'), 'import "node:child_process";\n');
    rmSync(path.join(dir, 'sandbox-sources/app/sandbox/inside/run-core.ts'));
    symlinkSync('/etc/hostname', path.join(dir, 'sandbox-sources/app/sandbox/inside/run-core.ts'));
    expect(resourceProblems(dir, manifest)).toEqual([
      'app.asar.unpacked/node_modules/@esbuild/linux-x64/bin/esbuild: missing',
      'sandbox-sources/app/sandbox/inside/run-core.ts: not a regular file',
      'sandbox-sources/checkers/errors.ts: changed',
      'sandbox-sources/checkers/trusted-now.ts: not part of the installation',
    ]);
  });

  it('reads only a well-formed manifest, naming the file otherwise', () => {
    const { dir, manifest } = installation();
    const file = path.join(dir, 'resource-manifest.json');
    writeFileSync(file, JSON.stringify(manifest));
    expect(readResourceManifest(file)).toEqual(manifest);
    writeFileSync(file, JSON.stringify({ ...manifest, files: { 'sandbox-sources/x.ts': 'not a hash' } }));
    expect(() => readResourceManifest(file)).toThrow(`${file}: not a recheck.resources/1 resource manifest`);
    writeFileSync(file, '{');
    expect(() => readResourceManifest(file)).toThrow(/the resource manifest cannot be read/);
  });

  it('speaks the format the build script writes', () => {
    expect(SCRIPT_FORMAT).toBe(RESOURCE_MANIFEST_FORMAT);
  });
});
