// The manifest the build writes lists exactly the files electron-builder ships as sandbox sources (and esbuild's
// binary), with their hashes, and the checkout itself passes the start-up check laid out as a package would be.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resourceManifest } from '../../scripts/resource-manifest.mjs';
import { REPO, shippedSandboxSources } from '../../scripts/packaged-layout.mjs';

describe('resourceManifest', () => {
  const manifest = resourceManifest(REPO);

  it('lists every shipped sandbox source with its sha256, and the sandbox folder as closed', () => {
    const shipped = shippedSandboxSources();
    expect(shipped.length).toBeGreaterThan(50);
    for (const [from, to] of shipped) {
      expect(manifest.files[to], to).toBe(
        createHash('sha256')
          .update(readFileSync(path.join(REPO, from)))
          .digest('hex'),
      );
    }
    const sandboxEntries = Object.keys(manifest.files).filter((k) => k.startsWith('sandbox-sources/'));
    expect(sandboxEntries.sort()).toEqual(shipped.map(([, to]) => to).sort());
    expect(manifest.closedFolders).toEqual(['sandbox-sources']);
  });

  it("includes this platform's esbuild binary, unpacked", () => {
    const key = Object.keys(manifest.files).find((k) => k.startsWith('app.asar.unpacked/node_modules/@esbuild/'));
    expect(key).toBeDefined();
  });
});
